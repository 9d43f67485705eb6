import type { FastifyRequest } from "fastify";
import type { LimitName, RateLimiter } from "../core/limits.ts";

/**
 * A route's rate limit, as a hook: counts one use of `name` per request, keyed by the client's
 * address unless `keyOf` says otherwise, and answers 429 past the limit. As `preValidation`
 * it counts every request, valid or not; as `preHandler`, only those that passed validation
 * and the route's guards.
 */
export function rateLimit(
  limiter: RateLimiter,
  name: LimitName,
  keyOf: (request: FastifyRequest) => string = (request) => request.ip,
) {
  return async (request: FastifyRequest) => limiter.check(name, keyOf(request));
}
