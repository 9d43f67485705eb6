import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const DEVICE_COOKIE = "refrain_device";

/**
 * How long a browser stays known: the longest a browser keeps a cookie (Chromium caps them at
 * 400 days), so a teacher's laptop or a classroom tablet stays known across a school year.
 */
const DEVICE_COOKIE_DAYS = 400;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser an attempt comes from, as the SHA-256 of its device cookie, or null when it has
 * none. The cookie is 32 random bytes given at a sign-in, so it cannot be guessed; the server
 * keeps only its hash, in the login limits' memos (login-limits.ts), which say which accounts
 * and classes signed in on it.
 */
export function deviceOf(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token && TOKEN.test(token) ? createHash("sha256").update(token).digest("hex") : null;
}

/** The browser's device id, giving it a cookie first when it has none. */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const known = deviceOf(request);
  if (known) return known;
  const token = randomBytes(32).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  request.cookies[DEVICE_COOKIE] = token;
  return deviceOf(request) as string;
}
