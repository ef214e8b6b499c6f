import type { FastifyInstance } from 'fastify';
import { MAX_EMAIL_LENGTH } from '@/contract/common';
import {
  actorName,
  recordEvent,
  withAuditActor,
  withAuditContext,
  type AuditActor,
} from '../db/audit-context';
import type { Db } from '../db/types';
import { requestAuditContext } from '../http/audit-request';

/**
 * The identity service's part of the audit trail (docs/audit.md). Its pages and the provider's
 * own routes are registered outside registerRoutes: installAuditContext gives their handlers
 * the request's context, so the rows they write (an account made, an invitation accepted) are
 * recorded by the trigger like any other write. The actor starts as 'anonymous' (who posts a
 * sign-in form is not known yet); where an account acts, the code that learns which says so
 * (withAuditActor). Identity events belong to no organisation (chain 0), except an invitation
 * accepted, whose rows are the inviting organisation's.
 */
export function installAuditContext(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function auditedHandler(req, reply) {
      return withAuditContext(requestAuditContext(req), () => handler.call(this, req, reply));
    };
  });
}

/** An account as it acts in the trail. */
export interface AuditedAccount {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

export const accountActor = (account: AuditedAccount): AuditActor => ({
  actorId: account.id,
  actorName: actorName({
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
  }),
});

/** Runs fn as the account: its writes and events are the account's. */
export const asAccount = <T>(account: AuditedAccount, fn: () => T): T =>
  withAuditActor(accountActor(account), fn);

/** The account signed in (it is the actor). */
export const recordSignIn = (db: Db, account: AuditedAccount) =>
  asAccount(account, () =>
    recordEvent(db, {
      orgId: null,
      action: 'sign in',
      recordType: 'user',
      recordId: account.id,
      recordName: account.email,
    }),
  );

/** The account signed out (it is the actor). */
export const recordSignOut = (db: Db, account: AuditedAccount) =>
  asAccount(account, () =>
    recordEvent(db, {
      orgId: null,
      action: 'sign out',
      recordType: 'user',
      recordId: account.id,
      recordName: account.email,
    }),
  );

/**
 * A sign-in refused for a wrong address or password: by 'anonymous' (whoever typed it), the
 * address tried as the record's name (the account's id when it has one), never the password.
 * The address is whatever was posted: the trail keeps an address's length at most.
 */
export const recordFailedSignIn = (db: Db, email: string, accountId: number | null) =>
  recordEvent(db, {
    orgId: null,
    action: 'sign-in failed',
    recordType: 'user',
    recordId: accountId,
    recordName: email.length > MAX_EMAIL_LENGTH ? `${email.slice(0, MAX_EMAIL_LENGTH)}…` : email,
  });
