import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@/contract/envelope';
import type { ListColumns } from '@/contract/lists';
import type { Db } from '../db/types';
import { withAuditContext } from '../db/audit-context';
import type { ServerConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import type { ApiScope, TokenVerifier, AccessTokenClaims } from '../auth/tokens';
import type { PermissionAction } from '@/contract/permissions';
import {
  can,
  loadCaller,
  type CallerUser,
  type OrgAccess,
  type SiteAccess,
  type SysadminAction,
} from '../auth/access';
import { HttpError, JsonText, forbidden, notFound } from './envelope';
import { requestAuditContext } from './audit-request';

/**
 * Who may call a route. The flags are never written here: a guarded route names an action of
 * the permission table (src/contract/permissions.ts, SPEC §6), the one the portals check too.
 * - anonymous: no token (the route itself checks its code or link id).
 * - user: any signed-in user (token with the scope).
 * - sysadmin: role claim sysadmin; the action's row is isSysadmin only (checked by the types).
 * - org: path has :orgId; the caller must be a member (else 404) holding one of the action's
 *   flags (else 403).
 * - site: path has :orgId and :siteId; as org, and the site must be in the org and visible.
 */
export type Access =
  | { kind: 'anonymous' }
  | { kind: 'user' }
  | { kind: 'sysadmin'; action: SysadminAction }
  | { kind: 'org'; action: PermissionAction }
  | { kind: 'site'; action: PermissionAction };

export const anonymous: Access = { kind: 'anonymous' };
export const signedIn: Access = { kind: 'user' };
export const sysadmin = (action: SysadminAction): Access => ({ kind: 'sysadmin', action });
export const org = (action: PermissionAction): Access => ({ kind: 'org', action });
export const site = (action: PermissionAction): Access => ({ kind: 'site', action });

export interface Services {
  db: Db;
  config: ServerConfig;
  verifyToken: TokenVerifier;
  issuer: string;
  /** Sends the stack's messages (invitations, address checks): server/mail/mailer.ts. */
  mailer: Mailer;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** Present for every non-anonymous route. */
  user: CallerUser;
  claims: AccessTokenClaims;
  /** Present for org and site routes. */
  org: OrgAccess;
  /** Present for site routes. */
  site: SiteAccess;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
> {
  method: Method | Method[];
  url: string;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Zod schema of the envelope's data (documentation, OpenAPI). */
  response?: Schema;
  /** Per-route body limit in bytes (default: the app's). */
  bodyLimit?: number;
  /** Answer raw (file download); default wraps the return value in the envelope. */
  raw?: boolean;
  /** List, export and bulk routes: the list's columns (the generated list tests read them). */
  list?: ListMeta;
  /**
   * The named action the audit trail records for this route's writes ('invite', 'share'),
   * instead of create/update/delete (docs/audit.md).
   */
  audit?: string;
  /**
   * A POST, PUT, PATCH or DELETE that changes no record of the audit trail says why here (a
   * read-only POST, a write to the stack's own bookkeeping). Every other write is proven to be
   * recorded by server/audit/coverage.test.ts, generated from the route table.
   */
  unaudited?: string;
  handler: (ctx: HandlerContext<P, Q, B>) => Promise<unknown>;
}

/** One row per registered route: the tenant-isolation and auth tests are generated from it. */
export interface RouteInfo {
  method: Method;
  url: string;
  access: Access;
  scope: ApiScope | null;
  summary: string;
  /** The input schemas, for the generated tests (NUL in every string, bounded strings). */
  params?: Schema | undefined;
  query?: Schema | undefined;
  body?: Schema | undefined;
  /** The route's own body limit in bytes; undefined: the app's (1 MiB). */
  bodyLimit?: number | undefined;
  list?: ListMeta;
  /** The route's named action in the audit trail (RouteDef.audit). */
  audit?: string | undefined;
  /** Why this non-GET route records nothing in the audit trail (RouteDef.unaudited). */
  unaudited?: string | undefined;
}

/** What a list route lists: the contract's column table and the columns its search reads. */
export interface ListMeta {
  kind: 'list' | 'export' | 'bulk';
  columns: ListColumns;
  searchable: readonly string[];
}
/**
 * Every route registered in this process, once per method and URL: an app built again (tests
 * and the cluster's in-process apps build several) replaces its entries instead of adding more.
 */
const registered = new Map<string, RouteInfo>();
export const routeTable = (): RouteInfo[] => [...registered.values()];

export const defineRoute = <
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  def: RouteDef<P, Q, B>,
) => def as unknown as RouteDef<Schema | undefined, Schema | undefined, Schema | undefined>;

interface Guarded {
  user?: CallerUser;
  claims?: AccessTokenClaims;
  org?: OrgAccess;
  site?: SiteAccess;
}
const guardKey = Symbol('guard');
type GuardedRequest = FastifyRequest & { [guardKey]?: Guarded };

export const unauthorized = (message = 'Invalid or expired access token') =>
  new HttpError(401, message, null, { 'WWW-Authenticate': 'Bearer' });

const param = (req: FastifyRequest, name: string) => {
  const v = (req.params as Record<string, string | undefined>)[name];
  return v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
};

/**
 * Verifies the bearer token (401 on any failure, 403 without the scope) and loads the caller
 * with, on an org's or a site's route, their standing there: one statement (loadCaller).
 */
export async function authenticate(
  services: Services,
  req: FastifyRequest,
  scope: ApiScope | null,
  where: { orgId?: number; siteId?: number } = {},
) {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized('No valid authentication token available');
  let claims: AccessTokenClaims;
  try {
    claims = await services.verifyToken(match[1]);
  } catch {
    throw unauthorized();
  }
  if (scope && !claims.scope.split(' ').includes(scope)) {
    throw new HttpError(403, `The access token lacks the ${scope} scope`, null, {
      'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
    });
  }
  const caller = await loadCaller(
    services.db,
    { userId: Number(claims.sub), grantId: claims.grant_id ?? '' },
    where,
  );
  if (!caller) throw unauthorized('The signed-in user no longer exists');
  if (!caller.grantAlive) throw unauthorized('The sign-in behind this access token has ended');
  return { claims, ...caller };
}

async function guard(
  services: Services,
  scope: ApiScope | null,
  access: Access,
  req: GuardedRequest,
) {
  if (access.kind === 'anonymous') {
    req[guardKey] = {};
    return;
  }
  const orgId = access.kind === 'org' || access.kind === 'site' ? param(req, 'orgId') : undefined;
  const siteId = access.kind === 'site' ? param(req, 'siteId') : undefined;
  const { user, claims, org, site } = await authenticate(services, req, scope, { orgId, siteId });
  const g: Guarded = { user, claims };
  req[guardKey] = g;
  if (access.kind === 'user') return;
  if (access.kind === 'sysadmin') {
    if (!user.isSysadmin) throw forbidden('Only sysadmins may access this resource');
    return;
  }
  if (!org) throw notFound('Organization');
  g.org = org;
  if (access.kind === 'site') {
    if (!site) throw notFound('Site');
    g.site = site;
  }
  if (!can(access.action, org, g.site)) throw forbidden();
}

/**
 * The services' JSON answers of 1 KB or more go compressed to a client that accepts it (issue
 * 16: on a phone's link a user's organisations at scale, 219 KB at DEMO_SCALE 30, or a thousand
 * rows of a list, 422 KB, take seconds uncompressed). Only these routes (server/app.ts registers
 * the plugin without its global hooks): not the identity service's pages and provider, whose
 * answers hold per-sign-in secrets beside what the visitor typed (compression would leak their
 * length, BREACH). NDJSON streams (exports, bulk progress) are not a compressible type: each
 * frame goes out as it is made.
 */
const API_COMPRESSION: FastifyCompressOptions = { threshold: 1024, encodings: ['br', 'gzip'] };

/** Registers route definitions under a prefix with the token scope they need. */
export function registerRoutes(
  app: FastifyInstance,
  services: Services,
  prefix: string,
  scope: ApiScope | null,
  defs: ReadonlyArray<RouteDef<Schema | undefined, Schema | undefined, Schema | undefined>>,
) {
  for (const def of defs) {
    const url = `${prefix}${def.url}`;
    for (const method of Array.isArray(def.method) ? def.method : [def.method]) {
      registered.set(`${method} ${url}`, {
        method,
        url,
        access: def.access,
        scope,
        summary: def.summary,
        params: def.params,
        query: def.query,
        body: def.body,
        bodyLimit: def.bodyLimit,
        ...(def.list ? { list: def.list } : {}),
        audit: def.audit,
        unaudited: def.unaudited,
      });
    }
    app.route({
      method: def.method,
      url,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      compress: API_COMPRESSION,
      schema: {
        summary: def.summary,
        tags: [prefix.split('/')[1] ?? 'api'],
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(def.response && !def.raw ? { response: { 200: envelopeSchema(def.response) } } : {}),
        ...(def.access.kind === 'anonymous' ? {} : { security: [{ bearer: [] }] }),
      },
      // Authentication and authorisation run before body validation: an outsider learns nothing.
      // installGuards() appends this after the rate limiter, so refused requests count too.
      config: {
        accessGuard: async (req: FastifyRequest) =>
          guard(services, scope, def.access, req as GuardedRequest),
      },
      handler: async (req, reply) => {
        const g = (req as GuardedRequest)[guardKey] ?? {};
        // Every write the handler makes is recorded in the audit trail under this context.
        const audit = requestAuditContext(req, {
          user: g.user,
          orgId: g.org?.id,
          siteId: g.site?.id,
          action: def.audit,
        });
        const result = await withAuditContext(audit, () =>
          def.handler({
            params: req.params as never,
            query: req.query as never,
            body: req.body as never,
            user: g.user as CallerUser,
            claims: g.claims as AccessTokenClaims,
            org: g.org as OrgAccess,
            site: g.site as SiteAccess,
            req,
            reply,
          }),
        );
        if (def.raw) return result;
        if (result instanceof JsonText) {
          // Data already written as JSON (a list page's rows as PostgreSQL wrote them): the
          // envelope around it as the serializer writes it, sent as it is (a string with a JSON
          // content type is not serialized again).
          reply.type('application/json; charset=utf-8');
          return `{"success":true,"errors":null,"data":${result.text}}`;
        }
        return { success: true, errors: null, data: result ?? null };
      },
    });
  }
}

/**
 * Adds each route's access guard (config.accessGuard) to its onRequest hooks. Installed after the
 * rate limiter, so the guard runs after it and a refused request still counts against the limit.
 */
export function installGuards(app: FastifyInstance) {
  app.addHook('onRoute', (routeOptions) => {
    const accessGuard = (routeOptions.config as { accessGuard?: onRequestHookHandler } | undefined)
      ?.accessGuard;
    if (!accessGuard) return;
    const existing = routeOptions.onRequest;
    routeOptions.onRequest =
      existing === undefined
        ? [accessGuard]
        : [...(Array.isArray(existing) ? existing : [existing]), accessGuard];
  });
}
