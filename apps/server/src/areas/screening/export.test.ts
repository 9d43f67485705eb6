import { districtExportMessages, EXPORT_COLUMNS, exportFileName } from "@refrain/domain";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { gradedReading } from "../../../test/screening.ts";
import { dataFiles } from "../../adapters/storage.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import {
  auditLog,
  lessons,
  monitoringPlans,
  schools,
  screeningExports,
  users,
} from "../../db/schema/index.ts";
import { buildDistrictExport } from "./export-job.ts";

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
/** The admin of the other district, signed in. */
let otherAdmin: TestClient;

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
  const otherDistrict = await ctx.factories.district();
  const elsewhere = await ctx.factories.school({ districtId: otherDistrict.id });
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
  const theirAdmin = await ctx.factories.user({
    role: "district_admin",
    districtId: otherDistrict.id,
  });
  otherAdmin = ctx.client();
  await otherAdmin.signIn(theirAdmin);
  // A school of the district with nobody in it yet: it counts among the schools done all the same.
  await ctx.factories.school({ districtId: world.district.id, name: "Zeta Elementary" });
});

const parse = (csv: string) =>
  csv
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));

const files = () => dataFiles(ctx.config.DATA_DIR);

/** Starts an export of 2026 as the district's admin and waits for its job. */
async function exported() {
  const started = await world.clients.district_admin.post("/screening/exports", { year: 2026 });
  expect(started.status).toBe(200);
  await ctx.jobs.idle();
  const { body } = await world.clients.district_admin.get("/screening/exports");
  return { started: started.body, ...body.data };
}

const exportsOf = (districtId: number) =>
  ctx.db
    .select()
    .from(screeningExports)
    .where(eq(screeningExports.districtId, districtId))
    .orderBy(asc(screeningExports.id));

