import { Writable } from "node:stream";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { buildTestApp, type TestClient, type TestContext } from "../../../test/build-test-app.ts";
import {
  answerAtProvider,
  type LocalOidcProvider,
  startLocalOidcProvider,
} from "../../../test/local-oidc-provider.ts";
import { withTestApp } from "../../../test/own-app.ts";
import { FLOW_COOKIE } from "../../adapters/sso/providers.ts";
import { ConfigError, parseConfig } from "../../config.ts";
import { auditLog, userIdentities, users } from "../../db/schema/index.ts";

const PUBLIC_URL = "http://refrain.test";
const secretOf = (id: string) => `${id}-client-secret-0123456789`;
const client = (id: string) => ({
  clientId: `refrain-${id}`,
  clientSecret: secretOf(id),
  redirectUris: [`${PUBLIC_URL}/auth/oidc/${id}/callback`],
});

let ctx: TestContext;
/** Google-like: e-mail and names in the ID token. Clever's client lives here too. */
let idp: LocalOidcProvider;
/** Microsoft-like: a small ID token, e-mail and names from UserInfo. */
let userInfoIdp: LocalOidcProvider;

function providersSetting() {
  return JSON.stringify([
    { id: "google", label: "Google", issuer: idp.issuer, ...secrets("google") },
    { id: "microsoft", issuer: userInfoIdp.issuer, ...secrets("microsoft") },
    { id: "clever", label: "Clever", issuer: idp.issuer, ...secrets("clever"), students: true },
  ]);
}
const secrets = (id: string) => ({ clientId: `refrain-${id}`, clientSecret: secretOf(id) });

beforeAll(async () => {
  idp = await startLocalOidcProvider({ clients: [client("google"), client("clever")] });
  userInfoIdp = await startLocalOidcProvider({
    clients: [client("microsoft")],
    idTokenClaims: false,
  });
  ctx = await buildTestApp({
    PUBLIC_URL,
    OIDC_PROVIDERS: providersSetting(),
    LOGIN_LIMIT_PER_IP: "1000",
  });
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
  await userInfoIdp.close();
});

