import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../../test/authorization.ts";
import {
  buildTestAppWithMail,
  type MailTestContext,
  type TestClient,
} from "../../../../test/build-test-app.ts";
import { type Rows, rosterZip, smallDistrict } from "../../../../test/roster-package.ts";
import { auditLog, studentGroups, users } from "../../../db/schema/index.ts";
import { StudentPasswordBox } from "../../auth/passwords.ts";

let ctx: MailTestContext;
let world: Awaited<ReturnType<typeof roleClients>>;
beforeAll(async () => {
  ctx = await buildTestAppWithMail({
    LOGIN_LIMIT_PER_IP: "1000",
    PUBLIC_URL: "https://refrain.example.com",
  });
  world = await roleClients(ctx);
});
afterAll(() => ctx.close());

/** A district with its admin signed in. */
async function district() {
  const row = await ctx.factories.district();
  const admin = await ctx.factories.user({ role: "district_admin", districtId: row.id });
  const client = ctx.client();
  await client.signIn(admin);
  return { district: row, admin, client };
}

async function upload(client: TestClient, zip: Buffer, query = "") {
  const reply = await client.request(
    "POST",
    `/district_admin/roster/imports?fileName=roster.zip${query}`,
    zip,
    { "content-type": "application/zip" },
  );
  await ctx.jobs.idle();
  return reply;
}

async function detail(client: TestClient, id: number) {
  const reply = await client.get(`/district_admin/roster/imports/${id}`);
  expect(reply.status).toBe(200);
  return reply.body.data;
}

/** Uploads, checks the preview is ready, applies with `options`, and answers the import. */
async function importPackage(
  client: TestClient,
  rows: Rows,
  options: Record<string, unknown> = {},
  modes: Parameters<typeof rosterZip>[1] = {},
) {
  const uploaded = await upload(client, rosterZip(rows, modes));
  expect(uploaded.status).toBe(200);
  const ready = await detail(client, uploaded.body.data.id);
  expect(ready.problems.filter((p: { severity: string }) => p.severity === "error")).toEqual([]);
  expect(ready.status).toBe("ready");
  const applied = await client.post(`/district_admin/roster/imports/${ready.id}/apply`, {
    schoolMatches: {},
    levelsFromGrades: false,
    inviteTeachers: false,
    ...options,
  });
  expect(applied.status).toBe(200);
  await ctx.jobs.idle();
  const done = await detail(client, ready.id);
  expect(done.failure).toBeNull();
  expect(done.status).toBe("applied");
  return { preview: ready.preview, done };
}

const rostered = (districtId: number) =>
  ctx.db
    .select()
    .from(users)
    .where(and(eq(users.rosterDistrictId, districtId), isNotNull(users.sourcedId)))
    .orderBy(users.sourcedId);

describe("a district imports its roster", () => {
  it("previews, then creates schools, teachers, classes as groups, students and parents' addresses", async () => {
    const { district: d, client } = await district();
    const { preview, done } = await importPackage(client, smallDistrict(), {
      inviteTeachers: true,
    });
    expect(preview.counts.schools).toEqual({ create: 2, update: 0, deactivate: 0, unchanged: 0 });
    expect(preview.counts.teachers).toEqual({ create: 3, update: 0, deactivate: 0, unchanged: 0 });
    expect(preview.counts.students).toEqual({ create: 5, update: 0, deactivate: 0, unchanged: 0 });
    expect(preview.counts.classes.create).toBe(4);
    expect(preview.counts.enrollments.create).toBe(9);
    expect(done.progress.done).toBe(done.progress.total);

    const people = await rostered(d.id);
    const byId = new Map(people.map((p) => [p.sourcedId, p]));
    const ada = byId.get("t-ada");
    expect(ada).toMatchObject({
      role: "teacher",
      username: "ms.lovelace",
      email: "ada@lakeside.example.org",
    });
    // No username in the roster: one is made from the e-mail.
    expect(byId.get("t-cy")?.username).toMatch(/^cy/);
    const ann = byId.get("st-1");
    expect(ann).toMatchObject({
      role: "student",
      username: "ann.a",
      teacherId: ada?.id,
      planId: 8,
      parentEmail: "gail.avery@home.example.org",
      passwordHash: null,
    });
    expect(byId.get("st-3")?.username).toBe("cal.c");
    expect(byId.get("st-5")?.planId).toBe(6);
    // The guardian is no account of their own.
    expect(byId.has("g-1")).toBe(false);
    // Ada has two classes: a group each, her students in theirs.
    const groups = await ctx.db
      .select()
      .from(studentGroups)
      .where(eq(studentGroups.teacherId, ada?.id ?? 0));
    expect(groups.map((g) => g.name).sort()).toEqual(["Grade 2 Room 4", "Grade 2 Room 5"]);

    // Invitations went out; the student signs in with the password on their card, hashed then.
    const invitation = await ctx.sink.take("ada@lakeside.example.org");
    expect(invitation.text).toContain("Your Refrain username is ms.lovelace.");
    const password = new StudentPasswordBox(ctx.config.APP_SECRET).decrypt(
      ann?.passwordEncrypted ?? "",
    );
    const student = ctx.client();
    await student.signIn({
      role: "student",
      username: "ann.a",
      password,
      teacherUsername: "ms.lovelace",
    });
    const [hashed] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, ann?.id ?? 0));
    expect(hashed?.passwordHash).toMatch(/^\$argon2id\$/);

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "roster.import_apply"))
      .orderBy(sql`${auditLog.id} desc`);
    expect(audit?.details).toMatchObject({ districtId: d.id });
  });
});

describe("authorization matrix of the roster import", () => {
  it("only district admins (their district's) and staff reach it", async () => {
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: "/district_admin/roster/imports",
        expect: { anonymous: 401, district_admin: 200, staff: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });
});
