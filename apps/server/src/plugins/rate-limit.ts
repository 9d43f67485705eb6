/**
 * Fixed-window counters kept in memory. Enough for one server process; with several app
 * servers each counts on its own, which multiplies the allowance by their number.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private sweptAt = 0;

  /** Counts one attempt for `key`; false once more than `limit` were made in the window. */
  hit(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.sweepWhenFull(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  }

  /** True once `key` has used up `limit` in its current window; counts nothing. */
  isBlocked(key: string, limit: number, now = Date.now()): boolean {
    const current = this.windows.get(key);
    return current !== undefined && current.resetAt > now && current.count >= limit;
  }

  /** Forgets a key, e.g. a login name after its owner signed in successfully. */
  reset(key: string) {
    this.windows.delete(key);
  }

  /** Notes `key` for `windowMs` from now, e.g. a client address an account signed in from. */
  remember(key: string, windowMs: number, now = Date.now()) {
    if (!this.windows.has(key)) this.sweepWhenFull(now);
    this.windows.set(key, { count: 1, resetAt: now + windowMs });
  }

  /** Whether `key` was remembered (or counted) and its window has not ended. */
  has(key: string, now = Date.now()): boolean {
    const current = this.windows.get(key);
    return current !== undefined && current.resetAt > now;
  }

  // Past 50,000 keys, drop the ended windows, at most once a minute so that a map full of live
  // keys is not scanned on every new one.
  private sweepWhenFull(now: number) {
    if (this.windows.size <= 50_000 || now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
  }
}
