import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LINK_MAIL_ENV } from "../../../../test/build-test-app.ts";
import { mailAppForFile } from "../../../../test/own-app.ts";
import { rosterImportCalls } from "../../../../test/roster-import-calls.ts";
import { type Rows, rosterZip, smallDistrict } from "../../../../test/roster-package.ts";
import { mediaStore } from "../../../adapters/storage.ts";
import { StudentPasswordBox } from "../../../core/passwords.ts";
import {
  auditLog,
  rosterImports,
  schools,
  studentGroups,
  users,
} from "../../../db/schema/index.ts";
import { consumeToken, findAdultsByEmail, issueToken, peekToken } from "../../auth/index.ts";
import { discardStaleImports } from "./validate.ts";

const ctx = mailAppForFile(LINK_MAIL_ENV);

const { district, upload, detail, importPackage, rostered } = rosterImportCalls(() => ctx);

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

describe("importing again", () => {
  it("changes nothing when the same package comes twice", async () => {
    const { district: d, client } = await district();
    await importPackage(client, smallDistrict());
    const before = await rostered(d.id);
    const { preview } = await importPackage(client, smallDistrict());
    for (const entity of ["schools", "teachers", "classes", "students", "enrollments"])
      expect(preview.counts[entity], entity).toMatchObject({ create: 0, update: 0, deactivate: 0 });
    expect(await rostered(d.id)).toEqual(before);
  });

  it("deactivates who a later bulk package drops, keeps their history, and brings them back", async () => {
    const { district: d, client } = await district();
    await importPackage(client, smallDistrict());
    const [ben] = (await rostered(d.id)).filter((u) => u.sourcedId === "st-2");
    const later = smallDistrict();
    later.users = later.users?.filter((u) => u.sourcedId !== "st-2");
    later.roles = later.roles?.filter((r) => r.userSourcedId !== "st-2");
    later.enrollments = later.enrollments?.filter((e) => e.userSourcedId !== "st-2");
    const { preview } = await importPackage(client, later);
    expect(preview.counts.students).toMatchObject({ create: 0, update: 0, deactivate: 1 });
    expect(preview.counts.enrollments.deactivate).toBe(1);
    const [gone] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, ben?.id ?? 0));
    expect(gone?.deactivatedAt).not.toBeNull();
    // Out of the class's list and sign-in, not deleted.
    const teacher = ctx.client();
    const [ada] = (await rostered(d.id)).filter((u) => u.sourcedId === "t-ada");
    await ctx.db
      .update(users)
      .set({ passwordHash: (await ctx.factories.user({ role: "parent" })).passwordHash })
      .where(eq(users.id, ada?.id ?? 0));
    // Another test's district took ms.lovelace first: this Ada got a username of her own.
    await teacher.signIn({
      role: "teacher",
      username: ada?.username ?? "",
      password: "correct-horse-7",
    });
    const list = await teacher.post("/teacher/students", { verb: "list" });
    expect(list.body.students.map((s: { username: string }) => s.username)).toEqual(["ann.a"]);
    const student = await ctx.client().post("/student/login", {
      step: 2,
      type: "input",
      teacher: ada?.username,
      student: "ben.b",
    });
    expect(student.status).toBe(422);

    const { preview: back } = await importPackage(client, smallDistrict());
    expect(back.counts.students).toMatchObject({ create: 0, update: 1, deactivate: 0 });
    const [returned] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, ben?.id ?? 0));
    expect(returned?.deactivatedAt).toBeNull();
  });

  it("keeps a class's group beside a teacher's own group of the same name, import after import", async () => {
    const { district: d, client } = await district();
    await importPackage(client, smallDistrict());
    const [ada] = (await rostered(d.id)).filter((u) => u.sourcedId === "t-ada");
    const renamed = smallDistrict();
    const room = renamed.classes?.find((k) => k.sourcedId === "k-oak-2a");
    if (room) room.title = "Bluebirds";
    await ctx.db.insert(studentGroups).values({ teacherId: ada?.id ?? 0, name: "bluebirds" });
    await importPackage(client, renamed);
    await importPackage(client, renamed);
    const names = (
      await ctx.db
        .select()
        .from(studentGroups)
        .where(eq(studentGroups.teacherId, ada?.id ?? 0))
    )
      .map((g) => g.name)
      .sort();
    expect(names).toEqual(["Grade 2 Room 4", "Grade 2 Room 5", "bluebirds"]);
  });

  it("a dropped teacher's links, invitations and address sign no one in", async () => {
    const { district: d, client } = await district();
    await importPackage(client, smallDistrict(), { inviteTeachers: true });
    const [cy] = (await rostered(d.id)).filter((u) => u.sourcedId === "t-cy");
    const token = await issueToken(ctx.db, cy?.id ?? 0, "password_reset");
    expect(await peekToken(ctx.db, token, "password_reset")).not.toBeNull();
    const later = smallDistrict();
    later.users = later.users?.filter((u) => u.sourcedId !== "t-cy");
    later.roles = later.roles?.filter((r) => r.userSourcedId !== "t-cy");
    later.enrollments = later.enrollments?.filter((e) => e.userSourcedId !== "t-cy");
    await importPackage(client, later);
    expect(await peekToken(ctx.db, token, "password_reset")).toBeNull();
    expect(await consumeToken(ctx.db, token, "password_reset")).toBeNull();
    // Other tests' districts have a Cy of their own at that address; this one is not found.
    const byAddress = await findAdultsByEmail(ctx.db, "cy@lakeside.example.org");
    expect(byAddress.map((a) => a.id)).not.toContain(cy?.id);
  });

  it("applies a delta package's rows only", async () => {
    const { district: d, client } = await district();
    await importPackage(client, smallDistrict());
    const delta: Rows = {
      users: [
        {
          sourcedId: "st-3",
          status: "active",
          dateLastModified: "2026-10-01T10:00:00Z",
          enabledUser: "true",
          givenName: "Cal",
          familyName: "Colby",
          grades: "03",
        },
        {
          sourcedId: "st-5",
          status: "tobedeleted",
          dateLastModified: "2026-10-01T10:00:00Z",
          enabledUser: "true",
          givenName: "Eve",
          familyName: "Ewing",
        },
      ],
    };
    const { preview } = await importPackage(client, delta, {}, { users: "delta" });
    expect(preview.counts.students).toMatchObject({
      create: 0,
      update: 1,
      deactivate: 1,
      unchanged: 3,
    });
    expect(preview.counts.teachers).toMatchObject({
      create: 0,
      update: 0,
      deactivate: 0,
      unchanged: 3,
    });
    const people = new Map((await rostered(d.id)).map((u) => [u.sourcedId, u]));
    expect(people.get("st-3")?.lastName).toBe("Colby");
    expect(people.get("st-5")?.deactivatedAt).not.toBeNull();
    expect(people.get("st-4")?.deactivatedAt).toBeNull();
  });

  it("keeps a teacher's own edit until the roster changes that field, and says so in the preview", async () => {
    const { district: d, client } = await district();
    await importPackage(client, smallDistrict());
    const [ann] = (await rostered(d.id)).filter((u) => u.sourcedId === "st-1");
    await ctx.db
      .update(users)
      .set({ firstName: "Annie" })
      .where(eq(users.id, ann?.id ?? 0));
    // The roster unchanged: the teacher's "Annie" stands.
    const { preview: same } = await importPackage(client, smallDistrict());
    expect(same.overwritesTotal).toBe(0);
    let [now] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, ann?.id ?? 0));
    expect(now?.firstName).toBe("Annie");
    // The roster now says "Anna": the preview tells what it overwrites.
    const renamed = smallDistrict();
    const row = renamed.users?.find((u) => u.sourcedId === "st-1");
    if (row) row.givenName = "Anna";
    const { preview } = await importPackage(client, renamed);
    expect(preview.overwrites).toEqual([
      {
        student: "Annie Avery",
        teacher: "Ada Lovelace",
        field: "firstName",
        current: "Annie",
        incoming: "Anna",
      },
    ]);
    [now] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, ann?.id ?? 0));
    expect(now?.firstName).toBe("Anna");
  });

  it("adopts the district's teachers and their typed-in students instead of duplicating them", async () => {
    const { district: d, client } = await district();
    const oak = await ctx.factories.school({ districtId: d.id, name: "Oak Elementary" });
    const ada = await ctx.factories.user({
      role: "teacher",
      schoolId: oak.id,
      username: "ada.own",
    });
    await ctx.db
      .update(users)
      .set({ email: "ada@lakeside.example.org" })
      .where(eq(users.id, ada.id));
    const typed = await ctx.factories.user({
      role: "student",
      teacherId: ada.id,
      firstName: "Ann",
      lastName: "Avery",
      username: "annie",
    });
    const { preview } = await importPackage(client, smallDistrict());
    expect(
      preview.schools.find((s: { sourcedId: string }) => s.sourcedId === "s-oak"),
    ).toMatchObject({ schoolId: oak.id, how: "name" });
    expect(preview.counts.teachers).toMatchObject({ create: 2, update: 1 });
    expect(preview.counts.students).toMatchObject({ create: 4, update: 1 });
    const [kept] = await ctx.db.select().from(users).where(eq(users.id, typed.id));
    // Her login stays what her teacher gave her.
    expect(kept).toMatchObject({ sourcedId: "st-1", username: "annie", teacherId: ada.id });
    const [teacher] = await ctx.db.select().from(users).where(eq(users.id, ada.id));
    expect(teacher).toMatchObject({ sourcedId: "t-ada", username: "ada.own" });
  });
});

