/**
 * Sign-in throttling: at most `max` failed attempts per email + IP in a sliding window. Kept in
 * memory (a restart clears it), which is enough for one local process.
 */
export class SignInLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private key(email: string, ip: string) {
    return `${email.trim().toLowerCase()}|${ip}`;
  }

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Minutes until the next attempt is allowed, or 0 when allowed now. */
  blockedFor(email: string, ip: string, now = Date.now()): number {
    const list = this.recent(this.key(email, ip), now);
    if (list.length < this.max) return 0;
    const oldest = list[list.length - this.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 60_000));
  }

  fail(email: string, ip: string, now = Date.now()) {
    const key = this.key(email, ip);
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  succeed(email: string, ip: string) {
    this.failures.delete(this.key(email, ip));
  }
}
