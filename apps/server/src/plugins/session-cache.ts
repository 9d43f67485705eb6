/**
 * Found sessions, kept for a few seconds so a signed-in page's calls skip the session join.
 *
 * It never outlives a revocation. This process forgets a session or a user at once where it
 * ends one (plugins/session.ts, and the routes that change a user). Every process forgets
 * them when PostgreSQL tells it: triggers on `sessions`, `users` and `schools` (migration
 * 0010) send `pg_notify('refrain_sessions', …)` for every ended session and every change
 * to what a session carries. If a notice is lost (the listening connection dropped), the cache
 * is emptied, and the TTL bounds what a process can miss.
 *
 * The caller still checks expiry and idleness on every request: a cached row only saves reading
 * it again.
 */
export const SESSION_NOTICES = "refrain_sessions";

interface Entry<T> {
  row: T;
  userIds: readonly number[];
  until: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Counts forgettings, so a lookup that raced one does not store what it read. */
  private generation = 0;

  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(id: string, now: number): T | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until > now) return entry.row;
    this.entries.delete(id);
    return undefined;
  }

  /** A token to pass to `set`: a lookup started before a forgetting must not be stored. */
  begin(): number {
    return this.generation;
  }

  set(id: string, row: T, userIds: readonly number[], now: number, since: number) {
    if (this.ttlMs <= 0 || since !== this.generation) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, { row, userIds, until: now + this.ttlMs });
  }

  forgetSession(id: string) {
    this.generation++;
    this.entries.delete(id);
  }

  /** Every session of these users, as themselves or as the admin impersonating someone. */
  forgetUsers(ids: readonly number[]) {
    this.generation++;
    const gone = new Set(ids);
    for (const [id, entry] of this.entries) {
      if (entry.userIds.some((u) => gone.has(u))) this.entries.delete(id);
    }
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /** A notice from the triggers: `s:<id>,<id>`, `u:<id>,<id>` or `*`. */
  notice(payload: string) {
    if (payload.startsWith("s:")) {
      for (const id of payload.slice(2).split(",")) this.forgetSession(id);
    } else if (payload.startsWith("u:")) {
      this.forgetUsers(payload.slice(2).split(",").map(Number));
    } else {
      this.clear();
    }
  }
}
