import {
  adminMessages,
  DISTRICT_UPDATED,
  INVITATION_LINK_DAYS,
  messages,
  PASSWORD_RESET_MINUTES,
  SEARCH_LIMIT,
  SEARCH_QUERY,
} from "@refrain/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type RoleWorld, roleClients } from "../../../test/authorization.ts";
import { LINK_MAIL_ENV, type TestClient } from "../../../test/build-test-app.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { auditLog, districts, loginTokens, users } from "../../db/schema/index.ts";

const ctx = mailAppForFile(LINK_MAIL_ENV);
let world: RoleWorld;
beforeAll(async () => {
  world = await roleClients(ctx);
});

let addressSeq = 0;
const newAddress = () => `invitee${++addressSeq}@school.example.org`;

const resetLinkIn = (text: string) => {
  const match = text.match(/https:\/\/refrain\.example\.com\/password\/reset\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No reset link in: ${text}`);
  return match[1];
};

async function signedIn(user: Parameters<TestClient["signIn"]>[0]) {
  const client = ctx.client();
  await client.signIn(user);
  return client;
}

/** A school admin of a fresh school in a fresh district, signed in. */
async function schoolWithAdmin(seats = 5) {
  const district = await ctx.factories.district();
  const school = await ctx.factories.school({ districtId: district.id, seats, name: "Oak Hill" });
  const admin = await ctx.factories.user({
    role: "school_admin",
    schoolId: school.id,
    firstName: "Paula",
    lastName: "Principal",
  });
  return { district, school, admin, client: await signedIn(admin) };
}

const auditRows = (action: string, actorId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)))
    .orderBy(desc(auditLog.id));

describe("authorization matrix of the admins' people calls", () => {
  it("district settings: the district admin of the district only", async () => {
    for (const method of ["GET", "POST"] as const) {
      expect(
        await checkMatrix(world, {
          method,
          url: (w) => `/district_admin/district/${w.district.id}`,
          body: { name: "Matrix District" },
          expect: { anonymous: 401, district_admin: 200 },
          otherwise: 403,
        }),
      ).toEqual([]);
    }
  });

  it("invitations and password links: school admins only", async () => {
    const invitation = { email: newAddress(), firstname: "Matrix", lastname: "Teacher" };
    for (const [url, body] of [
      ["/school_admin/new_teacher", invitation],
      [`/school_admin/teachers/${world.people.teacher.id}/password_link`, undefined],
    ] as const)
      expect(
        await checkMatrix(world, {
          method: "POST",
          url,
          body,
          expect: { anonymous: 401, school_admin: 200 },
          otherwise: 403,
        }),
      ).toEqual([]);
  });

  it("search: district admins only", async () => {
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/district_admin/search_postback",
        body: { role: "student", q: "First" },
        expect: { anonymous: 401, district_admin: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });

  it("another district's settings and another school's teacher read as missing", async () => {
    const other = await ctx.factories.district("Elsewhere District");
    const districtAdmin = world.clients.district_admin;
    expect((await districtAdmin.get(`/district_admin/district/${other.id}`)).status).toBe(404);
    const rename = await districtAdmin.post(`/district_admin/district/${other.id}`, {
      name: "Taken Over",
    });
    expect(rename.status).toBe(404);
    const [unchanged] = await ctx.db.select().from(districts).where(eq(districts.id, other.id));
    expect(unchanged?.name).toBe("Elsewhere District");

    const { client } = await schoolWithAdmin();
    const link = await client.post(
      `/school_admin/teachers/${world.people.teacher.id}/password_link`,
    );
    expect(link.status).toBe(404);
    // Not a teacher at all, even in the admin's own world: missing too.
    const admin = world.clients.school_admin;
    const ofAdmin = `/school_admin/teachers/${world.people.school_admin.id}/password_link`;
    expect((await admin.post(ofAdmin)).status).toBe(404);
  });
});

describe("district settings", () => {
  it("reads and renames the district, with an audit row", async () => {
    const district = await ctx.factories.district("Riverbend Schools");
    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    const client = await signedIn(admin);
    const url = `/district_admin/district/${district.id}`;
    expect((await client.get(url)).body).toEqual({
      success: true,
      data: { id: district.id, name: "Riverbend Schools" },
    });

    const saved = await client.post(url, { name: "  Riverbend Unified  " });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      data: { id: district.id, name: "Riverbend Unified" },
      message: DISTRICT_UPDATED,
    });
    expect((await client.get(url)).body.data.name).toBe("Riverbend Unified");
    const [audit] = await auditRows("district.rename", admin.id);
    expect(audit?.details).toEqual({
      districtId: district.id,
      from: "Riverbend Schools",
      to: "Riverbend Unified",
    });
  });

  it("refuses a name shorter than 6 or longer than 128 characters with the spec's messages", async () => {
    const url = `/district_admin/district/${world.district.id}`;
    const client = world.clients.district_admin;
    const short = await client.post(url, { name: "x".repeat(5) });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ name: [messages.minChars(6)] });
    const long = await client.post(url, { name: "x".repeat(129) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ name: [messages.maxChars(128)] });
  });
});

describe("teacher invitations", () => {
  it("creates the teacher in the school and mails a link that sets their password", async () => {
    const { school, admin, client } = await schoolWithAdmin();
    const email = "Jo.Ramirez@school.example.org";
    const reply = await client.post("/school_admin/new_teacher", {
      email: ` ${email} `,
      firstname: "Jo",
      lastname: "Ramirez",
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: adminMessages.invited(email),
      data: {
        userid: expect.any(Number),
        email,
        firstname: "Jo",
        lastname: "Ramirez",
        login: expect.stringMatching(/^jo\.ramirez\d*$/),
        students: 0,
        canImpersonate: true,
        invited: true,
      },
    });
    const teacherId: number = reply.body.data.userid;
    const login: string = reply.body.data.login;
    const [created] = await ctx.db.select().from(users).where(eq(users.id, teacherId));
    expect(created).toMatchObject({
      role: "teacher",
      schoolId: school.id,
      passwordHash: null,
      signupComplete: true,
    });
    const listed = (await client.get("/school/admin/teachers_json")).body.data.teachers;
    expect(listed).toContainEqual(expect.objectContaining({ userid: teacherId, invited: true }));

    const mail = await ctx.sink.take(email);
    expect(mail.subject).toBe("Paula Principal invited you to Refrain");
    expect(mail.text).toContain("Paula Principal invited you to Refrain at Oak Hill");
    expect(mail.text).toContain(`Your Refrain username is ${login}.`);
    expect(mail.text).toContain(`for the next ${INVITATION_LINK_DAYS} days`);
    const token = resetLinkIn(mail.text);
    const [stored] = await ctx.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.userId, teacherId));
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_LINK_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_LINK_DAYS);

    const [audit] = await auditRows("teacher.invite", admin.id);
    expect(audit).toMatchObject({ targetId: teacherId, details: { email, schoolId: school.id } });

    // The existing password reset page takes the link; then the teacher signs in.
    const browser = ctx.clientFromNewAddress();
    expect((await browser.get(`/password/reset/${token}`)).body.data).toEqual({ username: login });
    const chosen = await browser.post(`/password/reset/${token}`, { password: "chalk-dust-42" });
    expect(chosen.status).toBe(200);
    const signIn = await ctx.client().post("/login", { login, password: "chalk-dust-42" });
    expect(signIn.status).toBe(200);
    const after = (await client.get("/school/admin/teachers_json")).body.data.teachers;
    expect(after).toContainEqual(expect.objectContaining({ userid: teacherId, invited: false }));
  });

  it("refuses an invitation once the seats are taken, creating nobody", async () => {
    const { school, client } = await schoolWithAdmin(1);
    await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const email = newAddress();
    const reply = await client.post("/school_admin/new_teacher", {
      email,
      firstname: "Seat",
      lastname: "Less",
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(adminMessages.seatsFull(1));
    const [made] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(made?.n).toBe(0);
  });

  it("refuses an address an adult account already has, whatever its case", async () => {
    const { client } = await schoolWithAdmin();
    const parent = await ctx.factories.user({ role: "parent" });
    const reply = await client.post("/school_admin/new_teacher", {
      email: (parent.email as string).toUpperCase(),
      firstname: "Dup",
      lastname: "Licate",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ email: [adminMessages.emailInUse] });
  });

  it("refuses a malformed address by field", async () => {
    const { client } = await schoolWithAdmin();
    const reply = await client.post("/school_admin/new_teacher", {
      email: "not-an-address",
      firstname: "No",
      lastname: "Mail",
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors)).toEqual(["email"]);
  });
});

describe("password links", () => {
  it("mails a teacher of the school a one-hour reset link, with an audit row", async () => {
    const { school, admin, client } = await schoolWithAdmin();
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const email = teacher.email as string;
    const reply = await client.post(`/school_admin/teachers/${teacher.id}/password_link`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: adminMessages.passwordLinkSent(email) });
    const mail = await ctx.sink.take(email);
    expect(mail.subject).toBe("Reset your Refrain password");
    const token = resetLinkIn(mail.text);
    const [stored] = await ctx.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.userId, teacher.id));
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(PASSWORD_RESET_MINUTES - 2);
    expect(minutes).toBeLessThanOrEqual(PASSWORD_RESET_MINUTES);
    const set = await ctx.clientFromNewAddress().post(`/password/reset/${token}`, {
      password: "fresh-start-7",
    });
    expect(set.status).toBe(200);
    const [audit] = await auditRows("teacher.password_link", admin.id);
    expect(audit).toMatchObject({ targetId: teacher.id, details: { email } });
  });

  it("sends a teacher who has not accepted the invitation the invitation again", async () => {
    const { admin, client } = await schoolWithAdmin();
    const email = newAddress();
    const invited = await client.post("/school_admin/new_teacher", {
      email,
      firstname: "Slow",
      lastname: "Reader",
    });
    await ctx.sink.take(email);
    const teacherId: number = invited.body.data.userid;
    const reply = await client.post(`/school_admin/teachers/${teacherId}/password_link`);
    expect(reply.status).toBe(200);
    const again = await ctx.sink.take(email);
    expect(again.subject).toBe("Paula Principal invited you to Refrain");
    expect((await auditRows("teacher.invite_again", admin.id))[0]?.targetId).toBe(teacherId);
  });

  it("answers 409 for a teacher without an e-mail address", async () => {
    const { school, client } = await schoolWithAdmin();
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, teacher.id));
    const reply = await client.post(`/school_admin/teachers/${teacher.id}/password_link`);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(adminMessages.noEmail);
  });
});

describe("district search", () => {
  async function searchWorld() {
    const district = await ctx.factories.district();
    const school = await ctx.factories.school({ districtId: district.id, name: "Maple School" });
    const teacher = await ctx.factories.user({
      role: "teacher",
      schoolId: school.id,
      firstName: "Tess",
      lastName: "Quimby",
    });
    const student = await ctx.factories.user({
      role: "student",
      teacherId: teacher.id,
      firstName: "Zora",
      lastName: "Quillfeather",
    });
    const outside = await ctx.factories.school({
      districtId: (await ctx.factories.district()).id,
    });
    const outsideTeacher = await ctx.factories.user({
      role: "teacher",
      schoolId: outside.id,
      lastName: "Quimby",
    });
    await ctx.factories.user({
      role: "student",
      teacherId: outsideTeacher.id,
      firstName: "Zora",
      lastName: "Quillfeather",
    });
    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    return { teacher, student, outsideTeacher, client: await signedIn(admin) };
  }

  const search = (client: TestClient, role: string, q: string) =>
    client.post("/district_admin/search_postback", { role, q });

  it("finds the district's students by part of a name, never another district's", async () => {
    const w = await searchWorld();
    for (const q of ["quillf", "ZORA Q", w.student.username.slice(2)]) {
      const reply = await search(w.client, "student", q);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual({
        more: false,
        students: [
          {
            userid: w.student.id,
            login: w.student.username,
            firstname: "Zora",
            lastname: "Quillfeather",
            teacher: { firstname: "Tess", lastname: "Quimby", email: w.teacher.email },
            school: { schoolname: "Maple School" },
          },
        ],
      });
    }
  });

  it("finds the district's teachers by e-mail or name", async () => {
    const w = await searchWorld();
    for (const q of [(w.teacher.email as string).toUpperCase(), "quimby"]) {
      const reply = await search(w.client, "teacher", q);
      expect(reply.body.data).toEqual({
        more: false,
        teachers: [
          {
            userid: w.teacher.id,
            login: w.teacher.username,
            firstname: "Tess",
            lastname: "Quimby",
            email: w.teacher.email,
            school: { schoolname: "Maple School" },
          },
        ],
      });
    }
  });

  it("takes % and _ as the characters themselves", async () => {
    const w = await searchWorld();
    await ctx.factories.user({ role: "student", teacherId: w.teacher.id, firstName: "Jane" });
    expect((await search(w.client, "student", "%%")).body.data.students).toEqual([]);
    expect((await search(w.client, "student", "a_e")).body.data.students).toEqual([]);
    const percent = await ctx.factories.user({
      role: "student",
      teacherId: w.teacher.id,
      lastName: "Top10%Reader",
    });
    const found = (await search(w.client, "student", "10%r")).body.data.students;
    expect(found.map((s: { userid: number }) => s.userid)).toEqual([percent.id]);
  });

  it("returns at most SEARCH_LIMIT rows by last name and says there were more", async () => {
    const w = await searchWorld();
    for (let i = 0; i <= SEARCH_LIMIT; i++) {
      await ctx.factories.user({
        role: "student",
        teacherId: w.teacher.id,
        firstName: "Many",
        lastName: `Manyson${String(i).padStart(2, "0")}`,
      });
    }
    const reply = await search(w.client, "student", "manyson");
    expect(reply.body.data.more).toBe(true);
    const names = reply.body.data.students.map((s: { lastname: string }) => s.lastname);
    expect(names).toHaveLength(SEARCH_LIMIT);
    expect(names[0]).toBe("Manyson00");
    expect(names).toEqual([...names].sort());
  });

  it("refuses a one-character query", async () => {
    const w = await searchWorld();
    const reply = await search(w.client, "teacher", "q");
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ q: [messages.minChars(SEARCH_QUERY.min)] });
  });
});
