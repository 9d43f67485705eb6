import { allows } from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../core/errors.ts";
import type { RateLimiter } from "../../core/limits.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { ensureDevice } from "./device.ts";

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

/** Where an attempt comes from: the client address, and the browser's device id (device.ts). */
export interface LoginClient {
  ip: string;
  device: string | null;
}

/** The accounts an attempt may try, and how a failure of it is counted and answered. */
export interface Usable {
  accounts: string[];
  /** The usable accounts that signed in on this browser: their failures count on it alone. */
  onDevice: string[];
  /**
   * The client address is over its count, and only accounts it knows were let through: a
   * failure answers 429 like every other name, so the exception tells nobody which names exist.
   */
  held: boolean;
}

/** The start of the keys of the browsers a class is known on (class-code.ts forgets them). */
export const CLASS_ON_DEVICE = (classId: number) => `login-device:class:${classId}:`;

/** How long a browser an account signed in on stays known to it: a school year and a summer. */
const DEVICE_KNOWN_MS = 400 * 86_400_000;

/**
 * Failed sign-ins are counted, never successful ones, so a class signing in together behind one
 * school address is not held back by its own numbers. Each failure counts against (the limits
 * are in limits.ts, their numbers set by config.ts):
 * - the client address (loginPerIp), guessing across accounts, in separate counts for
 *   adults' passwords, students' lookups of a teacher's username, and each class's students, so
 *   that neither a mistyped teacher name, an adult's wrong password nor one class's typos hold
 *   back the other classes and teachers of a school sharing the address. Past the limit every
 *   name, existing or not, gets the same 429, except an account (or, for a teacher-name lookup,
 *   a class) that signed in from this address in the last two weeks: its password is still
 *   checked, and only a right one gets through, so one student guessing names cannot keep the
 *   school's teachers out, and learns nothing from it;
 * - the account at this address (loginPerAccountAndIp): only that client is held back;
 * - the account from all addresses (loginPerAccount, higher): guessing spread over
 *   many addresses;
 * - for a student's wrong password, the class from all addresses (loginPerClass):
 *   guessing the children of a class.
 * The account and class ceilings do not hold back an address the account (or class, or its
 * teacher) signed in from in the last two weeks, so a stranger cannot lock a teacher or a class
 * out before class: they can exhaust only their own counts and the ceilings. An account that
 * signed in on this browser (device.ts) is not held back by any of these: its failures count
 * per account and browser (loginPerAccountAndIp's number), so a teacher on their own laptop
 * gets in whatever others did from the address, and a stolen password is still slowed.
 */
