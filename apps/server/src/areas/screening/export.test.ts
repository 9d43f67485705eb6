import { EXPORT_COLUMNS, exportFileName } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { gradedReading } from "../../../test/screening.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { lessons, monitoringPlans, schools, users } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

/** A graded reading on a day, by the grader. */
const reading = (
  studentId: number,
  lessonId: number,
  classification: "benchmark" | "cold_read",
  at: string,
  wpm: number,
  gradedBy: number,
) =>
  gradedReading(
    ctx,
    { studentId, lessonId, classification, at: new Date(at) },
    { wpm, accuracy: -2, gradedBy },
  );

let rostered: { id: number };
let other: { id: number };

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  const rows = await ctx.db
    .select({ id: lessons.id, grade: lessons.benchmarkGrade, planId: lessons.planId })
    .from(lessons)
    .orderBy(asc(lessons.id));
  const passages = rows.filter((r) => r.grade === 3).map((r) => r.id);
  const level = rows.filter((r) => r.planId === 9).map((r) => r.id);
  const teacher = world.people.teacher;
  await ctx.db.update(schools).set({ sourcedId: "sch-77" }).where(eq(schools.id, world.school.id));
  rostered = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    planId: 9,
    firstName: "Rosa",
    lastName: "Alvarez",
  });
  await ctx.db.update(users).set({ sourcedId: "stu-1001" }).where(eq(users.id, rostered.id));
  // Fall 2026 (the default window, 1 September–31 October): 52, 58 and 48 WCPM.
  for (const [i, wpm] of [54, 60, 50].entries())
    await reading(
      rostered.id,
      passages[i] as number,
      "benchmark",
      "2026-09-20T15:00:00Z",
      wpm,
      teacher.id,
    );
  // A monitoring plan begun in October and a point after it; a cold read before it is no point.
  await reading(
    rostered.id,
    level[0] as number,
    "cold_read",
    "2026-10-01T15:00:00Z",
    40,
    teacher.id,
  );
  await ctx.db.insert(monitoringPlans).values({
    studentId: rostered.id,
    startedOn: "2026-10-05",
    createdAt: new Date("2026-10-05T12:00:00Z"),
    tier: "below",
    baselineWcpm: 52,
    goalWcpm: 112,
    goalOn: "2027-05-31",
    cadenceDays: 14,
    createdBy: teacher.id,
  });
  await reading(
    rostered.id,
    level[1] as number,
    "cold_read",
    "2026-10-12T15:00:00Z",
    62,
    teacher.id,
  );
  // A student of another district is never in this district's file.
  const elsewhere = await ctx.factories.school({ districtId: (await ctx.factories.district()).id });
  const theirTeacher = await ctx.factories.user({ role: "teacher", schoolId: elsewhere.id });
  other = await ctx.factories.user({ role: "student", teacherId: theirTeacher.id, planId: 9 });
  for (const [i, wpm] of [70, 71, 72].entries())
    await reading(
      other.id,
      passages[i] as number,
      "benchmark",
      "2026-09-21T15:00:00Z",
      wpm,
      theirTeacher.id,
    );
});

const parse = (csv: string) =>
  csv
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));

describe("the district's screening export", () => {
  it("is the district admin's alone", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: "/screening/export.csv?year=2026",
      expect: { anonymous: 401, district_admin: 200 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
    const badYear = await world.clients.district_admin.get("/screening/export.csv?year=1850");
    expect(badYear.status).toBe(422);
  });

  it("has a row per window read and per monitoring point, keyed by the roster's ids", async () => {
    const reply = await world.clients.district_admin.get("/screening/export.csv?year=2026");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^text\/csv/);
    expect(reply.headers["content-disposition"]).toContain(exportFileName(2026));
    const [header, ...rows] = parse(reply.body as string);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const teacher = `${world.people.teacher.firstName} ${world.people.teacher.lastName}`;
    const mine = rows.filter((r) => r[4] === String(rostered.id));
    expect(mine).toEqual([
      [
        "sch-77",
        String(world.school.id),
        expect.any(String),
        "stu-1001",
        String(rostered.id),
        expect.any(String),
        "Alvarez",
        "Rosa",
        "3",
        "benchmark",
        "BOY",
        "2026-09-20",
        "52",
        "58",
        "48",
        "52",
        "96",
        "well_below",
        "19th",
        teacher,
      ],
      [
        "sch-77",
        String(world.school.id),
        expect.any(String),
        "stu-1001",
        String(rostered.id),
        expect.any(String),
        "Alvarez",
        "Rosa",
        "3",
        "monitoring",
        // Read inside the fall window, though not one of its passages.
        "BOY",
        "2026-10-12",
        "60",
        "",
        "",
        "",
        "97",
        "",
        "",
        teacher,
      ],
    ]);
    expect(rows.some((r) => r[4] === String(other.id))).toBe(false);
  });
});