describe("the district's screening export", () => {
  it("is started, followed and downloaded by the district's admin alone", async () => {
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/screening/exports",
        body: { year: 2026 },
        expect: { anonymous: 401, district_admin: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
    await ctx.jobs.idle();
    // Only the district admin's call made one.
    expect(await exportsOf(world.district.id)).toHaveLength(1);
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: "/screening/exports",
        expect: { anonymous: 401, district_admin: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
    const { body } = await world.clients.district_admin.get("/screening/exports");
    const exportId = body.data.ready.id as number;
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: `/screening/exports/${exportId}/file`,
        expect: { anonymous: 401, district_admin: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
    // Another district's admin sees none of it: their own district has no export, and this
    // one's file is not there for them.
    const theirs = await otherAdmin.get("/screening/exports");
    expect(theirs.body.data).toEqual({ latest: null, ready: null });
    const refused = await otherAdmin.get(`/screening/exports/${exportId}/file`);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain("Alvarez");
    expect((await otherAdmin.get("/screening/exports/999999/file")).status).toBe(404);
    const badYear = await world.clients.district_admin.post("/screening/exports", { year: 1850 });
    expect(badYear.status).toBe(422);
  });

  it("records its progress in schools, and the file has a row per window read and per monitoring point", async () => {
    const { started, latest, ready } = await exported();
    expect(started.message).toBe(districtExportMessages.started);
    expect(started.data).toMatchObject({ year: 2026, status: "queued", schoolsDone: 0 });
    // Both of the district's schools, the empty one too.
    expect(latest).toMatchObject({
      id: started.data.id,
      year: 2026,
      status: "ready",
      schoolsDone: 2,
      schoolsTotal: 2,
      requestedBy: `${world.people.district_admin.firstName} ${world.people.district_admin.lastName}`,
    });
    expect(latest.finishedAt).toEqual(expect.any(String));
    expect(ready).toEqual(latest);

    const reply = await world.clients.district_admin.get(`/screening/exports/${ready.id}/file`);
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

    // Asking and downloading are audited, as a student's export is.
    const audited = await ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(sql`${auditLog.details} ->> 'exportId' = ${String(ready.id)}`);
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: "screening.export_request", actorId: world.people.district_admin.id },
        { action: "screening.export_download", actorId: world.people.district_admin.id },
      ]),
    );
  });

  it("keeps only the district's newest file", async () => {
    const before = await exportsOf(world.district.id);
    const older = before.at(-1) as (typeof before)[number];
    expect(older.fileKey).not.toBeNull();
    const { ready } = await exported();
    expect(ready.id).toBeGreaterThan(older.id);
    const now = await exportsOf(world.district.id);
    expect(now.map((e) => e.id)).toEqual([ready.id]);
    expect(await files().get(older.fileKey as string)).toBeNull();
    expect(await files().list(`screening-exports/${world.district.id}`)).toEqual([now[0]?.fileKey]);
    const gone = await world.clients.district_admin.get(`/screening/exports/${older.id}/file`);
    expect(gone.status).toBe(404);
    // Another district's newest file is its own affair: this district's stays.
    expect((await otherAdmin.post("/screening/exports", { year: 2026 })).status).toBe(200);
    await ctx.jobs.idle();
    const theirs = await otherAdmin.get("/screening/exports");
    expect(theirs.body.data.ready).toMatchObject({ status: "ready", schoolsTotal: 1 });
    const ours = await world.clients.district_admin.get(`/screening/exports/${ready.id}/file`);
    expect(ours.status).toBe(200);
    const [, ...theirRows] = parse(
      (await otherAdmin.get(`/screening/exports/${theirs.body.data.ready.id}/file`)).body as string,
    );
    expect(theirRows.map((r) => r[4])).toEqual([String(other.id)]);
  });

  it("fails on its last try for the page to say so, and the file before it stays", async () => {
    const [row] = await ctx.db
      .insert(screeningExports)
      .values({ districtId: world.district.id, schoolYear: 2026 })
      .returning({ id: screeningExports.id });
    const exportId = row?.id as number;
    const full = {
      ...files(),
      putFile: () => Promise.reject(new Error("The disk is full")),
    };
    const quiet = { info() {}, warn() {}, error() {} };
    const run = (lastTry: boolean) =>
      buildDistrictExport({ db: ctx.db, storage: full, log: quiet }, exportId, {
        lastTry,
        signal: new AbortController().signal,
      });
    // A try before the last leaves it being made, for the next.
    await expect(run(false)).rejects.toThrow("The disk is full");
    let { body } = await world.clients.district_admin.get("/screening/exports");
    expect(body.data.latest).toMatchObject({ id: exportId, status: "running", schoolsDone: 2 });
    await expect(run(true)).rejects.toThrow("The disk is full");
    ({ body } = await world.clients.district_admin.get("/screening/exports"));
    expect(body.data.latest).toMatchObject({ id: exportId, status: "failed" });
    expect(body.data.ready).toMatchObject({ status: "ready" });
    expect(
      (await world.clients.district_admin.get(`/screening/exports/${exportId}/file`)).status,
    ).toBe(404);
  });

  it("answers the export being made rather than start another, and one lost with its process reads as failed", async () => {
    const [making] = await ctx.db
      .insert(screeningExports)
      .values({ districtId: world.district.id, schoolYear: 2026, status: "running" })
      .returning({ id: screeningExports.id });
    const again = await world.clients.district_admin.post("/screening/exports", { year: 2026 });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(districtExportMessages.alreadyRunning);
    expect(again.body.data).toMatchObject({ id: making?.id, status: "running" });
    // An hour on, no job is making it any more: the page offers to try again.
    await ctx.db
      .update(screeningExports)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(screeningExports.id, making?.id as number));
    const { body } = await world.clients.district_admin.get("/screening/exports");
    expect(body.data.latest).toMatchObject({ id: making?.id, status: "failed" });
    // The file before it is still offered.
    expect(body.data.ready).toMatchObject({ status: "ready" });
    const retried = await world.clients.district_admin.post("/screening/exports", { year: 2026 });
    expect(retried.body.message).toBe(districtExportMessages.started);
    expect(retried.body.data.id).toBeGreaterThan(making?.id as number);
    await ctx.jobs.idle();
    // Done, it leaves the district its own file and nothing of the lost one's failure.
    const left = await ctx.db
      .select({ id: screeningExports.id, status: screeningExports.status })
      .from(screeningExports)
      .where(eq(screeningExports.districtId, world.district.id));
    expect(left).toEqual([{ id: retried.body.data.id, status: "ready" }]);
  });

  it("goes, file and all, when someone it names is erased; other districts' stay", async () => {
    expect(await files().list(`screening-exports/${world.district.id}`)).toHaveLength(1);
    const reply = await world.clients.teacher.post("/teacher/students", {
      verb: "delete",
      student: { id: rostered.id },
    });
    expect(reply.status).toBe(200);
    await ctx.jobs.idle();
    const { body } = await world.clients.district_admin.get("/screening/exports");
    expect(body.data).toEqual({ latest: null, ready: null });
    expect(await files().list(`screening-exports/${world.district.id}`)).toEqual([]);
    const theirs = await otherAdmin.get("/screening/exports");
    expect(theirs.body.data.ready).toMatchObject({ status: "ready" });
  });
});