export function loginLimits(limiter: RateLimiter, opts: { db: Db; secureCookies: boolean }) {
  const known = (what: string, ip: string) => limiter.has(`login-known:${what}:${ip}`);
  const onDevice = async (what: string, device: string | null) =>
    device !== null && (await limiter.has(`login-device:${what}:${device}`));
  const deviceKey = (account: string, device: string) => `${account}:device:${device}`;
  const classAccount = (classId: number) => `class:${classId}`;
  const clientKey = (ip: string, scope: LoginScope) => {
    if (scope.door === "adult") return `adult:${ip}`;
    if (scope.door === "teacher-name") return `teacher-name:${ip}`;
    return `${classAccount(scope.classId)}:${ip}`;
  };
  /** Whether the class the scope names signed in from this address or on this browser. */
  const classKnown = async (client: LoginClient, scope: LoginScope) =>
    scope.door !== "adult" &&
    scope.classId !== undefined &&
    ((await known(classAccount(scope.classId), client.ip)) ||
      (await onDevice(classAccount(scope.classId), client.device)));
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
    async usable(client: LoginClient, scope: LoginScope): Promise<Usable> {
      const { ip, device } = client;
      const clientOver = await limiter.isBlocked("loginPerIp", clientKey(ip, scope));
      // A teacher-name lookup finds a class, not an account: it goes on only for a known class.
      const held =
        clientOver && !(scope.door === "teacher-name" && (await classKnown(client, scope)));
      if (held && scope.door === "teacher-name") throw tooManyRequests();
      if (
        scope.door === "class" &&
        (await limiter.isBlocked("loginPerClass", String(scope.classId))) &&
        !(await classKnown(client, scope))
      )
        throw tooManyRequests();
      const usable: Usable = { accounts: [], onDevice: [], held };
      for (const account of scope.accounts) {
        if (device !== null && (await onDevice(account, device))) {
          if (await limiter.isBlocked("loginPerAccountAndIp", deviceKey(account, device))) continue;
          usable.accounts.push(account);
          usable.onDevice.push(account);
        } else if (!(await accountBlocked(account, ip)) && !(held && !(await known(account, ip))))
          usable.accounts.push(account);
      }
      if (usable.accounts.length === 0) throw tooManyRequests();
      return usable;
    },

    /**
     * Counts a failure against the client and the accounts tried (on the browser alone for an
     * account that signed in on it); `wrongPassword` marks a student's wrong password, which
     * also counts against the class.
     */
    async fail(
      client: LoginClient,
      scope: LoginScope,
      usable: Usable,
      opts: { wrongPassword?: boolean } = {},
    ) {
      const { ip, device } = client;
      const elsewhere = usable.accounts.filter((a) => !usable.onDevice.includes(a));
      for (const account of usable.onDevice)
        await limiter.hit("loginPerAccountAndIp", deviceKey(account, device as string));
      if (elsewhere.length === 0) return;
      await limiter.hit("loginPerIp", clientKey(ip, scope));
      if (scope.door === "class" && opts.wrongPassword)
        await limiter.hit("loginPerClass", String(scope.classId));
      for (const account of elsewhere) await countAccount(account, ip);
    },

    /**
     * Counts a failure against accounts whose password was checked and missed while another
     * account of the same e-mail address signed in.
     */
    async missed(ip: string, accounts: string[]) {
      for (const account of accounts) await countAccount(account, ip);
    },

    /**
     * A success clears the account's counts at this address and on this browser, and makes
     * both known to the account and to the class (a student's, or the class a teacher or parent
     * owns). Also for a sign-in by e-mailed link, so a teacher held back at a new address gets
     * in by a link once and by password from then on.
     */
    async succeed(client: { ip: string; device: string }, account: string, classId?: number) {
      const { ip, device } = client;
      await limiter.reset("loginPerAccountAndIp", `${account}:${ip}`);
      await limiter.reset("loginPerAccountAndIp", deviceKey(account, device));
      await limiter.remember(`login-known:${account}:${ip}`, KNOWN_MS);
      await limiter.remember(`login-device:${account}:${device}`, DEVICE_KNOWN_MS);
      if (classId !== undefined) {
        await limiter.remember(`login-known:${classAccount(classId)}:${ip}`, KNOWN_MS);
        await limiter.remember(`login-device:${classAccount(classId)}:${device}`, DEVICE_KNOWN_MS);
      }
    },

    /**
     * After any sign-in (password, e-mailed link, sign-up, single sign-on): gives the browser
     * its device cookie and calls `succeed` for the account and its class (the one a student
     * signs in to, or the one a teacher or parent owns).
     */
    async signedIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
      const [user] = await opts.db
        .select({ role: users.role, teacherId: users.teacherId })
        .from(users)
        .where(eq(users.id, userId));
      const classId =
        user?.role === "student"
          ? (user.teacherId ?? undefined)
          : user && allows("classOwners", user.role)
            ? userId
            : undefined;
      const device = ensureDevice(request, reply, opts.secureCookies);
      await this.succeed({ ip: request.ip, device }, `user:${userId}`, classId);
    },

    /** Whether this browser may see the name tiles of the class: a sign-in of it was here. */
    classOnDevice: (classId: number, device: string | null) =>
      onDevice(classAccount(classId), device),

    /** Lets this browser see the class's tiles: its class code was typed here. */
    rememberClassOnDevice: (classId: number, device: string) =>
      limiter.remember(`login-device:${classAccount(classId)}:${device}`, DEVICE_KNOWN_MS),
  };
}

export type LoginLimits = ReturnType<typeof loginLimits>;
