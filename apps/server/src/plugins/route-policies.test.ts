import { allows, ROLES, type RoutePolicy } from "@refrain/domain";
import type { RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../test/authorization.ts";
import { appWithRolesForFile } from "../../test/own-app.ts";
import type { Guard } from "./guards.ts";
import { SESSION_COOKIE } from "./session.ts";

/**
 * The authorization matrix of the whole route table: every route names its policy
 * (domain/src/policies.ts) through its guard, a public one too, and answers as that policy
 * says for every caller. The areas' own matrices check real calls with valid input; this one
 * proves that no route was left out.
 */

const { ctx, world } = appWithRolesForFile();

/** Routes that third-party plugins add, which cannot name a policy: public by what they serve. */
const PLUGIN_ROUTES = [
  // The OpenAPI document and its viewer (@fastify/swagger-ui).
  "/api/docs",
  // The built web app's files (@fastify/static), when a build exists.
  "/assets/",
];

/**
 * Routes whose callers inside the policy may still be refused, by a rule beyond the role; each
 * names the test that covers the rule.
 */
const REFUSED_BEYOND_ROLE: Record<string, string> = {
  // Only while impersonating (impersonation.test.ts).
  "POST /impersonate/leave": "a caller who is not impersonating anyone gets 403",
};

const hooks = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);
const isGuard = (hook: unknown): hook is Guard => typeof hook === "function" && "policy" in hook;

/** Every route of the table once per method, with the policies its guards name. */
function routeTable() {
  const table = new Map<string, { method: string; url: string; policies: RoutePolicy[] }>();
  for (const route of ctx.routes as RouteOptions[]) {
    if (PLUGIN_ROUTES.some((prefix) => route.url.startsWith(prefix))) continue;
    const policies = hooks(route.onRequest)
      .filter(isGuard)
      .map((guard) => guard.policy);
    for (const method of hooks(route.method)) {
      // Fastify adds a HEAD route beside every GET, with the GET's hooks.
      if (method === "HEAD") continue;
      table.set(`${method} ${route.url}`, { method: String(method), url: route.url, policies });
    }
  }
  return [...table.entries()];
}

/** A body no route's schema takes, so that no call changes anything. */
const INVALID_BODY = { verb: 12, email: ["x"], step: "x", student: 1, message: {}, id: "x" };

describe("the route table", () => {
  it("names exactly one policy on every route", () => {
    const table = routeTable();
    const unnamed = table
      .filter(([, route]) => route.policies.length !== 1)
      .map(([key, route]) => `${key}: ${route.policies.length} policies`);
    expect(unnamed).toEqual([]);
    expect(table.length).toBeGreaterThan(40);
  });

  it("answers every caller as the route's policy says", async () => {
    const mismatches: string[] = [];
    for (const [key, route] of routeTable()) {
      const policy = route.policies[0];
      if (!policy) continue;
      const method = route.method as "GET" | "POST";
      // Path parameters and the query are as wrong as the body.
      const url = `${route.url.replace(/:\w+/g, "not-an-id")}?page=-1&limit=x`;
      const body = method === "GET" ? undefined : INVALID_BODY;
      for (const caller of ["anonymous", ...ROLES] as Caller[]) {
        const client = world.clients[caller];
        const { status } = await client.request(method, url, body);
        const inside = policy === "public" || (caller !== "anonymous" && allows(policy, caller));
        const expected = inside ? "neither 401 nor 403" : caller === "anonymous" ? "401" : "403";
        const fits = inside
          ? (status !== 401 && status !== 403) || (status === 403 && key in REFUSED_BEYOND_ROLE)
          : status === (caller === "anonymous" ? 401 : 403);
        if (!fits) mismatches.push(`${key} as ${caller}: ${status}, expected ${expected}`);
        // A call that ends the session (POST /logout) must not change the next route's answer.
        if (caller !== "anonymous" && !client.cookies.has(SESSION_COOKIE))
          await client.signIn({
            ...world.people[caller],
            teacherUsername: world.people.teacher.username,
          });
      }
    }
    expect(mismatches).toEqual([]);
  });
});