describe("the admin's choices", () => {
  it("count the preview again, and the applied import tells what was applied", async () => {
    const { district: d, client } = await district();
    const oak = await ctx.factories.school({ districtId: d.id, name: "Oak Elementary" });
    const elm = await ctx.factories.school({ districtId: d.id, name: "Old Elm Building" });
    const id = (await upload(client, rosterZip(smallDistrict()))).body.data.id;
    const first = await detail(client, id);
    expect(first.districtName).toBe(d.name);
    expect(first.preview.counts.schools).toMatchObject({ create: 1, update: 1 });
    expect(first.preview.choices).toEqual({ schoolMatches: {}, levelsFromGrades: false });
    const choices = { schoolMatches: { "s-oak": null, "s-elm": elm.id }, levelsFromGrades: true };
    const recount = await client.post(`/district_admin/roster/imports/${id}/preview`, choices);
    expect(recount.status).toBe(200);
    expect(recount.body.data.status).toBe("validating");
    await ctx.jobs.idle();
    const again = await detail(client, id);
    expect(again.status).toBe("ready");
    expect(again.preview.choices).toEqual(choices);
    expect(
      again.preview.schools.map((s: { sourcedId: string; schoolId: number | null }) => [
        s.sourcedId,
        s.schoolId,
      ]),
    ).toEqual([
      ["s-elm", elm.id],
      ["s-oak", null],
    ]);
    expect(again.preview.counts.schools).toMatchObject({ create: 1, update: 1 });
    const applied = await client.post(`/district_admin/roster/imports/${id}/apply`, {
      ...choices,
      inviteTeachers: false,
    });
    expect(applied.status).toBe(200);
    await ctx.jobs.idle();
    const done = await detail(client, id);
    expect(done.status).toBe("applied");
    expect(done.preview.counts.students.create).toBe(5);
    const [oakAfter] = await ctx.db.select().from(schools).where(eq(schools.id, oak.id));
    expect(oakAfter?.sourcedId).toBeNull();
    const [elmAfter] = await ctx.db.select().from(schools).where(eq(schools.id, elm.id));
    expect(elmAfter?.sourcedId).toBe("s-elm");
    // Counting again is for a ready import only.
    const late = await client.post(`/district_admin/roster/imports/${id}/preview`, choices);
    expect(late.status).toBe(409);
  });

  it("a package past the upload limit is told its size", async () => {
    const { client } = await district();
    const reply = await client.request(
      "POST",
      "/district_admin/roster/imports?fileName=big.zip",
      Buffer.alloc(33 * 1024 * 1024, 0x50),
      { "content-type": "application/zip" },
    );
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe("The upload is larger than 32 MB.");
  });
});

describe("packages nobody applied", () => {
  it("are discarded with their files after a week; applied ones keep no file at all", async () => {
    const { client } = await district();
    const old = (await upload(client, rosterZip(smallDistrict()))).body.data.id;
    const fresh = (await upload(client, rosterZip(smallDistrict()))).body.data.id;
    await ctx.db
      .update(rosterImports)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(rosterImports.id, old));
    const store = mediaStore(ctx.config);
    const keyOf = async (id: number) =>
      (await ctx.db.select().from(rosterImports).where(eq(rosterImports.id, id)))[0]?.fileKey ?? "";
    expect(await store.size(await keyOf(old))).toBeGreaterThan(0);
    expect(await discardStaleImports({ db: ctx.db, store })).toBe(1);
    expect((await detail(client, old)).status).toBe("discarded");
    expect(await store.size(await keyOf(old))).toBeNull();
    expect((await detail(client, fresh)).status).toBe("ready");
    const { done } = await importPackage(client, smallDistrict());
    expect(await store.size(await keyOf(done.id))).toBeNull();
  });
});
