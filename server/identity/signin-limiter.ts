import type { Queryable } from '../db/types';

/**
 * Sign-in throttling: at most `max` failed attempts per email + IP in a sliding window. Kept in
 * the database (table signin_failures), so every process of a cluster counts the same failures
 * and a restart forgives nothing (docs/deployment.md). `scope` keeps apart the limiters that
 * share the table (sign-in failures, registration messages).
 */
export class SignInLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private key(email: string, ip: string) {
    return `${email.trim().toLowerCase()}|${ip}`;
  }

  /** Minutes until the next attempt is allowed, or 0 when allowed now. */
  async blockedFor(email: string, ip: string, now = Date.now()): Promise<number> {
    // The max-th most recent failure in the window: while it is in the window, the key waits.
    const [row] = await this.db.query<{ failed_at: string | number }>(
      `select failed_at from signin_failures
        where scope = $1 and key = $2 and failed_at > $3
        order by failed_at desc offset $4 limit 1`,
      [this.scope, this.key(email, ip), now - this.windowMs, this.max - 1],
    );
    if (!row) return 0;
    const oldest = Number(row.failed_at);
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 60_000));
  }

  async fail(email: string, ip: string, now = Date.now()): Promise<void> {
    const key = this.key(email, ip);
    await this.db.query('insert into signin_failures (scope, key, failed_at) values ($1, $2, $3)', [
      this.scope,
      key,
      now,
    ]);
    // The key's failures out of the window are no use any more.
    await this.db.query(
      'delete from signin_failures where scope = $1 and key = $2 and failed_at <= $3',
      [this.scope, key, now - this.windowMs],
    );
  }

  async succeed(email: string, ip: string): Promise<void> {
    await this.db.query('delete from signin_failures where scope = $1 and key = $2', [
      this.scope,
      this.key(email, ip),
    ]);
  }
}
