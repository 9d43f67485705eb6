import { messages } from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestClient, TestContext } from "../../../test/build-test-app.ts";
import { testAppForFile, withTestApp } from "../../../test/own-app.ts";
import { sessions, users } from "../../db/schema/index.ts";

const ctx = testAppForFile({ LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "5", LOGIN_LIMIT_PER_IP: "1000" });

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
    const late = await stale.get("/auth/session");
    expect(late.body.user).toBeNull();
    // A late answer to the old page clears no cookie: the browser already holds the new ones.
    expect(String(late.headers["set-cookie"] ?? "")).not.toContain("refrain_session");
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
    const required = { login: ["Field is required"], password: ["Field is required"] };
    const tooLong = {
      login: ["Field cannot have more than 45 characters."],
      password: ["Field cannot have more than 32 characters."],
    };
    // Blank, missing, then one character too long each.
    for (const [body, errors] of [
      [{ login: "  ", password: "" }, required],
      [{}, required],
      [{ login: "x".repeat(46), password: "p".repeat(33) }, tooLong],
    ] as const) {
      const reply = await ctx.client().post("/login", body);
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual(errors);
    }
    const edge = await ctx
      .client()
      .post("/login", { login: "x".repeat(45), password: "p".repeat(32) });
    expect(edge.status).toBe(401);
  });

  it("rate-limits failures per account and client with a clear 429, however the name is typed", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    const typings = [teacher.username, teacher.email, teacher.username.toUpperCase()];
    for (let i = 0; i < 5; i++) {
      const login = typings[i % typings.length] as string;
      expect((await client.post("/login", { login, password: "nope-nope" })).status).toBe(401);
    }
    // The sixth try, typed as the e-mail address, meets the same count as the username.
    const blocked = await client.post("/login", {
      login: teacher.email,
      password: teacher.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts);
  });

  it("never lets a stranger's failures lock the owner out from another address", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const stranger = from("198.51.100.7");
    for (let i = 0; i < 12; i++)
      await stranger.post("/login", { login: teacher.username, password: "guess-guess" });
    expect(
      (await stranger.post("/login", { login: teacher.username, password: teacher.password }))
        .status,
    ).toBe(429);
    const owner = from("192.0.2.44");
    const reply = await owner.post("/login", {
      login: teacher.username,
      password: teacher.password,
    });
    expect(reply.status).toBe(200);
  });
});

/** A client posting from its own address (tests trust 127.0.0.1 as a proxy). */
function from(ip: string, context: TestContext = ctx) {
  const client = context.client();
  return {
    client,
    post: (url: string, body: unknown) =>
      client.request("POST", url, body, { "x-forwarded-for": ip }),
  };
}

describe("the per-account ceiling", () => {
  it("holds back guessing spread over addresses, but not an address the owner signed in from", async () => {
    await withTestApp(
      {
        LOGIN_LIMIT_PER_IP: "1000",
        LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "2",
        LOGIN_LIMIT_PER_ACCOUNT: "4",
      },
      async (small) => {
        const teacher = await small.factories.user({ role: "teacher" });
        const right = { login: teacher.username, password: teacher.password };
        const wrong = { login: teacher.username, password: "guess-guess" };
        expect((await from("192.0.2.10", small).post("/login", right)).status).toBe(200);
        for (const ip of ["203.0.113.1", "203.0.113.2"]) {
          const guesser = from(ip, small);
          expect((await guesser.post("/login", wrong)).status).toBe(401);
          expect((await guesser.post("/login", wrong)).status).toBe(401);
          expect((await guesser.post("/login", wrong)).status).toBe(429);
        }
        // Four failures over two addresses reach the ceiling: a third address is held back…
        expect((await from("203.0.113.3", small).post("/login", right)).status).toBe(429);
        // …but the address the teacher signed in from before still gets in.
        expect((await from("192.0.2.10", small).post("/login", right)).status).toBe(200);
      },
    );
  });
});

