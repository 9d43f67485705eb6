import type { Config } from "./config.ts";
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
 * Fixed-window counters kept in memory. Enough for one server process; with several app
 * servers each counts on its own, which multiplies the allowance by their number.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly settings: LimitSettings;
  private sweptAt = 0;

  constructor(settings: LimitSettings) {
    this.settings = settings;
  }

  /** The number of uses `name` allows per window, with the settings applied. */
  limitOf(name: LimitName): number {
    const { limit } = LIMITS[name] as Limit;
    return typeof limit === "function" ? limit(this.settings) : limit;
  }

  /** Counts one use of `name` for `key`; false once more than its limit were made. */
  hit(name: LimitName, key: string, now = Date.now()): boolean {
    const id = `${name}:${key}`;
    const current = this.windows.get(id);
    if (!current || current.resetAt <= now) {
      this.sweepWhenFull(now);
      this.windows.set(id, { count: 1, resetAt: now + LIMITS[name].windowMs });
      return true;
    }
    current.count += 1;
    return current.count <= this.limitOf(name);
  }

  /** Counts one use of `name` for `key`; 429 once more than its limit were made. */
  check(name: LimitName, key: string) {
    if (!this.hit(name, key)) throw tooManyRequests();
  }

  /**
   * Counts `uses` uses of `name` for `key` at once, all or none: 429, counting nothing, when they
   * would pass the limit. For one request that spends several (a mail to ten addresses), so a
   * refused request does not use up what is left of the window.
   */
  take(name: LimitName, key: string, uses: number, now = Date.now()) {
    const id = `${name}:${key}`;
    const current = this.windows.get(id);
    const live = current && current.resetAt > now ? current : undefined;
    if ((live?.count ?? 0) + uses > this.limitOf(name)) throw tooManyRequests();
    if (live) {
      live.count += uses;
      return;
    }
    this.sweepWhenFull(now);
    this.windows.set(id, { count: uses, resetAt: now + LIMITS[name].windowMs });
  }

  /** True once `key` has used up the limit of `name` in its current window; counts nothing. */
  isBlocked(name: LimitName, key: string, now = Date.now()): boolean {
    const current = this.windows.get(`${name}:${key}`);
    return current !== undefined && current.resetAt > now && current.count >= this.limitOf(name);
  }

  /** Forgets a key's count, e.g. a login name's after its owner signed in successfully. */
  reset(name: LimitName, key: string) {
    this.windows.delete(`${name}:${key}`);
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
