import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, NOT_CLASS_OWNERS, roleClients } from "../../../test/authorization.ts";
import { TEST_PASSWORD, type TestContext } from "../../../test/build-test-app.ts";
import { adminActingAsTeacher } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { verifyPassword } from "../../core/passwords.ts";
import { auditLog, users } from "../../db/schema/index.ts";

const ctx = testAppForFile();

async function signedIn(role: "teacher" | "parent" = "teacher") {
  const user = await ctx.factories.user({ role });
  const client = ctx.client();
  await client.signIn(user);
  const url = `/teacher/${user.id}/settings`;
  return { user, client, url };
}

/** An update_login call, with the right current password unless `fields` says otherwise. */
const updateLogin = (
  client: ReturnType<TestContext["client"]>,
  url: string,
  fields: Record<string, string>,
) => client.post(url, { verb: "update_login", current_password: TEST_PASSWORD, ...fields });

const who = async (client: ReturnType<TestContext["client"]>) =>
  (await client.get("/auth/session")).body.user;

describe("authorization", () => {
  it("the login, information and how-I-teach verbs answer only the account's owner", async () => {
    const world = await roleClients(ctx);
    const bodies = {
      update_howteach: { how_i_teach: "centers", device_number: "4+" },
      update_info: { firstname: "Ana", lastname: "Ruiz", email: "ana.ruiz@example.org" },
    };
    for (const [verb, body] of Object.entries(bodies))
      for (const owner of ["teacher", "parent"] as const)
        expect(
          await checkMatrix(world, {
            method: "POST",
            url: (w) => `/teacher/${w.people[owner].id}/settings`,
            body: { verb, ...body },
            expect: { ...NOT_CLASS_OWNERS, [owner]: 200 },
            otherwise: 404,
          }),
        ).toEqual([]);
  });
});

describe("update_login", () => {
  it("asks for the current password, and refuses a wrong one by field, changing nothing", async () => {
    const { user, client, url } = await signedIn();
    const reply = await updateLogin(client, url, {
      username: "new-name-1",
      password: "",
      current_password: "not-my-password",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      current_password: ["Your current password is not correct."],
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.username).toBe(user.username);
  });

  it("checks the spec's lengths and that the username is free among adults", async () => {
    const { client, url } = await signedIn();
    const other = await ctx.factories.user({ role: "teacher" });
    // Too short, then too long.
    for (const [username, password] of [
      ["abc", "12345"],
      ["a".repeat(21), "p".repeat(33)],
    ] as const) {
      const reply = await updateLogin(client, url, { username, password });
      expect(reply.status).toBe(422);
      expect(Object.keys(reply.body.errors).sort()).toEqual(["password", "username"]);
    }
    const taken = await updateLogin(client, url, { username: other.username.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ username: ["This username has already been taken."] });
  });

  it("a new username keeps every session; the new name signs in", async () => {
    const { user, client, url } = await signedIn();
    const elsewhere = ctx.client();
    await elsewhere.signIn(user);
    const reply = await updateLogin(client, url, { username: `renamed${user.id}` });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ username: `renamed${user.id}` });
    expect((await who(elsewhere))?.username).toBe(`renamed${user.id}`);
    const fresh = ctx.client();
    await fresh.signIn({ ...user, username: `renamed${user.id}` });
  });

  it("a new password signs out the account's other sessions, not this one, and is audited", async () => {
    const { user, client, url } = await signedIn();
    const elsewhere = ctx.client();
    await elsewhere.signIn(user);
    const reply = await updateLogin(client, url, {
      username: user.username,
      password: "a-better-one-7",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/signed out everywhere else/);
    expect((await who(client))?.id).toBe(user.id);
    expect(await who(elsewhere)).toBeNull();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.passwordHash ?? null, "a-better-one-7")).toBe(true);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audits.map((a) => a.action)).toContain("password.change");
    expect(JSON.stringify(audits)).not.toContain("a-better-one-7");
  });

  it("is refused while an admin acts as the account", async () => {
    const { teacher, client } = await adminActingAsTeacher(ctx);
    const url = `/teacher/${teacher.id}/settings`;
    expect((await client.post(url, { verb: "load" })).body.impersonating).toBe(true);
    const reply = await updateLogin(client, url, {
      username: teacher.username,
      password: "taken-over-1",
    });
    expect(reply.status).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, teacher.id));
    expect(await verifyPassword(row?.passwordHash ?? null, TEST_PASSWORD)).toBe(true);
    // A name may be corrected for the teacher; the address where resets go may not.
    const info = { firstname: "Fixed", lastname: "Name", email: teacher.email };
    expect((await client.post(url, { verb: "update_info", ...info })).status).toBe(200);
    const moved = await client.post(url, {
      verb: "update_info",
      ...info,
      email: "admin@example.org",
    });
    expect(moved.status).toBe(403);
  });
});

describe("update_info and update_howteach", () => {
  it("saves My Information, which load answers and the session's name follows", async () => {
    const { client, url } = await signedIn();
    const info = {
      firstname: " Ana ",
      lastname: "Ruiz",
      email: "ana.ruiz@example.org",
      mailaddress1: "12 Elm Street",
      mailcity: "Portland",
      mailstate: "OR",
      mailzip: "97201",
    };
    const reply = await client.post(url, { verb: "update_info", ...info });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ...info, firstname: "Ana" });
    expect((await client.post(url, { verb: "load" })).body).toMatchObject({
      ...info,
      firstname: "Ana",
    });
    expect((await who(client))?.firstName).toBe("Ana");
  });

  it("refuses blank names and a bad address by field", async () => {
    const { client, url } = await signedIn();
    const reply = await client.post(url, {
      verb: "update_info",
      firstname: "",
      lastname: " ",
      email: "ana at school",
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual(["email", "firstname", "lastname"]);
  });

  it("How I Teach is unanswered until saved, then loads as saved; unknown answers are refused", async () => {
    const { client, url } = await signedIn();
    expect((await client.post(url, { verb: "load" })).body.howTeach).toBeNull();
    const body = { verb: "update_howteach", how_i_teach: "whole_group", device_number: "1-3" };
    expect((await client.post(url, body)).body).toMatchObject({
      how_i_teach: "whole_group",
      device_number: "1-3",
    });
    expect((await client.post(url, { verb: "load" })).body.howTeach).toEqual({
      how_i_teach: "whole_group",
      device_number: "1-3",
    });
    const bad = await client.post(url, { ...body, how_i_teach: "lecture", device_number: 9 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["device_number", "how_i_teach"]);
  });
});
