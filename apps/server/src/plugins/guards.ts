import type { Role } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { AppError, forbidden, notFound, notSignedIn } from "./errors.ts";
import type { Auth } from "./session.ts";

/**
 * A route's guard: signed in, and in one of `roles`. Every route names its guard, so the
 * authorization matrix can be read off the route table.
 */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    if (!request.auth) throw notSignedIn();
    if (!roles.includes(request.auth.user.role)) throw forbidden();
  };
}

export const requireSignedIn = async (request: FastifyRequest) => {
  if (!request.auth) throw notSignedIn();
};

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

/** Changing one's password or e-mail is never done by an admin acting as someone else. */
export const forbidWhileImpersonating = async (request: FastifyRequest) => {
  if (request.auth?.impersonator)
    throw new AppError(403, "This cannot be changed while impersonating.");
};
