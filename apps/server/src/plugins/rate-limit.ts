/**
 * Fixed-window counters kept in memory. Enough for one server process; with several app
 * servers each counts on its own, which multiplies the allowance by their number.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one attempt for `key`; false once more than `limit` were made in the window. */
  hit(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
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

  private sweep(now: number) {
    for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
  }
}
