import { ROLES, type Role } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { AppError, forbidden, notFound, notSignedIn } from "./errors.ts";
import type { Auth } from "./session.ts";

/** A guard, and the roles it lets through (every role for `requireSignedIn`). */
export type Guard = ((request: FastifyRequest) => Promise<void>) & { guardRoles: readonly Role[] };

/**
 * A route's guard: signed in, and in one of `roles`. Every route names its guard, so the
 * authorization matrix can be read off the route table. Routes give guards as `onRequest`
 * hooks, which run before the body is parsed or validated: a caller who may not use the route
 * gets 401 or 403 and learns nothing of its fields.
 */
export function requireRole(...roles: Role[]): Guard {
  const guard = async (request: FastifyRequest) => {
    if (!request.auth) throw notSignedIn();
    if (!roles.includes(request.auth.user.role)) throw forbidden();
  };
  return Object.assign(guard, { guardRoles: roles });
}

export const requireSignedIn: Guard = Object.assign(
  async (request: FastifyRequest) => {
    if (!request.auth) throw notSignedIn();
  },
  { guardRoles: ROLES },
);

/** The caller's auth after a guard ran. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/**
 * Ownership: a record the caller may not see reads as missing. Services pass the row they
 * found with the caller's scope in the query; null becomes 404.
 */
export function ownedOr404<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw notFound();
  return row;
}

/**
 * Changing one's password or e-mail is never done by an admin acting as someone else (an
 * `onRequest` hook too).
 */
export const forbidWhileImpersonating = async (request: FastifyRequest) => {
  if (request.auth?.impersonator)
    throw new AppError(403, "This cannot be changed while impersonating.");
};
