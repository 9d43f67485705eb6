import { classIsOpen, lapsedMessages } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { paymentRequired } from "../../../core/errors.ts";
import type { Db } from "../../../db/client.ts";
import { authOf } from "../../../plugins/guards.ts";
import { storedSubscription } from "./copy.ts";

/**
 * The one rule of what a lapsed class may not do (docs/decisions/0024): start new work. Routes
 * that add students, assign lessons, or let a student read along, answer, write or record use
 * this guard (or `assertOpenClass` for one verb of a verb route); everything else, the class's
 * history and every way to take it away or delete it, stays open. Our stored copy of the
 * subscription decides, without asking the payment provider: a request never waits on it.
 */
export async function assertOpenClass(deps: Deps, request: FastifyRequest) {
  const { user } = authOf(request);
  const owner = user.role === "student" ? user.teacherId : user.id;
  if (owner === null || (await classOpenFor(deps, owner))) return;
  throw paymentRequired(user.role === "student" ? lapsedMessages.student : lapsedMessages.owner);
}

/** Whether the class of this teacher or parent may start new work now. */
export async function classOpenFor(deps: Deps, ownerId: number): Promise<boolean> {
  const now = deps.now();
  const sub = await storedSubscription(deps.db, ownerId, now);
  return classIsOpen(sub, now.toISOString().slice(0, 10));
}

interface Deps {
  db: Db;
  now: () => Date;
}

/** `assertOpenClass` as a route's preHandler. */
export const requireOpenClass = (deps: Deps) => async (request: FastifyRequest) =>
  assertOpenClass(deps, request);
