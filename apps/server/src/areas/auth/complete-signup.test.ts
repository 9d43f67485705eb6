import { signupMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { users } from "../../db/schema/index.ts";

/**
 * Completing a sign-up begun elsewhere (single sign-on, an invitation): the form signup.test.ts
 * covers is asked again of a signed-in account whose profile is not complete.
 */
const ctx = testAppForFile();

const userRow = async (username: string) => {
  const [row] = await ctx.db.select().from(users).where(eq(users.username, username));
  return row;
};

/** A teacher who has yet to complete their sign-up (`source` as it was found), signed in. */
async function unfinishedTeacher(options: { schoolId?: number; source?: string } = {}) {
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: options.schoolId });
  await ctx.db
    .update(users)
    .set({ signupComplete: false, source: options.source })
    .where(eq(users.id, teacher.id));
  const client = ctx.client();
  await client.signIn(teacher);
  return { teacher, client };
}

describe("complete signup", () => {
  const completeForm = {
    userType: "teacher",
    firstName: "Sam",
    lastName: "Ortiz",
    gradeLevel: "Multiple grade levels",
    source: "Search Engine",
    foreign: false,
    schoolZipCode: "97201",
  };

  it("shows the session as incomplete, presets the form, and completes with a chosen school", async () => {
    const school = await ctx.factories.school({ name: "Birch Lane School" });
    const { teacher, client } = await unfinishedTeacher({ source: "Unknown" });
    expect((await client.get("/auth/session")).body.user.signupComplete).toBe(false);

    const info = await client.get("/teacher/complete_signup");
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      success: true,
      data: {
        userType: "teacher",
        firstName: teacher.firstName,
        lastName: teacher.lastName,
        email: teacher.email,
        gradeLevel: null,
        source: "Unknown",
        school: null,
      },
    });

    const reply = await client.post("/teacher/complete_signup_postback", {
      ...completeForm,
      selectedSchool: school.id,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, redirect: "/", message: signupMessages.completed });
    const row = await userRow(teacher.username);
    expect(row).toMatchObject({
      role: "teacher",
      firstName: "Sam",
      lastName: "Ortiz",
      gradeLevel: "Multiple grade levels",
      source: "Search Engine",
      schoolId: school.id,
      signupComplete: true,
    });
    expect(row?.trialEndsAt).not.toBeNull();
    expect((await client.get("/auth/session")).body.user.signupComplete).toBe(true);

    // Once complete, neither call applies any more.
    expect((await client.get("/teacher/complete_signup")).status).toBe(409);
    const again = await client.post("/teacher/complete_signup_postback", {
      ...completeForm,
      selectedSchool: school.id,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: signupMessages.alreadyComplete });
  });

  it("keeps a preset school and a known source; a teacher without a school must choose one", async () => {
    const school = await ctx.factories.school({ name: "Preset School" });
    const { teacher: preset, client: presetClient } = await unfinishedTeacher({
      schoolId: school.id,
      source: "Pinterest",
    });
    const info = await presetClient.get("/teacher/complete_signup");
    expect(info.body.data.school).toEqual({ id: school.id, name: "Preset School" });
    const done = await presetClient.post("/teacher/complete_signup_postback", completeForm);
    expect(done.status).toBe(200);
    expect(await userRow(preset.username)).toMatchObject({
      schoolId: school.id,
      source: "Pinterest",
    });

    const { teacher: bare, client: bareClient } = await unfinishedTeacher();
    const missing = await bareClient.post("/teacher/complete_signup_postback", completeForm);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ selectedSchool: ["Field is required"] });
    const asParent = await bareClient.post("/teacher/complete_signup_postback", {
      ...completeForm,
      userType: "parent",
    });
    expect(asParent.status).toBe(200);
    expect(await userRow(bare.username)).toMatchObject({ role: "parent", schoolId: null });
  });

  it("answers 422 with the form's messages", async () => {
    const { teacher, client } = await unfinishedTeacher();
    const reply = await client.post("/teacher/complete_signup_postback", {});
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      userType: ["Field is required"],
      firstName: ["Field is required"],
      lastName: ["Field is required"],
      gradeLevel: ["Field is required"],
      source: ["Field is required"],
    });
    expect((await userRow(teacher.username))?.signupComplete).toBe(false);
  });

  it("is refused while an admin impersonates the account", async () => {
    const district = await ctx.factories.district();
    const school = await ctx.factories.school({ districtId: district.id });
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    await ctx.db.update(users).set({ signupComplete: false }).where(eq(users.id, teacher.id));
    const admin = await ctx.factories.user({ role: "school_admin", schoolId: school.id });
    const client = ctx.client();
    await client.signIn(admin);
    expect((await client.post(`/impersonate/take/${teacher.id}`)).status).toBe(200);
    const reply = await client.post("/teacher/complete_signup_postback", {
      ...completeForm,
      selectedSchool: school.id,
    });
    expect(reply.status).toBe(403);
    expect((await userRow(teacher.username))?.signupComplete).toBe(false);
  });

  it("authorization matrix: only teachers and parents, and only while incomplete", async () => {
    const world = await roleClients(ctx);
    const body = { ...completeForm, foreign: true };
    const expect409 = { teacher: 409, parent: 409, anonymous: 401 };
    for (const route of [
      { method: "POST" as const, url: "/teacher/complete_signup_postback", body },
      { method: "GET" as const, url: "/teacher/complete_signup" },
    ])
      expect(await checkMatrix(world, { ...route, expect: expect409, otherwise: 403 })).toEqual([]);
    for (const route of [
      { method: "GET" as const, url: "/support/schoolsByZip/97201" },
      { method: "GET" as const, url: "/support/user/somebody/exists" },
    ]) {
      expect(await checkMatrix(world, { ...route, expect: {}, otherwise: 200 })).toEqual([]);
    }
    // Sign-up is open to anyone; a signed-in caller gets a new session as the new account.
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/teacher/signup",
        body: { userType: "teacher" },
        expect: {},
        otherwise: 422,
      }),
    ).toEqual([]);
  });
});
