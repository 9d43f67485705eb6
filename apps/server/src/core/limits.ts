import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema/index.ts";
import { tooManyRequests } from "./errors.ts";

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;

/** The settings some limits take from the environment (config.ts says why each is set so). */
type LimitSettings = Pick<
  Config,
  | "LOGIN_LIMIT_PER_IP"
  | "LOGIN_LIMIT_PER_ACCOUNT_AND_IP"
  | "LOGIN_LIMIT_PER_ACCOUNT"
  | "LOGIN_LIMIT_PER_CLASS"
  | "LEAD_LIMIT_PER_IP"
  | "LEAD_MAILS_PER_RECIPIENT"
>;

/** At most `limit` uses per key in each window of `windowMs`; `limit` may come from config. */
interface Limit {
  limit: number | ((settings: LimitSettings) => number);
  windowMs: number;
}

/**
 * Every rate limit of the app, by name. Each counts per key (a client address, a mailbox, an
 * account, …), in a fixed window. Routes apply one with `rateLimit` (plugins/rate-limit.ts), code that counts
 * conditionally (only failures, only some answers) with the limiter's `check` and `hit`.
 */
export const LIMITS = {
  // ── auth: the public sign-up and sign-in-by-mail doors. A school's classrooms often share
  // one address, so the per-address limits leave room for a staff room signing up together;
  // the per-mailbox ones stop anyone flooding one person's inbox.
  signupPerIp: { limit: 20, windowMs: HOUR },
  lookupPerIp: { limit: 300, windowMs: QUARTER_HOUR },
  mailPerIp: { limit: 30, windowMs: QUARTER_HOUR },
  // Per mailbox and client: one visitor cannot flood one inbox. The ceiling across all
  // clients is higher, so a stranger cannot hold back someone's own links for an hour.
  mailPerAddressAndIp: { limit: 5, windowMs: HOUR },
  mailPerAddress: { limit: 20, windowMs: HOUR },
  linkPerIp: { limit: 60, windowMs: QUARTER_HOUR },
  // Notes to an address that a new account shares: a few a day, so sign-ups cannot flood it.
  signupNotePerMailbox: { limit: 3, windowMs: 24 * HOUR },
  // Failed sign-ins (areas/auth/login-limits.ts says which failure counts where).
  loginPerIp: { limit: (s) => s.LOGIN_LIMIT_PER_IP, windowMs: QUARTER_HOUR },
  loginPerAccountAndIp: { limit: (s) => s.LOGIN_LIMIT_PER_ACCOUNT_AND_IP, windowMs: QUARTER_HOUR },
  loginPerAccount: { limit: (s) => s.LOGIN_LIMIT_PER_ACCOUNT, windowMs: QUARTER_HOUR },
  loginPerClass: { limit: (s) => s.LOGIN_LIMIT_PER_CLASS, windowMs: QUARTER_HOUR },
  // Single sign-on callbacks, each a round trip to the provider: as many as password failures.
  ssoCallbackPerIp: { limit: (s) => s.LOGIN_LIMIT_PER_IP, windowMs: QUARTER_HOUR },
  // ── leads: each public form counts its own submissions per client address, valid or not.
  leadFormPerIp: { limit: (s) => s.LEAD_LIMIT_PER_IP, windowMs: HOUR },
  // Forms that e-mail the address typed into them: a few messages an hour per recipient,
  // however many clients ask, so nobody turns them into a way to mail strangers.
  leadMailPerRecipient: { limit: (s) => s.LEAD_MAILS_PER_RECIPIENT, windowMs: HOUR },
  // Each challenge costs the server a key derivation: limited like the form it guards, with
  // room for a visitor who reloads the widget a few times per submission.
  captchaChallengePerIp: { limit: (s) => s.LEAD_LIMIT_PER_IP * 5, windowMs: HOUR },
  // ── roster: each login-card e-mail carries every password of the class: a few per hour.
  loginCardMailsPerTeacher: { limit: 10, windowMs: HOUR },
  // ── fluency: each share e-mails a family a link to a child's reading. A class of 30 shared
  // in one sitting fits in an hour; a runaway script mailing parents does not.
  recordingSharesPerTeacher: { limit: 40, windowMs: HOUR },
  // The shared reading's public page, per client address: a family (or a school's one address)
  // reloading it is fine; walking guessed tokens is not (they are 32 random bytes anyway).
  sharedPagePerIp: { limit: 60, windowMs: QUARTER_HOUR },
  // Its video: a player asks for many ranges while it plays and seeks.
  sharedVideoPerIp: { limit: 600, windowMs: QUARTER_HOUR },
  // ── admin: every invitation and password link e-mails a teacher. A principal setting up a
  // staff of 40 fits in a day; a script mailing strangers from a stolen admin session does not.
  teacherInvitesPerAdmin: { limit: 60, windowMs: 24 * HOUR },
  passwordLinksPerAdmin: { limit: 30, windowMs: HOUR },
  // A teacher's class summary to their school admin or colleagues: counted per recipient
  // address sent, so ten rows at once count ten.
  summaryMailsPerTeacher: { limit: 30, windowMs: 24 * HOUR },
  // ── families: Parent Connect mails each chosen parent, counted per parent mailed. A class of
  // 30 sent a handful of templates in a day fits; a script mailing every family over and over
  // does not.
  parentMailsPerTeacher: { limit: 200, windowMs: 24 * HOUR },
  // The public unsubscribe link (its page's calls and RFC 8058's one-click POST), per client
  // address. Generous: a mailbox provider sends every family's one-click POST from a few
  // addresses, and a refused one may leave a parent subscribed. Walking guessed tokens still
  // stops (they are signed anyway).
  unsubscribePerIp: { limit: 600, windowMs: QUARTER_HOUR },
  // ── privacy: each export reads everything held about a child and copies their recordings;
  // a few an hour per student are plenty (one failed, one for the parent), a loop is not.
  exportsPerStudent: { limit: 5, windowMs: HOUR },
  // An export's download link, per client address: each works once, so a person needs a few;
  // walking guessed tokens stops (they are 32 random bytes anyway).
  exportDownloadPerIp: { limit: 30, windowMs: QUARTER_HOUR },
  // The district search (and the privacy page's student search, areas/privacy/find.ts) runs a
  // pattern match over the admin's people: a person types a few queries a minute, never hundreds.
  searchPerAdmin: { limit: 120, windowMs: QUARTER_HOUR },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/**
 * Fixed-window counters in the database (table `rate_limits`), so every app server counts
 * into the same windows and several servers allow what one would (decision 0003). Each use is
 * one atomic upsert; the hourly clean-up (`deleteEndedLimits`) drops the ended windows.
 */
export class RateLimiter {
  private readonly db: Db;
  private readonly settings: LimitSettings;

  constructor(db: Db, settings: LimitSettings) {
    this.db = db;
    this.settings = settings;
  }

  /** The number of uses `name` allows per window, with the settings applied. */
  limitOf(name: LimitName): number {
    const { limit } = LIMITS[name] as Limit;
    return typeof limit === "function" ? limit(this.settings) : limit;
  }

  /** Counts one use of `name` for `key`; false once more than its limit were made. */
  async hit(name: LimitName, key: string, now = Date.now()): Promise<boolean> {
    const count = await this.add(`${name}:${key}`, 1, LIMITS[name].windowMs, now);
    return count !== null && count <= this.limitOf(name);
  }

  /** Counts one use of `name` for `key`; 429 once more than its limit were made. */
  async check(name: LimitName, key: string) {
    if (!(await this.hit(name, key))) throw tooManyRequests();
  }

  /**
   * Counts `uses` uses of `name` for `key` at once, all or none: 429, counting nothing, when they
   * would pass the limit. For one request that spends several (a mail to ten addresses), so a
   * refused request does not use up what is left of the window.
   */
  async take(name: LimitName, key: string, uses: number, now = Date.now()) {
    const limit = this.limitOf(name);
    if (uses > limit) throw tooManyRequests();
    const count = await this.add(`${name}:${key}`, uses, LIMITS[name].windowMs, now, limit);
    if (count === null) throw tooManyRequests();
  }

  /** True once `key` has used up the limit of `name` in its current window; counts nothing. */
  async isBlocked(name: LimitName, key: string, now = Date.now()): Promise<boolean> {
    const count = await this.live(`${name}:${key}`, now);
    return count !== null && count >= this.limitOf(name);
  }

  /** Forgets a key's count, e.g. a login name's after its owner signed in successfully. */
  async reset(name: LimitName, key: string) {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, `${name}:${key}`));
  }

  /**
   * Forgets every note and count whose key starts with `prefix`, e.g. the browsers a class code
   * let in when the teacher changes it. Rare: a scan of the table is fine.
   */
  async forgetStartingWith(prefix: string) {
    await this.db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
  }

  /** Notes `key` for `windowMs` from now, e.g. a client address an account signed in from. */
  async remember(key: string, windowMs: number, now = Date.now()) {
    const resetAt = new Date(now + windowMs);
    await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt } });
  }

  /** Whether `key` was remembered (or counted) and its window has not ended. */
  async has(key: string, now = Date.now()): Promise<boolean> {
    return (await this.live(key, now)) !== null;
  }

  /** The count of a window that has not ended, or null. */
  private async live(id: string, now: number): Promise<number | null> {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, id), gt(rateLimits.resetAt, new Date(now))));
    return row?.count ?? null;
  }

  /**
   * Adds `uses` to the window of `id`, starting a new window when none is live; returns the
   * count after. With `atMost`, a window the uses would take past it is left as it was: null.
   */
  private async add(id: string, uses: number, windowMs: number, now: number, atMost?: number) {
    const at = new Date(now).toISOString();
    const ended = sql`${rateLimits.resetAt} <= ${at}::timestamptz`;
    const after = sql`case when ${ended} then ${uses}::int else ${rateLimits.count} + ${uses}::int end`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: id, count: uses, resetAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: after,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
        ...(atMost !== undefined && { setWhere: sql`${after} <= ${atMost}::int` }),
      })
      .returning({ count: rateLimits.count });
    return row?.count ?? null;
  }
}

/** The hourly clean-up's part: windows that have ended, gone. */
export async function deleteEndedLimits(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, now))
    .returning({ key: rateLimits.key });
  return gone.length;
}
