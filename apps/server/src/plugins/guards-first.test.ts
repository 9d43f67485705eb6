import { ROLES } from "@refrain/domain";
import type { RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { appWithRolesForFile } from "../../test/own-app.ts";
import type { Guard } from "./guards.ts";

const { ctx, world } = appWithRolesForFile();

const hooks = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);
const isGuard = (hook: unknown): hook is Guard =>
  typeof hook === "function" && "guardRoles" in hook;

/** Every route that not everyone may call, once, with the roles its guards let through. */
function guardedRoutes() {
  const seen = new Set<string>();
  const out: { method: "GET" | "POST"; url: string; roles: readonly string[] }[] = [];
  for (const route of ctx.routes as RouteOptions[]) {
    // A public route's guard lets everyone through: nothing to answer first.
    const guards = hooks(route.onRequest)
      .filter(isGuard)
      .filter((guard) => guard.policy !== "public");
    if (guards.length === 0) continue;
    for (const method of hooks(route.method)) {
      if (method !== "GET" && method !== "POST") continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const roles = ROLES.filter((role) => guards.every((g) => g.guardRoles.includes(role)));
      // Path parameters and the query are as wrong as the body: the guard answers first.
      const url = `${String(route.url).replace(/:\w+/g, "not-an-id")}?page=-1&limit=x`;
      out.push({ method, url, roles });
    }
  }
  return out;
}

/** A body no route's schema takes: wrong types where fields are expected, and unknown ones. */
const INVALID_BODY = { verb: 12, email: ["x"], step: "x", student: 1, message: {}, id: "x" };

describe("guards", () => {
  it("are onRequest hooks on every route that has one, never later hooks", () => {
    const late = (ctx.routes as RouteOptions[]).flatMap((route) =>
      (["preParsing", "preValidation", "preHandler"] as const)
        .filter((hook) => hooks(route[hook]).some(isGuard))
        .map((hook) => `${String(route.method)} ${route.url} guards in ${hook}`),
    );
    expect(late).toEqual([]);
    expect(guardedRoutes().length).toBeGreaterThan(20);
  });

  it("answer anonymous callers 401 and wrong roles 403 before the body is read, with no field messages", async () => {
    const mismatches: string[] = [];
    for (const route of guardedRoutes()) {
      const body = route.method === "POST" ? INVALID_BODY : undefined;
      const anonymous = await world.clients.anonymous.request(route.method, route.url, body);
      if (anonymous.status !== 401 || anonymous.body.errors !== undefined)
        mismatches.push(`${route.method} ${route.url} anonymous: ${anonymous.status}`);
      const outsider = ROLES.find((role) => !route.roles.includes(role));
      if (!outsider) continue;
      const wrongRole = await world.clients[outsider].request(route.method, route.url, body);
      if (wrongRole.status !== 403 || wrongRole.body.errors !== undefined)
        mismatches.push(`${route.method} ${route.url} as ${outsider}: ${wrongRole.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("leave field messages to callers who may use the route", async () => {
    const reply = await world.clients.teacher.post("/teacher/students", INVALID_BODY);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toBeDefined();
  });
});