describe("a school behind one address", () => {
  it("keeps its teachers' right passwords working while a student floods the address with guesses", async () => {
    await withTestApp({}, async (school) => {
      const rivera = await school.factories.user({ role: "teacher" });
      const okafor = await school.factories.user({ role: "teacher" });
      const newcomer = await school.factories.user({ role: "teacher" });
      const at = (ip: string) => school.client({ address: ip });
      const rightOf = (t: typeof rivera) => ({ login: t.username, password: t.password });
      // Both teachers signed in from the school's address before (on other browsers).
      expect((await at("10.0.0.5").post("/login", rightOf(rivera))).status).toBe(200);
      expect((await at("10.0.0.5").post("/login", rightOf(okafor))).status).toBe(200);
      // A student makes 52 failed sign-ins with made-up names, each from a fresh browser.
      const statuses = new Set<number>();
      for (let i = 0; i < 52; i++)
        statuses.add(
          (await at("10.0.0.5").post("/login", { login: `made.up${i}`, password: "guess-guess" }))
            .status,
        );
      expect([...statuses].sort()).toEqual([401, 429]);
      // The teachers' right passwords still get in, on new browsers at that address…
      expect((await at("10.0.0.5").post("/login", rightOf(rivera))).status).toBe(200);
      expect((await at("10.0.0.5").post("/login", rightOf(okafor))).status).toBe(200);
      // …while guessing stays slowed: a wrong password answers like a made-up name, and a
      // teacher who never signed in from there waits like everyone else.
      const guess = await at("10.0.0.5").post("/login", { ...rightOf(rivera), password: "nope-1" });
      expect(guess.status).toBe(429);
      expect(guess.body.message).toBe(messages.tooManyAttempts);
      expect((await at("10.0.0.5").post("/login", rightOf(newcomer))).status).toBe(429);
    });
  });

  it("lets a teacher in on her own browser even after her account's guesses are used up there", async () => {
    await withTestApp({ LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "3" }, async (school) => {
      const rivera = await school.factories.user({ role: "teacher" });
      const right = { login: rivera.username, password: rivera.password };
      const laptop = school.client({ address: "10.0.0.6" });
      expect((await laptop.post("/login", right)).status).toBe(200);
      await laptop.post("/logout");
      // A student guesses her password from the same address until it is held back there.
      const guesser = school.client({ address: "10.0.0.6" });
      for (let i = 0; i < 3; i++) await guesser.post("/login", { ...right, password: `try-${i}a` });
      expect((await guesser.post("/login", right)).status).toBe(429);
      // Her own browser carries the cookie of her sign-in: it is counted apart, and gets in.
      expect(laptop.cookies.has("refrain_device")).toBe(true);
      expect((await laptop.post("/login", right)).status).toBe(200);
      await laptop.post("/logout");
      // Its own typos are counted too, on that browser alone.
      for (let i = 0; i < 3; i++)
        expect((await laptop.post("/login", { ...right, password: `typo-${i}b` })).status).toBe(
          401,
        );
      expect((await laptop.post("/login", right)).status).toBe(429);
    });
  });
});

describe("client addresses", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    await withTestApp(
      {
        TRUST_PROXY: "",
        LOGIN_LIMIT_PER_IP: "2",
        LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "100",
      },
      async (direct) => {
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
      },
    );
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

  const list = (client: TestClient, token = client.csrfToken) =>
    client.request("POST", "/teacher/students", { verb: "list" }, { "x-csrf-token": token });

  it("refuses after sign-in the token the page had before, and sends the new one with the answer", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.refreshCsrf();
    const before = client.csrfToken;
    const signIn = await client.signIn(teacher);
    expect(signIn.headers["x-csrf-token"]).toEqual(expect.any(String));
    expect(signIn.headers["x-csrf-token"]).not.toBe(before);
    expect((await list(client, before)).status).toBe(403);
    expect((await list(client)).status).toBe(200);
  });

  it("binds the token to its session: another session's cookie does not take it", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const a = ctx.client();
    const b = ctx.client();
    await a.signIn(teacher);
    await b.signIn(teacher);
    // A's CSRF cookie and token with B's session cookie…
    const mixed = ctx.client();
    mixed.cookies.set("refrain_csrf", a.cookies.get("refrain_csrf") as string);
    mixed.cookies.set("refrain_session", b.cookies.get("refrain_session") as string);
    expect((await list(mixed, a.csrfToken)).status).toBe(403);
    // …and A's token with all of B's cookies are refused; each works with its own.
    expect((await list(b, a.csrfToken)).status).toBe(403);
    expect((await list(a)).status).toBe(200);
    expect((await list(b)).status).toBe(200);
  });

  it("refuses after sign-out the token of the signed-in page", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    const signedIn = client.csrfToken;
    const logout = await client.post("/logout");
    expect(logout.status).toBe(200);
    expect(client.csrfToken).not.toBe(signedIn);
    const signInAgain = { login: teacher.username, password: teacher.password };
    const stale = await client.request("POST", "/login", signInAgain, {
      "x-csrf-token": signedIn,
    });
    expect(stale.status).toBe(403);
    expect((await client.post("/login", signInAgain)).status).toBe(200);
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