let seq = 0;
function person(
  at: LocalOidcProvider,
  claims: { email?: string; email_verified?: boolean; given_name?: string; family_name?: string },
) {
  const sub = `person-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  at.accounts.set(sub, { sub, ...claims });
  return sub;
}

/** Start at the app, sign in (or cancel) at the provider, and hand its answer to the app. */
async function ssoThrough(
  browser: TestClient,
  startPath: string,
  action: { login: string } | { cancel: true },
) {
  const started = await browser.get(startPath);
  expect(started.status).toBe(302);
  const back = await answerAtProvider(String(started.headers.location), action);
  expect(back.origin).toBe(PUBLIC_URL);
  const flowCookie = browser.cookies.get(FLOW_COOKIE);
  const answer = await browser.get(`${back.pathname}${back.search}`);
  return { answer, back, flowCookie };
}

/** A new person of `at` with these claims goes through `startPath` on a new browser. */
async function newPersonThrough(
  at: LocalOidcProvider,
  claims: Parameters<typeof person>[1],
  startPath: string,
) {
  const sub = person(at, claims);
  const browser = ctx.client();
  const { answer } = await ssoThrough(browser, startPath, { login: sub });
  return { sub, browser, answer };
}

const session = async (browser: TestClient) => (await browser.get("/auth/session")).body.user;

describe("OIDC_PROVIDERS", () => {
  const entry = {
    id: "google",
    issuer: "https://accounts.google.com",
    clientId: "refrain-web",
    clientSecret: "super-secret-value",
  };
  const parse = (value: unknown) =>
    parseConfig({ OIDC_PROVIDERS: typeof value === "string" ? value : JSON.stringify(value) });

  it("is empty by default and fills in the provider's usual name", () => {
    expect(parseConfig({}).OIDC_PROVIDERS).toEqual([]);
    expect(parse([entry]).OIDC_PROVIDERS).toEqual([{ ...entry, label: "Google", students: false }]);
  });

  it("stops start-up with one line naming the variable, never repeating the secret", () => {
    const cases: [unknown, RegExp][] = [
      ["{not json", /must be a JSON array/],
      [{ id: "google" }, /must be a JSON array of providers/],
      [[{ ...entry, id: "facebook" }], /entry 1: id must be one of google, microsoft/],
      [[{ ...entry, issuer: "http://idp.example.com" }], /entry 1: issuer must be an https:\/\//],
      [[{ ...entry, clientSecret: "" }], /entry 1: clientSecret is required/],
      [[entry, entry], /entry 2: google is listed twice/],
      [
        [
          { ...entry, students: true },
          { ...entry, id: "clever", students: true },
        ],
        /only one provider may have students: true/,
      ],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        parse(value);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      expect(text).toMatch(/^Invalid configuration: OIDC_PROVIDERS /);
      expect(text).toMatch(message);
      expect(text).not.toContain("\n");
      expect(text).not.toContain(entry.clientSecret);
    }
  });

  it("accepts http:// only for a provider on the loopback address", () => {
    expect(parse([{ ...entry, issuer: "http://127.0.0.1:3190" }]).OIDC_PROVIDERS).toHaveLength(1);
    expect(parse([{ ...entry, issuer: "http://localhost:3190" }]).OIDC_PROVIDERS).toHaveLength(1);
  });
});

describe("POST /social/providers", () => {
  it("lists Sign up with … buttons for the sign-up page", async () => {
    const reply = await ctx.client().post("/social/providers", { type: "register" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      {
        type: "google",
        url: "/auth/oidc/google/start?type=register",
        label: "Sign up with Google",
        name: "Google",
      },
      {
        type: "microsoft",
        url: "/auth/oidc/microsoft/start?type=register",
        label: "Sign up with Microsoft",
        name: "Microsoft",
      },
      {
        type: "clever",
        url: "/auth/oidc/clever/start?type=register",
        label: "Sign up with Clever",
        name: "Clever",
      },
    ]);
  });

  it("lists Login with … buttons for the login page, and the students' provider for students", async () => {
    const login = await ctx.client().post("/social/providers", { type: "login" });
    expect(login.body.map((e: { label: string }) => e.label)).toEqual([
      "Login with Google",
      "Login with Microsoft",
      "Login with Clever",
    ]);
    const student = await ctx.client().post("/social/providers", { type: "student" });
    expect(student.body).toEqual([
      { type: "clever", url: "/clever/login", label: "Log in with Clever", name: "Clever" },
    ]);
  });

  it("answers an empty list when no provider is configured", async () => {
    await withTestApp({}, async (bare) => {
      for (const type of ["register", "login", "student"]) {
        const reply = await bare.client().post("/social/providers", { type });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual([]);
      }
      expect((await bare.client().get("/clever/login")).status).toBe(404);
      expect((await bare.client().get("/auth/oidc/google/start")).status).toBe(404);
    });
  });

  it("validates the type (422)", async () => {
    const missing = await ctx.client().post("/social/providers", {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ type: ["Field is required"] });
    const wrong = await ctx.client().post("/social/providers", { type: "staff" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ type: ["Field must be register, login or student"] });
  });
});

describe("GET /auth/oidc/{provider}/start", () => {
  it("redirects to the provider with state, nonce and PKCE kept in a signed, short-lived cookie", async () => {
    const browser = ctx.client();
    const reply = await browser.get("/auth/oidc/google/start?type=register");
    expect(reply.status).toBe(302);
    const to = new URL(String(reply.headers.location));
    expect(to.origin).toBe(idp.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: "refrain-google",
      response_type: "code",
      redirect_uri: `${PUBLIC_URL}/auth/oidc/google/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    for (const name of ["state", "nonce", "code_challenge"])
      expect(to.searchParams.get(name)).toMatch(/^[\w-]{40,}$/);
    const cookie = String(reply.headers["set-cookie"]);
    expect(cookie).toMatch(/^refrain_oidc=[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/auth\/oidc\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The verifier itself never leaves in the URL.
    expect(reply.headers.location).not.toContain(browser.cookies.get(FLOW_COOKIE));
  });

  it("answers 404 for a provider that is not configured", async () => {
    expect((await ctx.client().get("/auth/oidc/classlink/start")).status).toBe(404);
    expect((await ctx.client().get("/auth/oidc/classlink/callback?code=x")).status).toBe(404);
  });

  it("reaches the route, not the web app, on a browser navigation", async () => {
    for (const url of ["/auth/oidc/google/start?type=login", "/clever/login"]) {
      const reply = await ctx.app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html,application/xhtml+xml" },
      });
      expect(reply.statusCode).toBe(302);
      expect(reply.headers.location).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    }
    const page = await ctx.app.inject({
      method: "GET",
      url: "/clever/loginpage",
      headers: { accept: "text/html" },
    });
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("sends the person back with the failure when the provider cannot be reached", async () => {
    const closed = await startLocalOidcProvider({ clients: [] });
    await closed.close();
    await withTestApp(
      {
        OIDC_PROVIDERS: JSON.stringify([
          { id: "google", issuer: closed.issuer, clientId: "a", clientSecret: "b" },
        ]),
      },
      async (down) => {
        const reply = await down.client().get("/auth/oidc/google/start?type=login");
        expect(reply.status).toBe(302);
        expect(reply.headers.location).toBe("/login?sso=failed&provider=google");
      },
    );
  });
});

