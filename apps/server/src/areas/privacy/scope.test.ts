import { describe, expect, it } from "vitest";
import { checkMatrix, STUDENT_RECORD_KEEPERS } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";

const { ctx, world } = appWithRolesForFile();

describe("a student's privacy page", () => {
  it("is for the class owner and the admins of the student's school and district", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: (w) => `/privacy/students/${w.people.student.id}`,
      ...STUDENT_RECORD_KEEPERS,
    });
    expect(mismatches).toEqual([]);
  });

  it("names the student and their teacher, and says who owns the class", async () => {
    const { student, teacher } = world.people;
    const own = await world.clients.teacher.get(`/privacy/students/${student.id}`);
    expect(own.body).toEqual({
      success: true,
      data: {
        student: {
          id: student.id,
          firstName: student.firstName,
          lastName: student.lastName,
          username: student.username,
          teacherName: `${teacher.firstName} ${teacher.lastName}`,
          schoolName: world.school.name,
        },
        ownsClass: true,
      },
    });
    const admin = await world.clients.district_admin.get(`/privacy/students/${student.id}`);
    expect(admin.body.data.ownsClass).toBe(false);
  });

  it("answers 404 for a student of another school, district or class, and for none at all", async () => {
    const otherDistrict = await ctx.factories.district();
    const otherSchool = await ctx.factories.school({ districtId: otherDistrict.id });
    const otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: otherSchool.id });
    const stranger = await ctx.factories.user({ role: "student", teacherId: otherTeacher.id });
    // A second school of the same district: its district admin reaches it, the school admin not.
    const sameDistrict = await ctx.factories.school({ districtId: world.district.id });
    const neighbour = await ctx.factories.user({ role: "teacher", schoolId: sameDistrict.id });
    const neighbourStudent = await ctx.factories.user({
      role: "student",
      teacherId: neighbour.id,
    });
    const { teacher, school_admin, district_admin } = world.clients;
    for (const client of [teacher, school_admin, district_admin])
      expect((await client.get(`/privacy/students/${stranger.id}`)).status).toBe(404);
    expect((await teacher.get(`/privacy/students/${neighbourStudent.id}`)).status).toBe(404);
    expect((await school_admin.get(`/privacy/students/${neighbourStudent.id}`)).status).toBe(404);
    expect((await district_admin.get(`/privacy/students/${neighbourStudent.id}`)).status).toBe(200);
    expect((await teacher.get("/privacy/students/999999")).status).toBe(404);
    // A teacher's id is no student's.
    const teacherId = world.people.teacher.id;
    expect((await district_admin.get(`/privacy/students/${teacherId}`)).status).toBe(404);
  });
});
