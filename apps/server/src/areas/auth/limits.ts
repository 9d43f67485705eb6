import type { FastifyRequest } from "fastify";
import { tooManyRequests } from "../../plugins/errors.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;

/**
 * How often visitors may use the public sign-up and sign-in-by-mail doors. A school's
 * classrooms often share one address, so the per-address limits leave room for a staff room
 * signing up together; the per-mailbox ones stop anyone flooding one person's inbox.
 */
export const AUTH_LIMITS = {
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
} as const;

export type LimitName = keyof typeof AUTH_LIMITS;

/** Counts one use of `name` for `key` (the client's address unless given); 429 past the limit. */
export function limitOrThrow(
  limiter: RateLimiter,
  request: FastifyRequest,
  name: LimitName,
  key: string = request.ip,
) {
  const { limit, windowMs } = AUTH_LIMITS[name];
  if (!limiter.hit(`${name}:${key}`, limit, windowMs)) throw tooManyRequests();
}
