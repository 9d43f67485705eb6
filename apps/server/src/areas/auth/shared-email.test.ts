import { messages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LINK_MAIL_ENV, TEST_PASSWORD, type TestClient } from "../../../test/build-test-app.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import type { ReceivedMail } from "../../../test/smtp-sink.ts";
import { users } from "../../db/schema/index.ts";
import { completeSsoSignIn } from "./sso-service.ts";

/**
 * Several adult accounts may share an e-mail address, so that sign-up never tells whether an
 * address has one (docs/decisions/0007). Each door that takes an address copes with that.
 */
const ctx = mailAppForFile(LINK_MAIL_ENV);

let seq = 0;
const clientFrom = (ip?: string): TestClient =>
  ip ? ctx.client({ address: ip }) : ctx.clientFromNewAddress();

/** A sign-up form for a parent account with `email`. */
const signupForm = (email: string, password = "second-secret") => ({
  userType: "parent",
  firstName: "Sam",
  lastName: "Second",
  userName: `second.${++seq}`,
  email,
  password,
  gradeLevel: "Kindergarten",
  howDidYouFindUs: "Other",
});

/** Two accounts with one address: the first made by the factory, the second signed up. */
async function twoAccounts(secondPassword?: string) {
  const first = await ctx.factories.user({ role: "teacher" });
  const address = first.email as string;
  const form = signupForm(address, secondPassword);
  expect((await clientFrom().post("/teacher/signup", form)).status).toBe(200);
  // The note to the address about the new account.
  expect((await ctx.sink.take(address)).subject).toBe(
    "A new Refrain account uses your email address",
  );
  return { first, address, second: { username: form.userName, password: form.password } };
}

const signedInAs = async (client: TestClient) =>
  (await client.get("/auth/session")).body.user?.username;

/** How many e-mails were received, once the app has sent all it was sending. */
async function receivedSoFar() {
  await ctx.app.whenIdle();
  return ctx.sink.received.length;
}

/** The e-mails to `address` received from the `since`-th on, once the app has sent them all. */
async function mailsSince(since: number, address: string) {
  await ctx.app.whenIdle();
  return ctx.sink.received.slice(since).filter((mail) => mail.to.includes(address));
}

const linkIn = (text: string, path: string) =>
  text.match(new RegExp(`https://refrain\\.example\\.com(${path}/[A-Za-z0-9_-]+)`))?.[1] ?? "";

describe("an e-mail address two accounts share", () => {
  it("gets one login link per account, each naming and opening its own", async () => {
    const { first, address, second } = await twoAccounts();
    expect((await clientFrom().post("/teacher/send_email_link", { email: address })).status).toBe(
      200,
    );
    const letters = [await ctx.sink.take(address), await ctx.sink.take(address)];
    const opened: string[] = [];
    for (const letter of letters) {
      const client = clientFrom();
      const follow = await client.post(linkIn(letter.text, "/auth/email-link"));
      expect(follow.status).toBe(200);
      const username = (await client.get("/auth/session")).body.user.username;
      expect(letter.text).toContain(`username ${username}.`);
      opened.push(username);
    }
    expect(opened.sort()).toEqual([first.username, second.username].sort());
  });

  it("gets one password reset per account, each naming its username", async () => {
    const { first, address, second } = await twoAccounts();
    expect((await clientFrom().post("/password/reset", { email: address })).status).toBe(200);
    const texts = [(await ctx.sink.take(address)).text, (await ctx.sink.take(address)).text];
    for (const username of [first.username, second.username])
      expect(texts.filter((t) => t.includes(`Your Refrain username is ${username}.`))).toHaveLength(
        1,
      );
  });

  it("is not linked to a provider's account by e-mail, even a verified one", async () => {
    const { address } = await twoAccounts();
    const outcome = await completeSsoSignIn(ctx.db, {
      provider: "google",
      type: "login",
      claims: {
        subject: `google-${++seq}`,
        email: address,
        emailVerified: true,
        givenName: "Pat",
        familyName: "Provider",
      },
      ip: "192.0.2.1",
    });
    expect(outcome).toEqual({ kind: "email_in_use" });
  });

  it("signs in by e-mail the one account whose password it is", async () => {
    const { first, address, second } = await twoAccounts();
    for (const account of [first, second]) {
      const client = clientFrom();
      const reply = await client.post("/login", { login: address, password: account.password });
      expect(reply.status).toBe(200);
      expect(await signedInAs(client)).toBe(account.username);
    }
    const wrong = await clientFrom().post("/login", { login: address, password: "neither-one" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.invalidLogin);
  });

  it("signs in neither account by e-mail when both have the password; each by username", async () => {
    const { first, address, second } = await twoAccounts(TEST_PASSWORD);
    const client = clientFrom();
    const reply = await client.post("/login", { login: address, password: TEST_PASSWORD });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.invalidLogin);
    expect(await signedInAs(client)).toBeUndefined();
    for (const username of [first.username, second.username])
      expect(
        (await clientFrom().post("/login", { login: username, password: TEST_PASSWORD })).status,
      ).toBe(200);
  });

  it("counts the other account's missed password at each sign-in by the address", async () => {
    const { first, address, second } = await twoAccounts();
    const ip = `203.0.113.${++seq}`;
    // Every sign-in of the second account by the address checked the first's password too…
    for (let i = 0; i < ctx.config.LOGIN_LIMIT_PER_ACCOUNT_AND_IP; i++)
      expect(
        (await clientFrom(ip).post("/login", { login: address, password: second.password })).status,
      ).toBe(200);
    // …so it can test the first account's password no more often than the login form could.
    const held = await clientFrom(ip).post("/login", {
      login: first.username,
      password: first.password,
    });
    expect(held.status).toBe(429);
    const elsewhere = clientFrom();
    expect(
      (await elsewhere.post("/login", { login: first.username, password: first.password })).status,
    ).toBe(200);
  });

  it("keeps reaching its owner's account however many accounts others make with it", async () => {
    const address = `owner.${++seq}@example.org`;
    const squatter = `192.0.2.${++seq}`;
    const squatted = [];
    for (let i = 0; i < 5; i++) {
      const form = signupForm(address, `squat-secret-${i}`);
      expect((await clientFrom(squatter).post("/teacher/signup", form)).status).toBe(200);
      squatted.push(form);
    }
    const owner = await ctx.factories.user({ role: "teacher" });
    await ctx.db.update(users).set({ email: address }).where(eq(users.id, owner.id));
    const namesOwner = (mail: ReceivedMail) => mail.text.includes(`username ${owner.username}.`);

    // The owner, signed in most recently, gets a login link and opens it…
    await clientFrom().signIn(owner);
    let since = await receivedSoFar();
    await clientFrom().post("/teacher/send_email_link", { email: address });
    const links = await mailsSince(since, address);
    expect(links).toHaveLength(5);
    const link = links.find(namesOwner);
    expect(link).toBeDefined();
    const opened = clientFrom();
    expect((await opened.post(linkIn(link?.text ?? "", "/auth/email-link"))).status).toBe(200);
    expect(await signedInAs(opened)).toBe(owner.username);

    // …and then stays among the five accounts the address reaches, whoever signs in since.
    for (const form of squatted)
      await clientFrom(squatter).signIn({ role: "parent", ...form, username: form.userName });
    since = await receivedSoFar();
    await clientFrom().post("/password/reset", { email: address });
    const resets = await mailsSince(since, address);
    expect(resets).toHaveLength(5);
    expect(
      resets.filter((mail) => mail.text.includes(`Your Refrain username is ${owner.username}.`)),
    ).toHaveLength(1);
  });
});
