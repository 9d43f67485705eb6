import { createHash } from "node:crypto";
import {
  EMAIL_LINK_MINUTES,
  emailLinkMessages,
  messages,
  PASSWORD_RESET_MINUTES,
  passwordResetMessages,
} from "@refrain/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import {
  buildTestAppWithMail,
  LINK_MAIL_ENV,
  type TestClient,
} from "../../../test/build-test-app.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { SECRET_MARKER } from "../../adapters/mail.ts";
import { LIMITS } from "../../core/limits.ts";
import { auditLog, loginTokens, mailOutbox, users } from "../../db/schema/index.ts";

const ctx = mailAppForFile(LINK_MAIL_ENV);

const clientFrom = (ip?: string): TestClient =>
  ip ? ctx.client({ address: ip }) : ctx.clientFromNewAddress();

/** The next e-mail the recipient's mail server got (it is sent after the answer). */
const mailTo = (address: string) => ctx.sink.take(address);

/** The copy the outbox kept of the newest e-mail to `address`. */
async function keptCopy(address: string) {
  const [row] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** What a staff member reads of the newest e-mail to `address` in the mailbox. */
async function staffSees(address: string) {
  const staff = ctx.client();
  await staff.signIn(await ctx.factories.user({ role: "staff" }));
  const reply = await staff.get(`/staff/outbox?to=${encodeURIComponent(address)}`);
  expect(reply.status).toBe(200);
  return reply.body.data.messages[0];
}

const mailCount = async (address: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, address))
  )[0]?.n;

const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https://refrain\\.example\\.com${path}/([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
};

/** The page the e-mailed link opens posts its token to sign in. */
const follow = (client: TestClient, token: string) => client.post(`/auth/email-link/${token}`);

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new teacher asks `url` to e-mail a link to `path`; answers the link's token, expired. */
async function expiredLink(url: string, path: string) {
  const teacher = await ctx.factories.user({ role: "teacher" });
  await clientFrom().post(url, { email: teacher.email });
  const token = linkIn((await mailTo(teacher.email as string)).text, path);
  await ctx.db
    .update(loginTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(loginTokens.id, hashOf(token)));
  return token;
}

