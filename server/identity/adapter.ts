import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/types';
import { outsideAuditContext } from '../db/audit-context';
import { findBadText, isBadText } from '../http/input';

/**
 * oidc-provider storage in the stack's database, so sessions and refresh tokens survive restarts.
 * The audit trail does not record it (sessions, codes and tokens are secrets): its writes run
 * outside the request's audit context, so they cost no context statement.
 */
export function createAdapterFactory(auditedDb: Db) {
  const db: Pick<Db, 'query'> = {
    query: (sql, params) => outsideAuditContext(() => auditedDb.query(sql, params)),
  };
  return (model: string): Adapter => {
    const find = async (where: string, value: string) => {
      // The stack's input rule (server/http/input.ts) for what the provider parses itself
      // (token requests, form posts): no stored id holds a NUL, so it is not found (invalid_grant).
      if (isBadText(value)) return undefined;
      const [row] = await db.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `select payload, consumed_at from oidc_payloads
          where model = $1 and ${where} = $2 and (expires_at is null or expires_at > now())`,
        [model, value],
      );
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        if (findBadText(payload) !== null)
          throw new errors.InvalidRequest('a parameter is not valid text (NUL or broken Unicode)');
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        await db.query(
          `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
             user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
          [
            model,
            id,
            JSON.stringify(payload),
            payload.grantId ?? null,
            payload.userCode ?? null,
            payload.uid ?? null,
            expiresAt,
          ],
        );
      },
      find: (id) => find('id', id),
      findByUserCode: (userCode) => find('user_code', userCode),
      findByUid: (uid) => find('uid', uid),
      // One winner (issue 19, docs/deployment.md): requests presenting the same refresh token or
      // code at the same instant, on one process or several, all find it unconsumed; only the
      // first update consumes it. The others are reuse, exactly as if they had come a moment
      // later: the grant is revoked (what oidc-provider does for a consumed token, helpers/
      // revoke.js) and the answer is invalid_grant, never a second set of live tokens.
      async consume(id) {
        const won = await db.query<{ id: string }>(
          `update oidc_payloads set consumed_at = now()
            where model = $1 and id = $2 and consumed_at is null returning id`,
          [model, id],
        );
        if (won.length) return;
        const [row] = await db.query<{ grant_id: string | null }>(
          'select grant_id from oidc_payloads where model = $1 and id = $2',
          [model, id],
        );
        if (row?.grant_id) {
          await db.query(
            `delete from oidc_payloads
              where (grant_id = $1 and model in ('AccessToken', 'RefreshToken', 'AuthorizationCode'))
                 or (model = 'Grant' and id = $1)`,
            [row.grant_id],
          );
        }
        throw new errors.InvalidGrant(`${model} already used`);
      },
      async destroy(id) {
        await db.query('delete from oidc_payloads where model = $1 and id = $2', [model, id]);
      },
      // This model's entries only: an interaction in progress carries the grant it would extend,
      // and revoking the grant's tokens (a sign-out on the way to another account's sign-in) must
      // not take the interaction with it.
      async revokeByGrantId(grantId) {
        await db.query('delete from oidc_payloads where model = $1 and grant_id = $2', [
          model,
          grantId,
        ]);
      },
    };
  };
}
