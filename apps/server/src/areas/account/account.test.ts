import { inflateRawSync } from "node:zlib";
import { DEFAULT_STUDENT_PREFERENCES, DOCX_TYPE } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, NOT_CLASS_OWNERS, roleClients } from "../../../test/authorization.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { auditLog, classSettings, consentRecords, users } from "../../db/schema/index.ts";
import { DEFAULT_CLASS_SETTINGS, preferencesOf } from "./class-settings.ts";

const ctx = testAppForFile();

async function signedIn(role: "teacher" | "parent" = "teacher") {
  const school = await ctx.factories.school();
  const user = await ctx.factories.user({
    role,
    schoolId: role === "teacher" ? school.id : null,
    firstName: "Maya",
    lastName: "Okafor",
  });
  const client = ctx.client();
  await client.signIn(user);
  return { user, client, school, url: `/teacher/${user.id}/settings` };
}

/** One file of a zip (a .docx), read through its central directory. */
function unzipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString("utf8");
    }
    at += 46 + skip;
  }
  throw new Error(`${name} is not in the zip`);
}

describe("authorization", () => {
  it("only a class owner, on their own id, reaches the settings and the slip", async () => {
    const world = await roleClients(ctx);
    const own = (role: "teacher" | "parent") => (w: typeof world) =>
      `/teacher/${w.people[role].id}/settings`;
    for (const verb of ["load", "update_params", "clear_welcome_message"])
      for (const owner of ["teacher", "parent"] as const) {
        const body = { verb, ...(verb === "update_params" && { slow_video: true }) };
        // The owner's own id answers them; the other class owner is told it does not exist.
        expect(
          await checkMatrix(world, {
            method: "POST",
            url: own(owner),
            body,
            expect: { ...NOT_CLASS_OWNERS, [owner]: 200 },
            otherwise: 404,
          }),
        ).toEqual([]);
      }
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: "/teacher/file/download/student-fluency-permission-slip.docx",
        expect: NOT_CLASS_OWNERS,
        otherwise: 200,
      }),
    ).toEqual([]);
  });

  it("another teacher's id is not found and changes nothing", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const reply = await client.post(other.url, { verb: "update_params", unlink_video: false });
    expect(reply.status).toBe(404);
    expect(
      await ctx.db.select().from(classSettings).where(eq(classSettings.teacherId, other.user.id)),
    ).toEqual([]);
    expect((await client.post("/teacher/99999999999/settings", { verb: "load" })).status).toBe(404);
  });
});