describe("GET /auth/oidc/{provider}/callback", () => {
  it("creates a teacher with no password and an unfinished sign-up, signs in, and goes to complete it", async () => {
    const { sub, browser, answer } = await newPersonThrough(
      idp,
      {
        email: "Ada.Lovelace@school.example.org",
        email_verified: true,
        given_name: "Ada",
        family_name: "Lovelace",
      },
      "/auth/oidc/google/start?type=register",
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/complete-signup");
    expect(String(answer.headers["set-cookie"])).toMatch(/refrain_oidc=;/);
    expect(browser.cookies.has(FLOW_COOKIE)).toBe(false);

    const [identity] = await ctx.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, "google"), eq(userIdentities.subject, sub)));
    expect(identity).toBeDefined();
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, identity?.userId ?? -1));
    expect(user).toMatchObject({
      role: "teacher",
      username: "ada.lovelace",
      email: "Ada.Lovelace@school.example.org",
      firstName: "Ada",
      lastName: "Lovelace",
      passwordHash: null,
      signupComplete: false,
    });
    expect(await session(browser)).toMatchObject({ id: user?.id, role: "teacher" });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user?.id ?? -1));
    expect(audit.map((row) => row.action)).toEqual(["sso.signup"]);
  });

  it("gives a second person with the same e-mail name a different username", async () => {
    const first = person(idp, { email: "sam.lee@one.example.org", email_verified: true });
    const second = person(idp, { email: "sam.lee@two.example.org", email_verified: true });
    await ssoThrough(ctx.client(), "/auth/oidc/google/start?type=register", { login: first });
    await ssoThrough(ctx.client(), "/auth/oidc/google/start?type=register", { login: second });
    const rows = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(like(users.username, "sam.lee%"));
    const sams = rows.map((row) => row.username);
    expect(sams).toHaveLength(2);
    expect(sams).toContain("sam.lee");
    expect(sams.find((n) => n !== "sam.lee")).toMatch(/^sam\.lee\d{3}$/);
  });

  it("signs a linked person in again without creating anyone", async () => {
    const { sub, browser: first } = await newPersonThrough(
      idp,
      {
        email: "returning@example.org",
        email_verified: true,
        given_name: "Rita",
        family_name: "Moreno",
      },
      "/auth/oidc/google/start?type=register",
    );
    const userId = (await session(first)).id;
    const before = (await ctx.db.select({ id: users.id }).from(users)).length;

    // Still unfinished: back to the form.
    const again = await ssoThrough(ctx.client(), "/auth/oidc/google/start?type=login", {
      login: sub,
    });
    expect(again.answer.headers.location).toBe("/complete-signup");

    await ctx.db.update(users).set({ signupComplete: true }).where(eq(users.id, userId));
    const browser = ctx.client();
    const done = await ssoThrough(browser, "/auth/oidc/google/start?type=login", { login: sub });
    expect(done.answer.status).toBe(302);
    expect(done.answer.headers.location).toBe("/");
    expect((await session(browser)).id).toBe(userId);
    expect((await ctx.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it("links an existing teacher whose e-mail the provider says is verified", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const { sub, browser, answer } = await newPersonThrough(
      idp,
      {
        email: (teacher.email ?? "").toUpperCase(),
        email_verified: true,
        given_name: "Someone",
        family_name: "Else",
      },
      "/auth/oidc/google/start?type=login",
    );
    expect(answer.headers.location).toBe("/");
    expect(await session(browser)).toMatchObject({ id: teacher.id, username: teacher.username });
    const links = await ctx.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, teacher.id));
    expect(links).toMatchObject([{ provider: "google", subject: sub }]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, teacher.id), eq(auditLog.action, "sso.link")));
    expect(audit?.details).toEqual({ provider: "google", by: "verified_email" });
    // The teacher's own names stay.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, teacher.id));
    expect(row?.firstName).toBe(teacher.firstName);
  });

  // An admin or staff account is never linked by e-mail, even a verified one.
  it.each([
    { role: "teacher", verified: false, type: "register" },
    { role: "school_admin", verified: true, type: "login" },
    { role: "district_admin", verified: true, type: "login" },
    { role: "staff", verified: true, type: "login" },
  ] as const)(
    "does not link a $role on an e-mail (verified: $verified): they are told to use their password",
    async ({ role, verified, type }) => {
      const account = await ctx.factories.user({ role });
      const { browser, answer } = await newPersonThrough(
        idp,
        { email: account.email ?? "", email_verified: verified },
        `/auth/oidc/google/start?type=${type}`,
      );
      expect(answer.headers.location).toBe("/login?sso=email_in_use&provider=google");
      expect(await session(browser)).toBeNull();
      expect(
        await ctx.db.select().from(userIdentities).where(eq(userIdentities.userId, account.id)),
      ).toEqual([]);
    },
  );

  it("does not give a new account an e-mail address the provider has not verified", async () => {
    const { sub } = await newPersonThrough(
      idp,
      { email: "unverified.new@example.org", email_verified: false },
      "/auth/oidc/google/start?type=register",
    );
    const created = await ctx.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, sub));
    expect(created).toHaveLength(1);
    const [account] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, created[0]?.userId ?? 0));
    expect(account?.email).toBeNull();
  });

  it("takes the e-mail and names from UserInfo when the ID token leaves them out", async () => {
    const { browser, answer } = await newPersonThrough(
      userInfoIdp,
      {
        email: "grace.hopper@example.org",
        email_verified: true,
        given_name: "Grace",
        family_name: "Hopper",
      },
      "/auth/oidc/microsoft/start?type=register",
    );
    expect(answer.headers.location).toBe("/complete-signup");
    expect(await session(browser)).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      username: "grace.hopper",
    });
  });

  it("refuses a tampered flow cookie", async () => {
    const sub = person(idp, { email: "tamper@example.org", email_verified: true });
    const browser = ctx.client();
    const started = await browser.get("/auth/oidc/google/start?type=login");
    const back = await answerAtProvider(String(started.headers.location), { login: sub });
    const [payload, signature] = (browser.cookies.get(FLOW_COOKIE) ?? "").split(".");
    const flow = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...flow, type: "student" })).toString("base64url");
    browser.cookies.set(FLOW_COOKIE, `${forged}.${signature}`);
    const answer = await browser.get(`${back.pathname}${back.search}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/login?sso=failed&provider=google");
    expect(await session(browser)).toBeNull();
  });

  it("refuses an answer whose state belongs to another sign-in", async () => {
    const sub = person(idp, { email: "state@example.org", email_verified: true });
    const browser = ctx.client();
    const first = await browser.get("/auth/oidc/google/start?type=login");
    // A second start replaces the cookie: the first answer no longer matches it.
    await browser.get("/auth/oidc/google/start?type=login");
    const back = await answerAtProvider(String(first.headers.location), { login: sub });
    const answer = await browser.get(`${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe("/login?sso=failed&provider=google");
    expect(await session(browser)).toBeNull();
  });

  it("refuses an answer whose issuer was changed, or that came for another provider", async () => {
    const sub = person(idp, { email: "issuer@example.org", email_verified: true });
    const browser = ctx.client();
    const started = await browser.get("/auth/oidc/google/start?type=login");
    const back = await answerAtProvider(String(started.headers.location), { login: sub });
    const cookie = browser.cookies.get(FLOW_COOKIE) as string;
    back.searchParams.set("iss", userInfoIdp.issuer);
    const wrongIssuer = await browser.get(`${back.pathname}${back.search}`);
    expect(wrongIssuer.headers.location).toBe("/login?sso=failed&provider=google");

    const other = ctx.client();
    other.cookies.set(FLOW_COOKIE, cookie);
    const wrongProvider = await other.get(`/auth/oidc/microsoft/callback${back.search}`);
    expect(wrongProvider.headers.location).toBe("/login?sso=failed&provider=microsoft");
    expect(await session(other)).toBeNull();
  });

  it("refuses a replayed callback, with or without the old cookie", async () => {
    const sub = person(idp, { email: "replay@example.org", email_verified: true });
    const browser = ctx.client();
    const { answer, back, flowCookie } = await ssoThrough(
      browser,
      "/auth/oidc/google/start?type=login",
      { login: sub },
    );
    expect(answer.headers.location).toBe("/complete-signup");

    const sameBrowser = await browser.get(`${back.pathname}${back.search}`);
    expect(sameBrowser.headers.location).toBe("/login?sso=failed&provider=google");

    const attacker = ctx.client();
    attacker.cookies.set(FLOW_COOKIE, flowCookie as string);
    const replay = await attacker.get(`${back.pathname}${back.search}`);
    expect(replay.headers.location).toBe("/login?sso=failed&provider=google");
    expect(await session(attacker)).toBeNull();
  });

  it("sends a person who cancels at the provider back to the page they came from", async () => {
    const browser = ctx.client();
    const login = await ssoThrough(browser, "/auth/oidc/google/start?type=login", {
      cancel: true,
    });
    expect(login.back.searchParams.get("error")).toBe("access_denied");
    expect(login.answer.headers.location).toBe("/login?sso=failed&provider=google");
    const register = await ssoThrough(browser, "/auth/oidc/microsoft/start?type=register", {
      cancel: true,
    });
    expect(register.answer.headers.location).toBe("/sign-up?sso=failed&provider=microsoft");
    expect(await session(browser)).toBeNull();
  });
});

