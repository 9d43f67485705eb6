import { messages } from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import { sessions, users } from "../../db/schema/index.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ LOGIN_LIMIT_PER_NAME: "5", LOGIN_LIMIT_PER_IP: "1000" });
});
afterAll(() => ctx.close());

describe("POST /login", () => {
  it("signs an adult in by username or e-mail with an httpOnly, SameSite session cookie", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    const reply = await client.post("/login", {
      login: teacher.username.toUpperCase(),
      password: teacher.password,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, redirect: "/" });
    const cookie = String(reply.headers["set-cookie"]);
    expect(cookie).toMatch(/refrain_session=[^;]+;.*HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const session = await client.get("/auth/session");
    expect(session.body.user).toMatchObject({
      id: teacher.id,
      role: "teacher",
      impersonated: false,
    });

    const byEmail = await ctx
      .client()
      .post("/login", { login: teacher.email, password: teacher.password });
    expect(byEmail.status).toBe(200);
  });

  it("gives a new session id at every sign-in and ends the old one", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    const first = client.cookies.get("refrain_session");
    await client.signIn(teacher);
    const second = client.cookies.get("refrain_session");
    expect(second).not.toBe(first);
    const stale = ctx.client();
    stale.cookies.set("refrain_session", first as string);
    expect((await stale.get("/auth/session")).body.user).toBeNull();
  });

  it("answers the same generic message for a wrong password and an unknown name", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    for (const body of [
      { login: teacher.username, password: "wrong-password" },
      { login: "nobody-by-this-name", password: "wrong-password" },
    ]) {
      const reply = await ctx.client().post("/login", body);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({
        success: false,
        message: messages.invalidLogin,
        errors: { login: [messages.invalidLogin] },
      });
      expect(reply.headers["set-cookie"] ?? "").not.toMatch(/refrain_session=[^;]/);
    }
  });

  it("refuses students at the adults' door", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const reply = await ctx
      .client()
      .post("/login", { login: student.username, password: student.password });
    expect(reply.status).toBe(401);
  });

  it("validates empty and too long fields with the spec's messages (422)", async () => {
    const empty = await ctx.client().post("/login", { login: "  ", password: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      login: ["Field is required"],
      password: ["Field is required"],
    });
    const missing = await ctx.client().post("/login", {});
    expect(missing.body.errors).toEqual({
      login: ["Field is required"],
      password: ["Field is required"],
    });
    const long = await ctx
      .client()
      .post("/login", { login: "x".repeat(46), password: "p".repeat(33) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({
      login: ["Field cannot have more than 45 characters."],
      password: ["Field cannot have more than 32 characters."],
    });
    const edge = await ctx
      .client()
      .post("/login", { login: "x".repeat(45), password: "p".repeat(32) });
    expect(edge.status).toBe(401);
  });

  it("rate-limits attempts per login name with a clear 429", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post("/login", { login: teacher.username, password: "nope-nope" })).status,
      ).toBe(401);
    }
    const blocked = await client.post("/login", {
      login: teacher.username,
      password: teacher.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts);
  });
});

describe("client addresses", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const direct = await buildTestApp({
      TRUST_PROXY: "",
      LOGIN_LIMIT_PER_IP: "2",
      LOGIN_LIMIT_PER_NAME: "100",
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const client = direct.client();
        const reply = await client.request(
          "POST",
          "/login",
          { login: `nobody${i}`, password: "x" },
          { "x-forwarded-for": `203.0.113.${i}` },
        );
        statuses.push(reply.status);
      }
      // Three "different" addresses are one client: the third attempt is over the limit of 2.
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe("CSRF", () => {
  it("refuses a state-changing call without the token or the XMLHttpRequest marker, changing nothing", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    const noToken = ctx.client();
    noToken.withCsrf = false;
    const reply = await noToken.post("/login", {
      login: teacher.username,
      password: teacher.password,
    });
    expect(reply.status).toBe(403);

    const noMarker = ctx.client();
    await noMarker.refreshCsrf();
    const reply2 = await noMarker.request(
      "POST",
      "/login",
      { login: teacher.username, password: teacher.password },
      { "x-requested-with": "" },
    );
    expect(reply2.status).toBe(403);

    const forged = ctx.client();
    await forged.refreshCsrf();
    forged.csrfToken = "forged-token-value-forged-token-value-abcd";
    expect(
      (await forged.post("/login", { login: teacher.username, password: teacher.password })).status,
    ).toBe(403);

    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe("sessions", () => {
  it("logout ends the session on the server", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    const token = client.cookies.get("refrain_session") as string;
    expect((await client.post("/logout")).body).toEqual({ success: true, redirect: "/" });
    const replay = ctx.client();
    replay.cookies.set("refrain_session", token);
    expect((await replay.get("/auth/session")).body.user).toBeNull();
  });

  it("refuses the cookie of a deleted user", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    await ctx.db.delete(users).where(eq(users.id, teacher.id));
    expect((await client.get("/auth/session")).body.user).toBeNull();
    expect((await client.post("/teacher/students", { verb: "list" })).status).toBe(401);
  });

  it("ends a session idle for longer than the idle timeout", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (ctx.config.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where(eq(sessions.userId, teacher.id));
    expect((await client.get("/auth/session")).body.user).toBeNull();
    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, teacher.id));
    expect(left).toHaveLength(0);
  });

  it("ends a session past its absolute lifetime", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, teacher.id));
    expect((await client.get("/auth/session")).body.user).toBeNull();
  });
});