describe("POST /teacher/send_email_link and GET /auth/email-link/{token}", () => {
  it("e-mails a single-use link that signs the teacher in, storing only the token's hash", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const email = teacher.email as string;
    const before = Date.now();
    const reply = await clientFrom().post("/teacher/send_email_link", { email });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: emailLinkMessages.sent(email) });
    expect(reply.body.message).toBe(
      `An email was sent to ${email} with a link you can click to login. Please check your email.`,
    );

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Your Refrain login link");
    const token = linkIn(mail.text, "/auth/email-link");
    expect(mail.html).toContain(`https://refrain.example.com/auth/email-link/${token}`);
    // Staff read the kept copy: the link is replaced by the marker, in the text and the HTML.
    const kept = await keptCopy(email);
    expect(kept?.text).toContain(`minutes.\n\n${SECRET_MARKER}\n`);
    expect(kept?.html).toContain(`href="${SECRET_MARKER}"`);
    const seen = await staffSees(email);
    expect(seen.text).toBe(kept?.text);
    expect(JSON.stringify([kept, seen])).not.toContain(token);
    expect(JSON.stringify([kept, seen])).not.toContain("/auth/email-link/");
    const [stored] = await ctx.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.userId, teacher.id));
    expect(stored?.id).toBe(hashOf(token));
    expect(stored?.id).not.toContain(token);
    expect(stored?.purpose).toBe("email_login");
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - before) / 60_000;
    expect(minutes).toBeGreaterThan(EMAIL_LINK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(EMAIL_LINK_MINUTES + 1);

    const browser = clientFrom();
    // Opening the link is only a page: it spends nothing (mail scanners open links too).
    const opened = await browser.request("GET", `/auth/email-link/${token}`, undefined, {
      accept: "text/html",
      "x-requested-with": "",
    });
    expect(opened.headers["content-type"]).toContain("text/html");
    expect((await browser.get("/auth/session")).body.user).toBeNull();
    const first = await follow(browser, token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, redirect: "/" });
    expect((await browser.get("/auth/session")).body.user).toMatchObject({ id: teacher.id });

    // The same link a second time: no session, and the login page explains.
    const other = clientFrom();
    const second = await follow(other, token);
    expect(second.status).toBe(410);
    expect(second.body.message).toBe(emailLinkMessages.expired);
    expect((await other.get("/auth/session")).body.user).toBeNull();
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = "nobody.here@example.org";
    const reply = await clientFrom().post("/teacher/send_email_link", { email });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: emailLinkMessages.sent(email) });
    // The lookup and any e-mail happen after the answer: wait for them to finish.
    await ctx.app.whenIdle();
    expect(await mailCount(email)).toBe(0);
  });

  it("never sends a link for a student or to an address only a student's parent has", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    // The address is the student's own as well as their parent's: neither may get a link.
    await ctx.db
      .update(users)
      .set({ email: "family@example.org", parentEmail: "family@example.org" })
      .where(eq(users.id, student.id));
    const reply = await clientFrom().post("/teacher/send_email_link", {
      email: "family@example.org",
    });
    expect(reply.status).toBe(200);
    // The lookup and any e-mail happen after the answer: wait for them to finish.
    await ctx.app.whenIdle();
    expect(await mailCount("family@example.org")).toBe(0);
  });

  it("refuses an expired link", async () => {
    const token = await expiredLink("/teacher/send_email_link", "/auth/email-link");
    const browser = clientFrom();
    const reply = await follow(browser, token);
    expect(reply.status).toBe(410);
    expect((await browser.get("/auth/session")).body.user).toBeNull();
    // A made-up token fares the same.
    expect((await follow(browser, "made-up-token")).status).toBe(410);
  });

  it("signs in an account whose password sign-in is held back at a new address, which then knows it", async () => {
    const small = await buildTestAppWithMail({
      ...LINK_MAIL_ENV,
      LOGIN_LIMIT_PER_ACCOUNT_AND_IP: "2",
      LOGIN_LIMIT_PER_ACCOUNT: "4",
    });
    try {
      const teacher = await small.factories.user({ role: "teacher" });
      const right = { login: teacher.username, password: teacher.password };
      // Strangers guess from two addresses up to the account's ceiling…
      for (const ip of ["203.0.113.41", "203.0.113.42"])
        for (let i = 0; i < 2; i++)
          await small.client({ address: ip }).post("/login", { ...right, password: "guess-it" });
      // …so the teacher, at home for the first time, is held back with her right password…
      const home = small.client({ address: "198.51.100.43" });
      const held = await home.post("/login", right);
      expect(held.status).toBe(429);
      // …and the e-mailed link the page offers signs her in all the same…
      const email = teacher.email as string;
      expect((await home.post("/teacher/send_email_link", { email })).status).toBe(200);
      const token = linkIn((await small.sink.take(email)).text, "/auth/email-link");
      expect((await follow(home, token)).status).toBe(200);
      expect((await home.get("/auth/session")).body.user.id).toBe(teacher.id);
      // …after which her password works from home, on this browser and on another.
      await home.post("/logout");
      expect((await home.post("/login", right)).status).toBe(200);
      expect((await small.client({ address: "198.51.100.43" }).post("/login", right)).status).toBe(
        200,
      );
    } finally {
      await small.close();
    }
  });

  it("a password reset link does not sign in through the login-link door", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    await clientFrom().post("/password/reset", { email: teacher.email });
    const token = linkIn((await mailTo(teacher.email as string)).text, "/password/reset");
    expect((await follow(clientFrom(), token)).status).toBe(410);
  });

  it("validates the address (422)", async () => {
    const empty = await clientFrom().post("/teacher/send_email_link", { email: " " });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      message: messages.required,
      errors: { email: [messages.required] },
    });
    const wrong = await clientFrom().post("/teacher/send_email_link", { email: "ms.rivera" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ email: [messages.email] });
  });

  it("rate-limits per mailbox and client, under a higher ceiling per mailbox, and per client", async () => {
    const email = "flooded@example.org";
    const flooder = clientFrom();
    for (let i = 0; i < LIMITS.mailPerAddressAndIp.limit; i++) {
      expect((await flooder.post("/teacher/send_email_link", { email })).status).toBe(200);
    }
    const blocked = await flooder.post("/teacher/send_email_link", { email });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts);
    // Case does not make a new mailbox.
    expect(
      (await flooder.post("/teacher/send_email_link", { email: email.toUpperCase() })).status,
    ).toBe(429);
    // The mailbox's owner, elsewhere, still gets a link...
    expect((await clientFrom().post("/teacher/send_email_link", { email })).status).toBe(200);
    // ...until the ceiling for the mailbox, whoever asks.
    const left = LIMITS.mailPerAddress.limit - LIMITS.mailPerAddressAndIp.limit - 1;
    for (let i = 0; i < left; i++) {
      expect((await clientFrom().post("/teacher/send_email_link", { email })).status).toBe(200);
    }
    expect((await clientFrom().post("/teacher/send_email_link", { email })).status).toBe(429);

    const busy = clientFrom("203.0.113.70");
    for (let i = 0; i < LIMITS.mailPerIp.limit; i++) {
      const reply = await busy.post("/teacher/send_email_link", { email: `someone${i}@x.org` });
      expect(reply.status).toBe(200);
    }
    expect((await busy.post("/teacher/send_email_link", { email: "last@x.org" })).status).toBe(429);
  });
});