describe("GET /clever/login (students)", () => {
  it("signs in a student whose Clever identity their teacher linked", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const sub = person(idp, { given_name: "Kid", family_name: "Reader" });
    await ctx.db
      .insert(userIdentities)
      .values({ userId: student.id, provider: "clever", subject: sub });

    const browser = ctx.client();
    const started = await browser.get("/clever/login");
    expect(new URL(String(started.headers.location)).searchParams.get("client_id")).toBe(
      "refrain-clever",
    );
    const back = await answerAtProvider(String(started.headers.location), { login: sub });
    expect(back.pathname).toBe("/auth/oidc/clever/callback");
    const answer = await browser.get(`${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe("/");
    expect(await session(browser)).toMatchObject({ id: student.id, role: "student" });
  });

  it("tells a student with no linked account to ask their teacher, creating nothing", async () => {
    const before = (await ctx.db.select({ id: users.id }).from(users)).length;
    const { browser, answer } = await newPersonThrough(
      idp,
      { email: "kid@example.org", email_verified: true },
      "/clever/login",
    );
    expect(answer.headers.location).toBe("/student/login?error=clever_login_not_found");
    expect(await session(browser)).toBeNull();
    expect((await ctx.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it("sends a failed student sign-in back to the student login with its code", async () => {
    const browser = ctx.client();
    const { answer } = await ssoThrough(browser, "/clever/login", { cancel: true });
    expect(answer.headers.location).toBe("/student/login?error=clever_login_failed");
  });
});

describe("single sign-on authorization matrix", () => {
  it("is open to everyone, signed in or not", async () => {
    const world = await roleClients(ctx);
    const mismatches = [
      ...(await checkMatrix(world, {
        method: "POST",
        url: "/social/providers",
        body: { type: "login" },
        expect: {},
        otherwise: 200,
      })),
      ...(await checkMatrix(world, {
        method: "GET",
        url: "/auth/oidc/google/start?type=login",
        expect: {},
        otherwise: 302,
      })),
      ...(await checkMatrix(world, {
        method: "GET",
        url: "/clever/login",
        expect: {},
        otherwise: 302,
      })),
      ...(await checkMatrix(world, {
        method: "GET",
        url: "/auth/oidc/google/callback?code=abc&state=def",
        expect: {},
        otherwise: 302,
      })),
      ...(await checkMatrix(world, {
        method: "GET",
        url: "/auth/oidc/facebook/start",
        expect: {},
        otherwise: 404,
      })),
    ];
    expect(mismatches).toEqual([]);
  });

  it("rate-limits callbacks per client address", async () => {
    await withTestApp(
      {
        PUBLIC_URL,
        OIDC_PROVIDERS: providersSetting(),
        LOGIN_LIMIT_PER_IP: "2",
      },
      async (limited) => {
        const browser = limited.client();
        const statuses = [];
        for (let i = 0; i < 3; i++)
          statuses.push((await browser.get("/auth/oidc/google/callback?code=x&state=y")).status);
        expect(statuses).toEqual([302, 302, 429]);
      },
    );
  });
});

describe("the log line of a failed single sign-on", () => {
  it("names the error and the provider, without the person's address or names", async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logged = await buildTestApp(
      { PUBLIC_URL, OIDC_PROVIDERS: providersSetting(), LOGIN_LIMIT_PER_IP: "1000" },
      { logger: { level: "info", stream: capture } },
    );
    try {
      // A rule of this test's database only, so that creating the account fails inside it.
      await logged.db.execute(
        sql`alter table users add constraint test_refuses_boom check (first_name <> 'Boomer')`,
      );
      const sub = person(idp, {
        email: "boomer.private@example.org",
        email_verified: true,
        given_name: "Boomer",
        family_name: "Quixotic-Lastname",
      });
      const { answer } = await ssoThrough(
        logged.client(),
        "/auth/oidc/google/start?type=register",
        {
          login: sub,
        },
      );
      expect(String(answer.headers.location)).toMatch(/^\/sign-up\?/);
      const failure = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === "single sign-on failed");
      expect(failure).toMatchObject({
        provider: "google",
        error: { type: "DrizzleQueryError", cause: { constraint: "test_refuses_boom" } },
      });
      const everything = lines.join("\n");
      for (const secret of ["boomer.private", "Quixotic-Lastname", "params"])
        expect(everything, secret).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
