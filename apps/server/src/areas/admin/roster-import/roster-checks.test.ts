import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix } from "../../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../../test/own-app.ts";
import { rosterImportCalls } from "../../../../test/roster-import-calls.ts";
import { rosterZip, smallDistrict } from "../../../../test/roster-package.ts";
import { users } from "../../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile({ LOGIN_LIMIT_PER_IP: "1000" });

const { district, upload, detail } = rosterImportCalls(() => ctx);

describe("what a bad package gets", () => {
  async function problemsOf(zip: Buffer) {
    const { client } = await district();
    const uploaded = await upload(client, zip);
    expect(uploaded.status).toBe(200);
    const found = await detail(client, uploaded.body.data.id);
    expect(found.status).toBe("invalid");
    const applied = await client.post(`/district_admin/roster/imports/${found.id}/apply`, {
      schoolMatches: {},
      levelsFromGrades: false,
      inviteTeachers: false,
    });
    expect(applied.status).toBe(409);
    return { client, found, messages: found.problems.map((p: { message: string }) => p.message) };
  }

  it("refuses what is not a ZIP at the door", async () => {
    const { client } = await district();
    const reply = await upload(client, Buffer.from("sourcedId,status\n"));
    expect(reply.status).toBe(422);
    expect(reply.body.errors.file).toEqual([expect.stringMatching(/not a ZIP/)]);
  });

  it("tells folders, a missing manifest and a listed file that is missing", async () => {
    const nested = rosterZip({}, {}, { "export/orgs.csv": "x" });
    expect((await problemsOf(nested)).messages).toEqual([expect.stringMatching(/has folders/)]);
    const { strToU8, zipSync } = await import("fflate");
    const bare = Buffer.from(zipSync({ "orgs.csv": strToU8("x") }));
    expect((await problemsOf(bare)).messages).toEqual([expect.stringMatching(/no manifest.csv/)]);
    const missing = rosterZip(
      { orgs: [] },
      {},
      {
        "manifest.csv":
          "propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.orgs,bulk\nfile.users,bulk\n",
      },
    );
    expect((await problemsOf(missing)).messages).toContainEqual(
      expect.stringMatching(/lists users.csv as bulk, but the package has no users.csv/),
    );
  });

  it("tells a misspelt header, text that is not UTF-8 and a 100 MB file, and changes nothing", async () => {
    const rows = smallDistrict();
    const misspelt = rosterZip(
      rows,
      {},
      {
        "orgs.csv": "sourcedId,status,dateLastModifed,name,type,identifier,parentSourcedId\n",
      },
    );
    expect((await problemsOf(misspelt)).messages).toContainEqual(
      'Column 3 of the header is "dateLastModifed"; it must be "dateLastModified".',
    );
    const latin1 = Buffer.from(
      "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\nd1,,,Caf\xe9,district,,\n",
      "latin1",
    );
    expect(
      (await problemsOf(rosterZip(rows, {}, { "orgs.csv": new Uint8Array(latin1) }))).messages,
    ).toContainEqual(expect.stringMatching(/orgs.csv is not UTF-8/));
    const huge = rosterZip(rows, {}, { "orgs.csv": new Uint8Array(100 * 1024 * 1024) });
    expect((await problemsOf(huge)).messages).toContainEqual(
      expect.stringMatching(/unpacks to more than 64 MB/),
    );
  });

  it("tells each row's problem (formulas, duplicates, unknown references, bad enums, another district's school) and the report escapes formulas", async () => {
    const other = await ctx.factories.district();
    const elsewhere = await ctx.factories.school({ districtId: other.id, name: "Far School" });
    await ctx.db.execute(sql`update schools set nces_id = '999888' where id = ${elsewhere.id}`);
    const rows = smallDistrict();
    rows.users?.push(
      { sourcedId: "st-9", enabledUser: "true", givenName: "=cmd|' /C calc'!A0", familyName: "X" },
      { sourcedId: "st-1", enabledUser: "true", givenName: "Dup", familyName: "Row" },
      {
        sourcedId: "st-8",
        enabledUser: "true",
        givenName: "Same",
        familyName: "Name",
        username: "ANN.A",
      },
    );
    rows.roles?.push({
      sourcedId: "r-st-8",
      userSourcedId: "st-8",
      roleType: "primary",
      role: "student",
      orgSourcedId: "s-oak",
    });
    rows.enrollments?.push({
      sourcedId: "e-x",
      classSourcedId: "k-nope",
      schoolSourcedId: "s-oak",
      userSourcedId: "st-8",
      role: "student",
    });
    rows.classes?.push({
      sourcedId: "k-bad",
      title: "Bad",
      courseSourcedId: "c1",
      classType: "lecture",
      schoolSourcedId: "s-oak",
      termSourcedIds: "y1",
    });
    rows.orgs?.push({
      sourcedId: "s-far",
      name: "Far School",
      type: "school",
      identifier: "999888",
      parentSourcedId: "d1",
    });
    const { client, found, messages } = await problemsOf(rosterZip(rows));
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^givenName starts with "="/),
        expect.stringMatching(/^sourcedId st-1 is also on line \d+/),
        "username ANN.A is also st-1's.",
        "classSourcedId names k-nope, which is not in classes.csv.",
        'classType "lecture" is not one of homeroom, scheduled.',
        "identifier 999888 is the NCES id of a school in another district.",
      ]),
    );
    const usersCsv = found.problems.find((p: { sourcedId: string }) => p.sourcedId === "st-9");
    expect(usersCsv).toMatchObject({
      file: "users.csv",
      line: 11,
      field: "givenName",
      severity: "error",
    });
    const report = await client.get(`/district_admin/roster/imports/${found.id}/problems.csv`);
    expect(report.status).toBe(200);
    expect(report.headers["content-type"]).toMatch(/text\/csv/);
    expect(report.body).toContain("severity,file,line,sourcedId,field,message");
    expect(report.body).not.toMatch(/(^|,)=cmd/m);
    // Nothing changed: no school, no account of the package exists.
    const made = await ctx.db.select().from(users).where(eq(users.sourcedId, "t-ada"));
    expect(made.filter((u) => u.rosterDistrictId === found.districtId)).toEqual([]);
  });
});

