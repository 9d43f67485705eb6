import {
  defaultWindows,
  type WindowsAnswer,
  type WindowsInput,
  windowMessages,
} from "@refrain/domain";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { auditLog, benchmarkCalendars } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

beforeAll(() => ensureCatalog(ctx.db));

/** A teacher whose school is not listed: their class's windows are their own to set. */
async function teacherWithoutSchool() {
  const teacher = await ctx.factories.user({ role: "teacher" });
  const client = ctx.client();
  await client.signIn(teacher);
  return client;
}

type Client = (typeof world.clients)[keyof typeof world.clients];

/** The windows a caller is answered for a year. */
async function windowsOf(caller: keyof typeof world.clients | Client, year: number) {
  const client = typeof caller === "string" ? world.clients[caller] : caller;
  const reply = await client.get(`/screening/windows?year=${year}`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: WindowsAnswer }).data;
}

/** A year's windows as a form sends them: the defaults moved, with the answer's passages. */
function moved(answer: WindowsAnswer, days: { start: string; end: string }[]): WindowsInput {
  return {
    year: answer.year,
    windows: answer.windows.map((w, i) => ({ ...w, ...(days[i] ?? {}) })),
  };
}

describe("benchmark windows", () => {
  it("every report reader reads the windows; district and school admins set them", async () => {
    const answer = await windowsOf("teacher", 2030);
    const readers = await checkMatrix(world, {
      method: "GET",
      url: "/screening/windows?year=2030",
      expect: { anonymous: 401, teacher: 200, parent: 200, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    expect(readers).toEqual([]);
    // The school admin saves before the district admin (CALLERS' order), so both may.
    const setters = await checkMatrix(world, {
      method: "POST",
      url: "/screening/windows",
      body: moved(answer, []),
      expect: { anonymous: 401, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    expect(setters).toEqual([]);
    // A teacher of a school is refused in words; one with no school sets their class's own.
    const refused = await world.clients.teacher.post("/screening/windows", moved(answer, []));
    expect(refused.body).toMatchObject({ message: windowMessages.setBySchool });
    const own = await (await teacherWithoutSchool()).post("/screening/windows", moved(answer, []));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ data: { source: "class", editable: true } });
  });

  it("defaults to the screening months, each grade reading its first three passages", async () => {
    const answer = await windowsOf("teacher", 2031);
    expect(answer.source).toBe("default");
    expect(answer.editable).toBe(false);
    expect(answer.windows.map(({ season, start, end }) => ({ season, start, end }))).toEqual(
      defaultWindows("2031-07-01"),
    );
    for (const grade of ["1", "2", "3", "4", "5"]) {
      const choices = answer.choices[grade] ?? [];
      expect(choices.length).toBeGreaterThanOrEqual(3);
      expect(answer.windows[0]?.passages[grade as "1"]).toEqual(
        choices.slice(0, 3).map((c) => c.id),
      );
    }
  });

  it("a district's windows bind its schools' teachers and admins", async () => {
    const answer = await windowsOf("district_admin", 2032);
    expect(answer).toMatchObject({ source: "default", editable: true });
    const body = moved(answer, [{ start: "2032-08-20", end: "2032-09-30" }]);
    const saved = await world.clients.district_admin.post("/screening/windows", body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: windowMessages.saved });

    const teacher = await windowsOf("teacher", 2032);
    expect(teacher).toMatchObject({ source: "district", editable: false });
    expect(teacher.windows[0]).toMatchObject({ start: "2032-08-20", end: "2032-09-30" });
    expect(teacher.updatedBy).not.toBeNull();
    expect(await windowsOf("school_admin", 2032)).toMatchObject({
      source: "district",
      editable: false,
    });
    const refused = await world.clients.school_admin.post("/screening/windows", body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: windowMessages.setByDistrict });
    // Another year is the district's to set too, but unset it stays the school's to choose.
    expect(await windowsOf("school_admin", 2033)).toMatchObject({
      source: "default",
      editable: true,
    });
    // A teacher with no school is in no district.
    expect(await windowsOf(await teacherWithoutSchool(), 2032)).toMatchObject({
      source: "default",
      editable: true,
    });

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "screening.windows"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: world.people.district_admin.id });
  });

  it("saving again changes the one row of the year", async () => {
    const answer = await windowsOf("school_admin", 2034);
    for (const start of ["2034-09-08", "2034-09-15"]) {
      const reply = await world.clients.school_admin.post(
        "/screening/windows",
        moved(answer, [{ start, end: "2034-10-10" }]),
      );
      expect(reply.status).toBe(200);
    }
    const rows = await ctx.db
      .select()
      .from(benchmarkCalendars)
      .where(
        and(
          eq(benchmarkCalendars.schoolId, world.school.id),
          eq(benchmarkCalendars.schoolYear, 2034),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.windows[0]).toMatchObject({ start: "2034-09-15" });
    expect(await windowsOf("teacher", 2034)).toMatchObject({ source: "school" });
  });

  it("refuses windows outside their season, running backwards, or with wrong passages", async () => {
    const answer = await windowsOf("school_admin", 2035);
    const [fall, winter, spring] = answer.windows as [
      WindowsAnswer["windows"][number],
      WindowsAnswer["windows"][number],
      WindowsAnswer["windows"][number],
    ];
    const wrongDays = await world.clients.school_admin.post("/screening/windows", {
      year: 2035,
      windows: [
        { ...fall, start: "2035-06-20", end: "2035-09-30" },
        { ...winter, start: "2036-01-31", end: "2036-01-10" },
        spring,
      ],
    });
    expect(wrongDays.status).toBe(422);
    expect(wrongDays.body).toMatchObject({
      errors: {
        "windows.0.start": [windowMessages.outside("fall", "2035-07-01", "2035-11-30")],
        "windows.1.end": [windowMessages.reversed],
      },
    });
    const notADay = await world.clients.school_admin.post("/screening/windows", {
      year: 2035,
      windows: [fall, winter, { ...spring, start: "2036-05-32" }],
    });
    expect(notADay.status).toBe(422);
    expect(notADay.body).toMatchObject({
      errors: { "windows.2.start": ["Enter a date as YYYY-MM-DD."] },
    });

    const grade2 = answer.choices["2"]?.map((c) => c.id) ?? [];
    const samePassage = await world.clients.school_admin.post("/screening/windows", {
      year: 2035,
      windows: [
        { ...fall, passages: { ...fall.passages, 3: [grade2[0], grade2[0], grade2[1]] } },
        winter,
        spring,
      ],
    });
    expect(samePassage.status).toBe(422);
    expect(samePassage.body).toMatchObject({
      errors: { "windows.0.passages.3": [windowMessages.passages] },
    });
    const otherGrade = await world.clients.school_admin.post("/screening/windows", {
      year: 2035,
      windows: [
        fall,
        winter,
        { ...spring, passages: { ...spring.passages, 3: grade2.slice(0, 3) } },
      ],
    });
    expect(otherGrade.status).toBe(422);
    expect(otherGrade.body).toMatchObject({
      errors: { "windows.2.passages.3": [windowMessages.notPassage] },
    });
    // Nothing was saved.
    expect(await windowsOf("school_admin", 2035)).toMatchObject({ source: "default" });
  });
});
