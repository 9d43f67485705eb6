import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Auth, AuthUser } from "../core/context.ts";
import { registerErrorHandler } from "./errors.ts";
import { forbidWhileImpersonating, requirePolicy } from "./guards.ts";

const person = (id: number, role: AuthUser["role"]): AuthUser => ({
  id,
  role,
  username: `u${id}`,
  firstName: "",
  lastName: "",
  schoolId: null,
  districtId: null,
  teacherId: null,
});

/** A bare app whose requests carry the auth given in a test header. */
async function appWith(auths: Record<string, Auth | null>) {
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    request.auth = auths[String(request.headers["x-as"])] ?? null;
  });
  app.get("/teachers-only", { onRequest: requirePolicy("classOwners") }, async () => ({
    ok: true,
  }));
  app.get("/open", { onRequest: requirePolicy("public") }, async () => ({ ok: true }));
  app.post(
    "/password",
    { onRequest: [requirePolicy("classOwners"), forbidWhileImpersonating] },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe("guards", () => {
  it("requirePolicy answers 401 signed out, 403 for roles outside the policy", async () => {
    const app = await appWith({
      teacher: { sessionId: "a", user: person(1, "teacher"), impersonator: null },
      student: { sessionId: "b", user: person(2, "student"), impersonator: null },
    });
    expect((await app.inject({ url: "/teachers-only" })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: "/teachers-only", headers: { "x-as": "student" } })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: "/teachers-only", headers: { "x-as": "teacher" } })).statusCode,
    ).toBe(200);
  });

  it('requirePolicy("public") lets everyone through, signed in or not', async () => {
    const app = await appWith({
      student: { sessionId: "b", user: person(2, "student"), impersonator: null },
    });
    expect((await app.inject({ url: "/open" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/open", headers: { "x-as": "student" } })).statusCode).toBe(
      200,
    );
  });

  it("forbids changing one's password while an admin impersonates", async () => {
    const app = await appWith({
      self: { sessionId: "a", user: person(1, "teacher"), impersonator: null },
      admin: {
        sessionId: "b",
        user: person(1, "teacher"),
        impersonator: person(9, "school_admin"),
      },
    });
    expect(
      (await app.inject({ method: "POST", url: "/password", headers: { "x-as": "self" } }))
        .statusCode,
    ).toBe(200);
    const reply = await app.inject({
      method: "POST",
      url: "/password",
      headers: { "x-as": "admin" },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe("This cannot be changed while impersonating.");
  });
});
