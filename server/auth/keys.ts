import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Queryable } from '../db/types';

export interface StackKeys {
  /** The provider's private signing key (RS256), persisted so tokens survive restarts. */
  signingJwk: JWK & { kid: string; alg: string };
  publicJwk: JWK & { kid: string; alg: string };
  cookieKeys: string[];
  /** HMAC key of the sign-in hints the stack issues (auth/secrets.ts signUserHint). */
  hintKey: string;
}

async function setting(db: Queryable, key: string, create: () => Promise<string>): Promise<string> {
  const [row] = await db.query<{ value: string }>('select value from settings where key = $1', [
    key,
  ]);
  if (row) return row.value;
  const value = await create();
  await db.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    key,
    value,
  ]);
  const [again] = await db.query<{ value: string }>('select value from settings where key = $1', [
    key,
  ]);
  return again?.value ?? value;
}

export async function loadKeys(db: Queryable): Promise<StackKeys> {
  const jwkText = await setting(db, 'oidc.signingJwk', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({
      ...jwk,
      kid: `k-${randomBytes(6).toString('hex')}`,
      alg: 'RS256',
      use: 'sig',
    });
  });
  const cookieText = await setting(db, 'oidc.cookieKeys', async () =>
    JSON.stringify([randomBytes(32).toString('base64url')]),
  );
  const hintKey = await setting(db, 'identity.hintKey', async () =>
    randomBytes(32).toString('base64url'),
  );
  const signingJwk = JSON.parse(jwkText) as StackKeys['signingJwk'];
  const { kty, n, e, kid, alg } = signingJwk;
  return {
    signingJwk,
    publicJwk: { kty, n, e, kid, alg, use: 'sig' } as StackKeys['publicJwk'],
    cookieKeys: JSON.parse(cookieText) as string[],
    hintKey,
  };
}
