import { POLICIES, ROLES, type Role, type RoutePolicy } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import type { Auth } from "../core/context.ts";
import { forbidden, notSignedIn } from "../core/errors.ts";

/** A route's guard, with the policy it enforces and the roles that policy lets through. */
export type Guard = ((request: FastifyRequest) => Promise<void>) & {
  policy: RoutePolicy;
  guardRoles: readonly Role[];
};

/**
 * A route's guard: signed in, and in the policy's group (domain/src/policies.ts); "public" lets
 * everyone through, signed in or not. Every route names its policy, even a public one, so the
 * authorization matrix is read off the route table and a test finds any route that names none.
 * Routes give guards as `onRequest` hooks, which run before the body is parsed or validated: a
 * caller who may not use the route gets 401 or 403 and learns nothing of its fields.
 */
export function requirePolicy(policy: RoutePolicy): Guard {
  if (policy === "public") return Object.assign(async () => {}, { policy, guardRoles: ROLES });
  const roles: readonly Role[] = POLICIES[policy];
  const guard = async (request: FastifyRequest) => {
    if (!request.auth) throw notSignedIn();
    if (!roles.includes(request.auth.user.role)) throw forbidden();
  };
  return Object.assign(guard, { policy, guardRoles: roles });
}

/** The caller's auth after a guard ran. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/**
 * Changing one's password or e-mail is never done by an admin acting as someone else (an
 * `onRequest` hook too).
 */
export const forbidWhileImpersonating = async (request: FastifyRequest) => {
  if (request.auth?.impersonator) throw forbidden("This cannot be changed while impersonating.");
};
