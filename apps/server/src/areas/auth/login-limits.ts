import { tooManyRequests } from "../../errors.ts";
import type { RateLimiter } from "../../limits.ts";

/**
 * How long a successful sign-in vouches for the client address it came from: two weeks, so a
 * teacher's classroom stays known across a weekend or a short holiday.
 */
const KNOWN_MS = 14 * 86_400_000;

/** What one sign-in attempt could open, and which count of the client address it uses. */
export type LoginScope = {
  /**
   * The accounts the typed name resolves to, as `user:<id>` (one for a username, up to five
   * for an e-mail address), or `name:<what was typed>` when it resolves to none, so an unknown
   * name is limited exactly like a known one and the limits tell nobody which names exist.
   */
  accounts: string[];
} & (
  | { door: "adult" }
  /** A student's lookup of their teacher's username; `classId`: the class it found, if any. */
  | { door: "teacher-name"; classId?: number }
  /** A student's attempt in the class (its teacher's user id) found by the teacher's name. */
  | { door: "class"; classId: number }
);

/**
 * Failed sign-ins are counted, never successful ones, so a class signing in together behind one
 * school address is not held back by its own numbers. Each failure counts against (the limits
 * are in limits.ts, their numbers set by config.ts):
 * - the client address (loginPerIp), guessing across accounts, in separate counts for
 *   adults' passwords, students' lookups of a teacher's username, and each class's students, so
 *   that neither a mistyped teacher name, an adult's wrong password nor one class's typos hold
 *   back the other classes and teachers of a school sharing the address. A lookup that finds a
 *   class that has signed in from this address is never held back; past the limit every other
 *   name, existing or not, gets the same 429;
 * - the account at this address (loginPerAccountAndIp): only that client is held back;
 * - the account from all addresses (loginPerAccount, higher): guessing spread over
 *   many addresses;
 * - for a student's wrong password, the class from all addresses (loginPerClass):
 *   guessing the children of a class whose list step 1 shows.
 * The account and class ceilings do not hold back an address the account (or class, or its
 * teacher) signed in from in the last two weeks, so a stranger cannot lock a teacher or a class
 * out before class: they can exhaust only their own counts and the ceilings.
 */
export function loginLimits(limiter: RateLimiter) {
  const known = (what: string, ip: string) => limiter.has(`login-known:${what}:${ip}`);
  const classAccount = (classId: number) => `class:${classId}`;
  const clientKey = (ip: string, scope: LoginScope) => {
    if (scope.door === "adult") return `adult:${ip}`;
    if (scope.door === "teacher-name") return `teacher-name:${ip}`;
    return `${classAccount(scope.classId)}:${ip}`;
  };
  const clientBlocked = async (ip: string, scope: LoginScope) =>
    (await limiter.isBlocked("loginPerIp", clientKey(ip, scope))) &&
    !(
      scope.door === "teacher-name" &&
      scope.classId !== undefined &&
      (await known(classAccount(scope.classId), ip))
    );
  const accountBlocked = async (account: string, ip: string) =>
    (await limiter.isBlocked("loginPerAccountAndIp", `${account}:${ip}`)) ||
    ((await limiter.isBlocked("loginPerAccount", account)) && !(await known(account, ip)));
  const countAccount = async (account: string, ip: string) => {
    await limiter.hit("loginPerAccountAndIp", `${account}:${ip}`);
    await limiter.hit("loginPerAccount", account);
  };

  return {
    /**
     * The accounts of `scope` this client may still try, which a failure then counts against;
     * 429 when the client, the class or every one of them is held back.
     */
    async usable(ip: string, scope: LoginScope): Promise<string[]> {
      if (await clientBlocked(ip, scope)) throw tooManyRequests();
      if (
        scope.door === "class" &&
        (await limiter.isBlocked("loginPerClass", String(scope.classId))) &&
        !(await known(classAccount(scope.classId), ip))
      )
        throw tooManyRequests();
      const usable: string[] = [];
      for (const account of scope.accounts)
        if (!(await accountBlocked(account, ip))) usable.push(account);
      if (usable.length === 0) throw tooManyRequests();
      return usable;
    },

    /**
     * Counts a failure against the client and the accounts tried; `wrongPassword` marks a
     * student's wrong password, which also counts against the class.
     */
    async fail(ip: string, scope: LoginScope, opts: { wrongPassword?: boolean } = {}) {
      await limiter.hit("loginPerIp", clientKey(ip, scope));
      if (scope.door === "class" && opts.wrongPassword)
        await limiter.hit("loginPerClass", String(scope.classId));
      for (const account of scope.accounts) await countAccount(account, ip);
    },

    /**
     * Counts a failure against accounts whose password was checked and missed while another
     * account of the same e-mail address signed in.
     */
    async missed(ip: string, accounts: string[]) {
      for (const account of accounts) await countAccount(account, ip);
    },

    /**
     * A success clears the account's count at this address and makes the address known to the
     * account and to the class (a student's, or the class a teacher or parent owns).
     */
    async succeed(ip: string, account: string, classId?: number) {
      await limiter.reset("loginPerAccountAndIp", `${account}:${ip}`);
      await limiter.remember(`login-known:${account}:${ip}`, KNOWN_MS);
      if (classId !== undefined)
        await limiter.remember(`login-known:${classAccount(classId)}:${ip}`, KNOWN_MS);
    },
  };
}

export type LoginLimits = ReturnType<typeof loginLimits>;