describe("password reset", () => {
  it("e-mails a link reminding the username; the link sets a new password once and signs in", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const email = teacher.email as string;
    // A session elsewhere, e.g. on a shared classroom computer.
    const elsewhere = ctx.client();
    await elsewhere.signIn(teacher);

    const reply = await clientFrom().post("/password/reset", { email });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: passwordResetMessages.sent(email) });
    const mail = await mailTo(email);
    expect(mail.subject).toBe("Reset your Refrain password");
    expect(mail.text).toContain(`Your Refrain username is ${teacher.username}.`);
    const token = linkIn(mail.text, "/password/reset");
    const seen = await staffSees(email);
    expect(seen.text).toContain(`Your Refrain username is ${teacher.username}.`);
    expect(seen.text).toContain(SECRET_MARKER);
    expect(JSON.stringify([seen, await keptCopy(email)])).not.toContain(token);
    const [stored] = await ctx.db
      .select()
      .from(loginTokens)
      .where(and(eq(loginTokens.userId, teacher.id), eq(loginTokens.purpose, "password_reset")));
    expect(stored?.id).toBe(hashOf(token));
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(PASSWORD_RESET_MINUTES - 2);
    expect(minutes).toBeLessThanOrEqual(PASSWORD_RESET_MINUTES);

    const browser = clientFrom();
    const check = await browser.get(`/password/reset/${token}`);
    expect(check.body).toEqual({ success: true, data: { username: teacher.username } });

    const short = await browser.post(`/password/reset/${token}`, { password: "12345" });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ password: ["Field must have at least 6 characters."] });
    const long = await browser.post(`/password/reset/${token}`, { password: "x".repeat(33) });
    expect(long.body.errors).toEqual({ password: ["Field cannot have more than 32 characters."] });

    const done = await browser.post(`/password/reset/${token}`, { password: "new-secret-9" });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      success: true,
      redirect: "/",
      message: passwordResetMessages.changed,
    });
    expect((await browser.get("/auth/session")).body.user).toMatchObject({ id: teacher.id });
    expect((await elsewhere.get("/auth/session")).body.user).toBeNull();

    const oldPassword = await ctx
      .client()
      .post("/login", { login: teacher.username, password: teacher.password });
    expect(oldPassword.status).toBe(401);
    await ctx.client().signIn({ ...teacher, password: "new-secret-9" });

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "password.reset"), eq(auditLog.targetId, teacher.id)));
    expect(audit?.actorId).toBe(teacher.id);

    // Used once: the link no longer works, to look at or to use.
    const reused = await clientFrom().post(`/password/reset/${token}`, { password: "another-1" });
    expect(reused.status).toBe(410);
    expect(reused.body).toEqual({ success: false, message: passwordResetMessages.expired });
    expect((await clientFrom().get(`/password/reset/${token}`)).status).toBe(410);
    await ctx.client().signIn({ ...teacher, password: "new-secret-9" });
  });

  it("a new password voids the account's other reset links", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const email = teacher.email as string;
    await clientFrom().post("/password/reset", { email });
    const first = linkIn((await mailTo(email)).text, "/password/reset");
    await clientFrom().post("/password/reset", { email });
    const second = linkIn((await mailTo(email)).text, "/password/reset");
    expect(second).not.toBe(first);
    expect(
      (await clientFrom().post(`/password/reset/${second}`, { password: "pw-one-1" })).status,
    ).toBe(200);
    expect(
      (await clientFrom().post(`/password/reset/${first}`, { password: "pw-two-2" })).status,
    ).toBe(410);
  });

  it("a new password voids the sign-in links asked for before it, reset or changed in settings", async () => {
    for (const how of ["reset", "settings"] as const) {
      const teacher = await ctx.factories.user({ role: "teacher" });
      const email = teacher.email as string;
      await clientFrom().post("/teacher/send_email_link", { email });
      const signIn = linkIn((await mailTo(email)).text, "/auth/email-link");
      if (how === "reset") {
        await clientFrom().post("/password/reset", { email });
        const reset = linkIn((await mailTo(email)).text, "/password/reset");
        const done = await clientFrom().post(`/password/reset/${reset}`, { password: "pw-new-31" });
        expect(done.status).toBe(200);
      } else {
        const owner = clientFrom();
        await owner.signIn(teacher);
        const changed = await owner.post(`/teacher/${teacher.id}/settings`, {
          verb: "update_login",
          username: teacher.username,
          password: "pw-new-31",
          current_password: teacher.password,
        });
        expect(changed.status).toBe(200);
      }
      const late = await follow(clientFrom(), signIn);
      expect(late.status).toBe(410);
      expect(late.body.message).toBe(emailLinkMessages.expired);
    }
  });

  it("refuses an expired link with a clear message", async () => {
    const token = await expiredLink("/password/reset", "/password/reset");
    const check = await clientFrom().get(`/password/reset/${token}`);
    expect(check.status).toBe(410);
    expect(check.body.message).toBe(passwordResetMessages.expired);
    const reply = await clientFrom().post(`/password/reset/${token}`, { password: "whatever-1" });
    expect(reply.status).toBe(410);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = "not.a.user@example.org";
    const reply = await clientFrom().post("/password/reset", { email });
    expect(reply.body).toEqual({ success: true, message: passwordResetMessages.sent(email) });
    // The lookup and any e-mail happen after the answer: wait for them to finish.
    await ctx.app.whenIdle();
    expect(await mailCount(email)).toBe(0);
  });

  it("is refused while an admin impersonates someone", async () => {
    const district = await ctx.factories.district();
    const school = await ctx.factories.school({ districtId: district.id });
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const admin = await ctx.factories.user({ role: "school_admin", schoolId: school.id });
    await clientFrom().post("/password/reset", { email: teacher.email });
    const token = linkIn((await mailTo(teacher.email as string)).text, "/password/reset");
    const client = ctx.client();
    await client.signIn(admin);
    await client.post(`/impersonate/take/${teacher.id}`);
    const reply = await client.post(`/password/reset/${token}`, { password: "taken-over-1" });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe("This cannot be changed while impersonating.");
    // The link still works for its owner.
    expect((await clientFrom().get(`/password/reset/${token}`)).status).toBe(200);
  });

  it("rate-limits requests per mailbox and client", async () => {
    const email = "reset.flood@example.org";
    const flooder = clientFrom();
    for (let i = 0; i < LIMITS.mailPerAddressAndIp.limit; i++) {
      expect((await flooder.post("/password/reset", { email })).status).toBe(200);
    }
    expect((await flooder.post("/password/reset", { email })).status).toBe(429);
    expect((await clientFrom().post("/password/reset", { email })).status).toBe(200);
  });

  it("authorization matrix: the public doors answer every caller alike", async () => {
    const world = await roleClients(ctx);
    // An invalid address, so the per-mailbox limit does not decide the answer.
    const notAnAddress = { email: "not-an-address" };
    for (const [url, body, otherwise] of [
      ["/teacher/send_email_link", notAnAddress, 422],
      ["/password/reset", notAnAddress, 422],
      ["/password/reset/not-a-token", { password: "long-enough" }, 410],
    ] as const)
      expect(
        await checkMatrix(world, { method: "POST", url, body, expect: {}, otherwise }),
      ).toEqual([]);
  });
});