describe("authorization matrix of the roster import", () => {
  it("only district admins and staff reach its calls", async () => {
    const { client } = await district();
    const uploaded = await upload(client, rosterZip(smallDistrict()));
    const id = uploaded.body.data.id;
    const routes = [
      { method: "GET" as const, url: "/district_admin/roster/imports" },
      { method: "GET" as const, url: "/district_admin/roster/sample/valid" },
      { method: "GET" as const, url: `/district_admin/roster/imports/${id}` },
      { method: "GET" as const, url: `/district_admin/roster/imports/${id}/problems.csv` },
    ];
    for (const route of routes)
      expect(
        await checkMatrix(world, {
          ...route,
          // Another district's import reads as missing to the world's district admin.
          expect: {
            anonymous: 401,
            district_admin: route.url.includes(`/${id}`) ? 404 : 200,
            staff: 200,
          },
          otherwise: 403,
        }),
      ).toEqual([]);
    // Each on an import of its own: staff's apply leaves theirs nothing to discard.
    const second = (await upload(client, rosterZip(smallDistrict()))).body.data.id;
    const third = (await upload(client, rosterZip(smallDistrict()))).body.data.id;
    for (const url of [
      `/district_admin/roster/imports/${id}/apply`,
      `/district_admin/roster/imports/${second}/discard`,
      `/district_admin/roster/imports/${third}/preview`,
    ])
      expect(
        await checkMatrix(world, {
          method: "POST",
          url,
          body: {
            schoolMatches: {},
            levelsFromGrades: false,
            ...(!url.endsWith("/preview") && { inviteTeachers: false }),
          },
          expect: { anonymous: 401, district_admin: 404, staff: 200 },
          otherwise: 403,
        }),
      ).toEqual([]);
  });

  it("staff name the district; a district admin cannot name another", async () => {
    const { client } = await district();
    const other = await ctx.factories.district();
    const refused = await client.request(
      "POST",
      `/district_admin/roster/imports?districtId=${other.id}`,
      rosterZip(smallDistrict()),
      { "content-type": "application/zip" },
    );
    expect(refused.status).toBe(404);
    const staff = world.clients.staff;
    const unnamed = await staff.request("POST", "/district_admin/roster/imports", rosterZip({}), {
      "content-type": "application/zip",
    });
    expect(unnamed.status).toBe(422);
    const named = await upload(staff, rosterZip(smallDistrict()), `&districtId=${other.id}`);
    expect(named.status).toBe(200);
    expect(named.body.data.districtId).toBe(other.id);
    const list = await staff.get(`/district_admin/roster/imports?districtId=${other.id}`);
    expect(list.body.data.imports.map((i: { id: number }) => i.id)).toEqual([named.body.data.id]);
  });

  it("refuses a school match outside the district", async () => {
    const { client } = await district();
    const uploaded = await upload(client, rosterZip(smallDistrict()));
    const far = await ctx.factories.school({ districtId: (await ctx.factories.district()).id });
    const reply = await client.post(
      `/district_admin/roster/imports/${uploaded.body.data.id}/apply`,
      {
        schoolMatches: { "s-oak": far.id },
        levelsFromGrades: false,
        inviteTeachers: false,
      },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors.schoolMatches).toBeDefined();
  });
});