describe("POST /teacher/:teacherId/settings", () => {
  it("load answers the account and, for a class that never saved, the defaults", async () => {
    const { user, client, url } = await signedIn();
    const reply = await client.post(url, { verb: "load" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: expect.any(String),
      username: user.username,
      firstname: "Maya",
      lastname: "Okafor",
      email: user.email,
      mailaddress1: "",
      mailcity: "",
      mailstate: "",
      mailzip: "",
      class_code: expect.stringMatching(/^[A-Z0-9]{6}$/),
      _is_actual_teacher: true,
      publishableKey: "sandbox",
      student: DEFAULT_STUDENT_PREFERENCES,
      // The factory's school has seats: its teachers are school-paid.
      subscription: expect.objectContaining({ is_paid_by_school: true, is_in_free_trial: false }),
      howTeach: null,
      fluencyRecordingPossible: true,
      fluencyConsent: { students: 0, parent_permission: 0, admin_approval: 0 },
      impersonating: false,
    });
    // The domain's defaults are the table's; the consent is derived, not stored.
    expect(preferencesOf(DEFAULT_CLASS_SETTINGS)).toEqual({
      ...DEFAULT_STUDENT_PREFERENCES,
      student_username: undefined,
      student_fluency_have_parent_permission: undefined,
      student_fluency_have_admin_approval: undefined,
    });
  });

  it("a parent is no actual teacher and cannot record fluency", async () => {
    const { client, url } = await signedIn("parent");
    const reply = await client.post(url, { verb: "load" });
    expect(reply.body).toMatchObject({
      _is_actual_teacher: false,
      fluencyRecordingPossible: false,
    });
  });

  it("update_params saves what is sent, keeps the rest, echoes all and audits the change", async () => {
    const { user, client, url } = await signedIn();
    const saved = await client.post(url, {
      verb: "update_params",
      record_student_fluency: true,
      student_fluency_have_parent_permission: true,
      student_fluency_have_admin_approval: true,
      student_record_fluency_lyrics_only: true,
      unlink_video: false,
      student_username: "input",
      welcome_message: "  Welcome back, readers!  ",
    });
    expect(saved.status).toBe(200);
    // The consent sent is dropped: it is recorded per student (issue 19), and this class has none.
    const expected = {
      ...DEFAULT_STUDENT_PREFERENCES,
      record_student_fluency: true,
      student_record_fluency_lyrics_only: true,
      unlink_video: false,
      student_username: "input",
      welcome_message: "Welcome back, readers!",
    };
    expect(saved.body).toEqual({
      success: true,
      message: "Your preferences were saved.",
      reload_nav: true,
      ...expected,
    });
    expect((await client.post(url, { verb: "load" })).body.student).toEqual(expected);
    const [teacher] = await ctx.db
      .select({ type: users.studentLoginType })
      .from(users)
      .where(eq(users.id, user.id));
    expect(teacher?.type).toBe("input");
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "class_settings.update")));
    expect(audit?.details).toMatchObject({ unlink_video: false, record_student_fluency: true });

    // A change the other pages do not show asks for no reload.
    const again = await client.post(url, { verb: "update_params", slow_video: true });
    expect(again.body).toMatchObject({ ...expected, slow_video: true, reload_nav: false });
  });

  it("reports the consent as on file when every student of the class has it", async () => {
    const { user, client, url } = await signedIn();
    const students = [
      await ctx.factories.user({ role: "student", teacherId: user.id }),
      await ctx.factories.user({ role: "student", teacherId: user.id }),
    ];
    const consent = (studentId: number, kind: "parent_permission" | "admin_approval") =>
      ctx.db
        .insert(consentRecords)
        .values({ studentId, kind, method: "email_reply", givenOn: "2026-09-01" })
        .returning({ id: consentRecords.id });
    await consent(students[0]?.id as number, "parent_permission");
    const [admin] = await consent(students[0]?.id as number, "admin_approval");
    await consent(students[1]?.id as number, "parent_permission");
    const load = async () => (await client.post(url, { verb: "load" })).body;
    expect((await load()).fluencyConsent).toEqual({
      students: 2,
      parent_permission: 2,
      admin_approval: 1,
    });
    expect((await load()).student).toMatchObject({
      student_fluency_have_parent_permission: true,
      student_fluency_have_admin_approval: false,
    });
    // A withdrawn record is no consent on file.
    await ctx.db
      .update(consentRecords)
      .set({ withdrawnAt: new Date() })
      .where(eq(consentRecords.id, admin?.id as number));
    expect((await load()).fluencyConsent.admin_approval).toBe(0);
    // Saving cannot switch it on.
    const saved = await client.post(url, {
      verb: "update_params",
      student_fluency_have_admin_approval: true,
    });
    expect(saved.body.student_fluency_have_admin_approval).toBe(false);
  });

  it("clear_welcome_message leaves the class message blank", async () => {
    const { client, url } = await signedIn();
    const cleared = await client.post(url, { verb: "clear_welcome_message" });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ success: true, message: "The class message was cleared." });
    expect((await client.post(url, { verb: "load" })).body.student.welcome_message).toBe("");
  });

  it("refuses bad fields with 422 by field, and saves nothing", async () => {
    const { user, client, url } = await signedIn();
    const reply = await client.post(url, {
      verb: "update_params",
      welcome_message: "x".repeat(501),
      student_username: "tiles",
      retake_exm: "yes",
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual([
      "retake_exm",
      "student_username",
      "welcome_message",
    ]);
    expect(reply.body.errors.welcome_message).toEqual([
      "Field cannot have more than 500 characters.",
    ]);
    expect((await client.post(url, { verb: "nonsense" })).status).toBe(422);
    expect(
      await ctx.db.select().from(classSettings).where(eq(classSettings.teacherId, user.id)),
    ).toEqual([]);
  });
});

describe("GET /teacher/file/download/student-fluency-permission-slip.docx", () => {
  it("is a Word document with the teacher's name and school filled in", async () => {
    const { client, school } = await signedIn();
    const reply = await ctx.app.inject({
      method: "GET",
      url: "/teacher/file/download/student-fluency-permission-slip.docx",
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe(DOCX_TYPE);
    expect(reply.headers["content-disposition"]).toBe(
      'attachment; filename="student-fluency-permission-slip.docx"',
    );
    const xml = unzipEntry(reply.rawPayload, "word/document.xml");
    const text = xml
      .replace(/<[^>]+>/g, "")
      .replaceAll("&apos;", "'")
      .replaceAll("&amp;", "&");
    expect(text).toContain("Fluency Recording Permission Slip");
    expect(text).toContain(`From Maya Okafor, ${school.name}`);
    expect(text).toContain("in Maya Okafor's class");
    for (const line of ["Student name", "Parent or guardian signature", "Date"])
      expect(text).toContain(line);
  });
});
