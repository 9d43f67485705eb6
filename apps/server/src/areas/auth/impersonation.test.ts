import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../../test/own-app.ts";
import { auditLog } from "../../db/schema/index.ts";

const ctx = testAppForFile();

async function world() {
  const district = await ctx.factories.district();
  const school = await ctx.factories.school({ districtId: district.id });
  const otherSchool = await ctx.factories.school({ districtId: district.id });
  const outside = await ctx.factories.school({ districtId: (await ctx.factories.district()).id });
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  return {
    district,
    teacher,
    student,
    teacherNextDoor: await ctx.factories.user({ role: "teacher", schoolId: otherSchool.id }),
    teacherOutside: await ctx.factories.user({ role: "teacher", schoolId: outside.id }),
    schoolAdmin: await ctx.factories.user({ role: "school_admin", schoolId: school.id }),
    otherAdmin: await ctx.factories.user({ role: "school_admin", schoolId: school.id }),
    districtAdmin: await ctx.factories.user({ role: "district_admin", districtId: district.id }),
  };
}

describe("impersonation", () => {
  it("a school admin logs in as a teacher of the school and returns, with audit rows and new session ids", async () => {
    const w = await world();
    const admin = ctx.client();
    await admin.signIn(w.schoolAdmin);
    const adminSession = admin.cookies.get("refrain_session");

    const take = await admin.post(`/impersonate/take/${w.teacher.id}`);
    expect(take.status).toBe(200);
    expect(admin.cookies.get("refrain_session")).not.toBe(adminSession);
    const acting = (await admin.get("/auth/session")).body.user;
    expect(acting).toMatchObject({
      id: w.teacher.id,
      role: "teacher",
      impersonated: true,
      impersonator: { id: w.schoolAdmin.id },
    });
    // The teacher's own pages work while impersonating.
    expect((await admin.post("/teacher/students", { verb: "list" })).status).toBe(200);

    const takeRows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, w.schoolAdmin.id), eq(auditLog.action, "impersonate.take")));
    expect(takeRows).toHaveLength(1);
    expect(takeRows[0]).toMatchObject({ targetId: w.teacher.id });
    expect(takeRows[0]?.ip).toBeTruthy();

    const leave = await admin.post("/impersonate/leave");
    expect(leave.status).toBe(200);
    expect((await admin.get("/auth/session")).body.user).toMatchObject({
      id: w.schoolAdmin.id,
      impersonated: false,
    });
    const leaveRows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, w.schoolAdmin.id), eq(auditLog.action, "impersonate.leave")));
    expect(leaveRows).toHaveLength(1);
  });

  it("keeps a school admin to the teachers of their own school", async () => {
    const w = await world();
    const admin = ctx.client();
    await admin.signIn(w.schoolAdmin);
    expect((await admin.post(`/impersonate/take/${w.teacherNextDoor.id}`)).status).toBe(404);
    expect((await admin.post(`/impersonate/take/${w.teacherOutside.id}`)).status).toBe(404);
    expect((await admin.post(`/impersonate/take/${w.student.id}`)).status).toBe(404);
    expect((await admin.post(`/impersonate/take/${w.otherAdmin.id}`)).status).toBe(403);
    expect((await admin.post("/impersonate/take/99999999")).status).toBe(404);
    expect((await admin.get("/auth/session")).body.user.id).toBe(w.schoolAdmin.id);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, w.schoolAdmin.id));
    expect(rows).toHaveLength(0);
  });

  it("lets a district admin take teachers and students of the district only", async () => {
    const w = await world();
    for (const target of [w.teacher, w.teacherNextDoor, w.student]) {
      const admin = ctx.client();
      await admin.signIn(w.districtAdmin);
      expect((await admin.post(`/impersonate/take/${target.id}`)).status).toBe(200);
      expect((await admin.get("/auth/session")).body.user.id).toBe(target.id);
    }
    const admin = ctx.client();
    await admin.signIn(w.districtAdmin);
    expect((await admin.post(`/impersonate/take/${w.teacherOutside.id}`)).status).toBe(404);
    expect((await admin.post(`/impersonate/take/${w.schoolAdmin.id}`)).status).toBe(403);
  });

  it("refuses nesting, other roles and leaving when not impersonating", async () => {
    const w = await world();
    const admin = ctx.client();
    await admin.signIn(w.districtAdmin);
    await admin.post(`/impersonate/take/${w.teacher.id}`);
    expect((await admin.post(`/impersonate/take/${w.teacherNextDoor.id}`)).status).toBe(403);

    const teacher = ctx.client();
    await teacher.signIn(w.teacher);
    expect((await teacher.post(`/impersonate/take/${w.teacherNextDoor.id}`)).status).toBe(403);
    expect((await teacher.post("/impersonate/leave")).status).toBe(403);
    expect((await ctx.client().post(`/impersonate/take/${w.teacher.id}`)).status).toBe(401);
  });
});
