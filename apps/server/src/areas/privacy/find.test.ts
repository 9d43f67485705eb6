import { describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";

const { ctx, world } = appWithRolesForFile();

const found = async (role: "school_admin" | "district_admin", q: string) => {
  const reply = await world.clients[role].get(`/privacy/students?q=${encodeURIComponent(q)}`);
  expect(reply.status).toBe(200);
  return (reply.body.data.students as { id: number }[]).map((s) => s.id);
};

describe("finding a student for their privacy page", () => {
  it("is for school and district admins", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: "/privacy/students?q=First",
      expect: { anonymous: 401, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
  });

  it("finds only students of the admin's own school or district", async () => {
    const mine = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
      firstName: "Zelda",
      lastName: "Quince",
    });
    const neighbourSchool = await ctx.factories.school({ districtId: world.district.id });
    const neighbourTeacher = await ctx.factories.user({
      role: "teacher",
      schoolId: neighbourSchool.id,
    });
    const neighbour = await ctx.factories.user({
      role: "student",
      teacherId: neighbourTeacher.id,
      firstName: "Zelda",
      lastName: "Quarry",
    });
    const otherDistrict = await ctx.factories.district();
    const farSchool = await ctx.factories.school({ districtId: otherDistrict.id });
    const farTeacher = await ctx.factories.user({ role: "teacher", schoolId: farSchool.id });
    await ctx.factories.user({
      role: "student",
      teacherId: farTeacher.id,
      firstName: "Zelda",
      lastName: "Quartz",
    });
    expect(await found("school_admin", "zelda")).toEqual([mine.id]);
    expect((await found("district_admin", "Zelda Q")).sort()).toEqual(
      [mine.id, neighbour.id].sort(),
    );
    // A teacher is never a student found, and the school admin's answer names the class.
    expect(await found("school_admin", world.people.teacher.username)).toEqual([]);
    const { body } = await world.clients.school_admin.get("/privacy/students?q=Quince");
    expect(body.data).toEqual({
      students: [
        {
          id: mine.id,
          firstName: "Zelda",
          lastName: "Quince",
          username: mine.username,
          teacherName: `${world.people.teacher.firstName} ${world.people.teacher.lastName}`,
          schoolName: world.school.name,
        },
      ],
      more: false,
    });
    // Wildcards match only themselves.
    expect(await found("district_admin", "%%")).toEqual([]);
  });

  it("refuses words too short to search by, keyed by field", async () => {
    const reply = await world.clients.school_admin.get("/privacy/students?q=a");
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors)).toEqual(["q"]);
  });
});
