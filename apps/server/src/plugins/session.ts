import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Auth, AuthUser } from "../core/context.ts";
import { forbidden } from "../core/errors.ts";
import type { Db, Listen, Listener } from "../db/client.ts";
import { hot } from "../db/prepared.ts";
import { schools, sessions, users } from "../db/schema/index.ts";
import { SESSION_NOTICES, SessionCache } from "./session-cache.ts";

export const SESSION_COOKIE = "refrain_session";
export const CSRF_COOKIE = "refrain_csrf";
export const CSRF_HEADER = "x-csrf-token";

declare module "fastify" {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Resolves once this server has heard every session notice committed before the call. */
    sessionsSettled(): Promise<void>;
  }
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
// Refresh last_seen_at at most this often, so reads do not each write.
const TOUCH_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function userColumns(table: typeof users | ReturnType<typeof alias<typeof users, string>>) {
  return {
    id: table.id,
    role: table.role,
    username: table.username,
    firstName: table.firstName,
    lastName: table.lastName,
    schoolId: table.schoolId,
    districtId: table.districtId,
    teacherId: table.teacherId,
  };
}

const impersonators = alias(users, "impersonator");
const impersonatorSchools = alias(schools, "impersonator_school");

/** The session join, prepared (db/prepared.ts): it runs on every signed-in call not cached. */
const sessionLookup = hot("session_lookup", (db) =>
  db
    .select({
      session: { expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt },
      user: { ...userColumns(users), schoolDistrictId: schools.districtId },
      impersonator: {
        ...userColumns(impersonators),
        schoolDistrictId: impersonatorSchools.districtId,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .leftJoin(impersonatorSchools, eq(impersonatorSchools.id, impersonators.schoolId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1),
);

/** The users a session speaks for: its user, and the admin impersonating them. */
const usersOf = (row: {
  user: { id: number };
  impersonator: { id: number | null } | null;
}): number[] => (row.impersonator?.id != null ? [row.user.id, row.impersonator.id] : [row.user.id]);

export function registerSessions(
  app: FastifyInstance,
  deps: { db: Db; config: Config; listen?: Listen },
) {
  const { db, config, listen } = deps;
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const secure = config.PUBLIC_URL.startsWith("https://");

  app.decorateRequest("auth", null);

  const lookup = sessionLookup(db);
  type Found = Awaited<ReturnType<typeof lookup.execute>>[number];
  const cache = new SessionCache<Found>(config.SESSION_CACHE_SECONDS * 1000);
  let listener: Listener | undefined;
  if (listen) {
    app.addHook("onReady", async () => {
      listener = await listen(
        SESSION_NOTICES,
        (payload) => cache.notice(payload),
        () => cache.clear(),
      );
    });
    app.addHook("onClose", async () => {
      await listener?.stop();
    });
  }
  /**
   * After a revocation, the answer waits until this server has heard the database's notice of
   * it. The other servers are sent it at the same moment, so in practice they have it before
   * the browser's next request; the TTL is the bound when one does not.
   */
  const settled = async () => {
    await listener?.settle();
  };
  app.decorate("sessionsSettled", settled);

  async function endSession(id: string) {
    cache.forgetSession(id);
    await db.delete(sessions).where(eq(sessions.id, id));
    // Again: a lookup may have read the row between the first forgetting and the delete.
    cache.forgetSession(id);
    await settled();
  }

  /**
   * A new CSRF seed whenever the session cookie changes (sign-in, sign-out, an ended session):
   * a token from before no longer works. The page's script takes the new token from the
   * answer's X-CSRF-Token header (apps/web/src/lib/api.ts); later hooks of this request see
   * the new cookies too.
   */
  function rotateCsrf(request: FastifyRequest, reply: FastifyReply) {
    const seed = randomBytes(24).toString("base64url");
    reply.setCookie(CSRF_COOKIE, seed, { path: "/", httpOnly: true, sameSite: "lax", secure });
    request.cookies[CSRF_COOKIE] = seed;
    reply.header(CSRF_HEADER, csrfTokenOf(request, config.APP_SECRET));
  }

  // CSRF first: every state-changing call carries the page's token, made for this browser's
  // seed and session cookie, and the XMLHttpRequest marker. It needs no database, so a
  // forged call costs no session lookup.
  // Except a call a mailbox provider posts (RFC 8058 one-click unsubscribe): it comes with no
  // cookie and no page, and its signed path alone says what it may change.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossSite) return;
    const expected = csrfTokenOf(request, config.APP_SECRET);
    const given = request.headers[CSRF_HEADER];
    const ok =
      expected !== null &&
      typeof given === "string" &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected)) &&
      request.headers["x-requested-with"] === "XMLHttpRequest";
    if (!ok) throw forbidden("Your page has expired. Please reload it and try again.");
  });

  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = hash(token);
    const now = Date.now();
    let row = cache.get(id, now);
    if (!row) {
      const since = cache.begin();
      [row] = await lookup.execute({ id });
      if (row) cache.set(id, row, usersOf(row), now, since);
    }
    // A session ended elsewhere (signed out, replaced by a sign-in, an impersonation ended):
    // this request is anonymous, but the browser's cookies are left alone. Clearing them here
    // would also clear the ones the browser got meanwhile from the call that ended it, when
    // this is a late answer to a call the old page had in flight: the person would find
    // themself signed out of their new session.
    if (!row) return;
    if (
      row.session.expiresAt.getTime() <= now ||
      row.session.lastSeenAt.getTime() + idleMs <= now
    ) {
      cache.forgetSession(id);
      await db.delete(sessions).where(eq(sessions.id, id));
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      delete request.cookies[SESSION_COOKIE];
      rotateCsrf(request, reply);
      return;
    }
    if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
      // The cached copy is touched too, so the next requests neither write nor look idle.
      row.session.lastSeenAt = new Date(now);
    }
    const toAuthUser = ({ schoolDistrictId, ...u }: Found["user"]): AuthUser => ({
      ...u,
      districtId: u.districtId ?? schoolDistrictId,
    });
    request.auth = {
      sessionId: id,
      user: toAuthUser(row.user),
      impersonator:
        row.impersonator?.id != null ? toAuthUser(row.impersonator as Found["user"]) : null,
    };
  });

  return {
    /**
     * Starts a fresh session (a new id every sign-in), ending the one the request had, with a
     * new CSRF token bound to it.
     */
    async start(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
      impersonatorId: number | null = null,
    ) {
      if (request.auth) await endSession(request.auth.sessionId);
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + config.SESSION_MAX_DAYS * 86_400_000);
      await db.insert(sessions).values({
        id: hash(token),
        userId,
        impersonatorId,
        expiresAt,
        ip: request.ip,
        userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        expires: expiresAt,
      });
      request.cookies[SESSION_COOKIE] = token;
      rotateCsrf(request, reply);
    },
    /** Ends the session; the CSRF token of the signed-in page stops working with it. */
    async end(request: FastifyRequest, reply: FastifyReply) {
      if (request.auth) await endSession(request.auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      delete request.cookies[SESSION_COOKIE];
      rotateCsrf(request, reply);
    },
    /**
     * Forgets the cached sessions of users whose account changed (password, name, role,
     * school) or is gone, at once in this process; the database tells the others.
     */
    async forgetUsers(ids: readonly number[]) {
      cache.forgetUsers(ids);
      await settled();
    },
    /** The token for the page's meta tag, setting the CSRF cookie on first visit. */
    csrfToken(request: FastifyRequest, reply: FastifyReply): string {
      const existing = csrfTokenOf(request, config.APP_SECRET);
      if (existing) return existing;
      const seed = randomBytes(24).toString("base64url");
      reply.setCookie(CSRF_COOKIE, seed, { path: "/", httpOnly: true, sameSite: "lax", secure });
      // Later hooks in this request see the new cookie too.
      request.cookies[CSRF_COOKIE] = seed;
      return sign(seed, request.cookies[SESSION_COOKIE], config.APP_SECRET);
    },
  };
}

export type SessionStore = ReturnType<typeof registerSessions>;

/**
 * The CSRF token: an HMAC of the browser's random seed and of its session (the hash of the
 * session cookie, none before sign-in). A token works only with the cookies it was made for:
 * not after sign-in or sign-out, and not with another session's cookie.
 */
const sign = (seed: string, sessionToken: string | undefined, secret: string) =>
  createHmac("sha256", secret)
    .update(`csrf:${seed}:${sessionToken ? hash(sessionToken) : ""}`)
    .digest("base64url");

function csrfTokenOf(request: FastifyRequest, secret: string): string | null {
  const seed = request.cookies[CSRF_COOKIE];
  return seed ? sign(seed, request.cookies[SESSION_COOKIE], secret) : null;
}
