import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../../test/own-app.ts";

const ctx = testAppForFile();

describe("admin lists", () => {
  it("a school admin sees the teachers of their school only, with student counts and seats", async () => {
    const district = await ctx.factories.district("Lakeside");
    const school = await ctx.factories.school({
      districtId: district.id,
      name: "Lakeside Elementary",
      seats: 7,
    });
    const other = await ctx.factories.school({ districtId: district.id });
    const mine = await ctx.factories.user({
      role: "teacher",
      schoolId: school.id,
      lastName: "Adams",
    });
    await ctx.factories.user({ role: "student", teacherId: mine.id });
    await ctx.factories.user({ role: "student", teacherId: mine.id });
    await ctx.factories.user({ role: "teacher", schoolId: other.id });
    const admin = await ctx.factories.user({ role: "school_admin", schoolId: school.id });
    const client = ctx.client();
    await client.signIn(admin);
    const reply = await client.get("/school/admin/teachers_json");
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      school: "Lakeside Elementary",
      seats: 7,
      teachers: [
        {
          userid: mine.id,
          email: mine.email,
          firstname: mine.firstName,
          lastname: "Adams",
          login: mine.username,
          students: 2,
          // The answer says what the admin may do with the record (policies.ts decides).
          canImpersonate: true,
          invited: false,
        },
      ],
    });
  });

  it("a district admin sees their district's schools and never another district's", async () => {
    const district = await ctx.factories.district("Hillview");
    const a = await ctx.factories.school({ districtId: district.id, name: "A School" });
    await ctx.factories.school({ districtId: district.id, name: "B School" });
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: a.id });
    await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    const client = ctx.client();
    await client.signIn(admin);
    const reply = await client.get(`/district_admin/school_list/${district.id}`);
    expect(reply.body.data).toEqual({
      district: "Hillview",
      schools: [
        { id: a.id, name: "A School", teachers: 1, students: 1 },
        { id: expect.any(Number), name: "B School", teachers: 0, students: 0 },
      ],
    });
    const elsewhere = await ctx.factories.district();
    expect((await client.get(`/district_admin/school_list/${elsewhere.id}`)).status).toBe(404);
  });
});
