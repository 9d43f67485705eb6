import { type ClassScreening, type CutScoreTable, cutScoreMessages } from "@refrain/domain";
import { asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { auditLog, lessons, recordingGrades, recordings } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  // The world's second grader reads the three grade 2 passages in the fall: 45, 46 and 47.
  const passages = await ctx.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.benchmarkGrade, 2))
    .orderBy(asc(lessons.id))
    .limit(3);
  for (const [i, passage] of passages.entries()) {
    const [row] = await ctx.db
      .insert(recordings)
      .values({
        studentId: world.people.student.id,
        lessonId: passage.id,
        classification: "benchmark",
        status: "complete",
        createdAt: new Date("2026-09-15T15:00:00Z"),
      })
      .returning({ id: recordings.id });
    await ctx.db.insert(recordingGrades).values({
      recordingId: row?.id as number,
      expression: 3,
      selectedWordIds: [],
      wpm: 45 + i,
      accuracy: 0,
    });
  }
});

const tierOfStudent = async () => {
  const reply = await world.clients.teacher.get("/screening/class?year=2026&season=fall");
  const data = (reply.body as { data: ClassScreening }).data;
  return data.students.find((s) => s.id === world.people.student.id)?.result;
};

describe("a district's cut scores", () => {
  it("are its district admin's to read and replace", async () => {
    for (const method of ["GET", "POST"] as const) {
      const mismatches = await checkMatrix(world, {
        method,
        url: "/screening/cut-scores",
        body: { rows: [] },
        expect: { anonymous: 401, district_admin: 200 },
        otherwise: 403,
      });
      expect(mismatches).toEqual([]);
    }
  });

  it("replace the norms' for the grades and seasons they name, and an empty table restores them", async () => {
    // Grade 2 fall norms: at benchmark from 50, well below at 40 or less: 46 is below.
    expect(await tierOfStudent()).toMatchObject({ tier: "below", percentile: { bound: "at" } });

    const saved = await world.clients.district_admin.post("/screening/cut-scores", {
      rows: [
        { grade: 2, season: "fall", benchmark: 44, wellBelow: 30 },
        { grade: 3, season: "winter", benchmark: 90, wellBelow: 70 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(cutScoreMessages.saved);
    const table = saved.body.data as CutScoreTable;
    expect(table.rows).toEqual([
      { grade: 2, season: "fall", benchmark: 44, wellBelow: 30 },
      { grade: 3, season: "winter", benchmark: 90, wellBelow: 70 },
    ]);
    expect(table.norms).toContainEqual({ grade: 2, season: "fall", benchmark: 50, wellBelow: 40 });
    expect(table.norms).toContainEqual({
      grade: 1,
      season: "fall",
      benchmark: null,
      wellBelow: null,
    });
    // The district's own cut: 46 is at benchmark; the percentile is still the norms'.
    expect(await tierOfStudent()).toMatchObject({ tier: "at_or_above", percentile: { value: 43 } });
    const summary = await world.clients.district_admin.get(
      "/screening/summary?year=2026&season=fall",
    );
    expect(summary.body.data.counts).toMatchObject({ at_or_above: 1, below: 0 });

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "screening.cut_scores"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: world.people.district_admin.id });

    const cleared = await world.clients.district_admin.post("/screening/cut-scores", { rows: [] });
    expect(cleared.body).toMatchObject({ message: cutScoreMessages.cleared, data: { rows: [] } });
    expect(await tierOfStudent()).toMatchObject({ tier: "below" });
  });

  it("refuses a cut out of order, out of range, or a grade and season twice, keeping the table", async () => {
    const bad = await world.clients.district_admin.post("/screening/cut-scores", {
      rows: [
        { grade: 2, season: "fall", benchmark: 40, wellBelow: 40 },
        { grade: 6, season: "fall", benchmark: 400, wellBelow: 10 },
        { grade: 3, season: "spring", benchmark: 100, wellBelow: 80 },
        { grade: 3, season: "spring", benchmark: 101, wellBelow: 81 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      "rows.0.wellBelow": [cutScoreMessages.order],
      "rows.1.grade": ["Choose a grade from 1 to 5."],
      "rows.1.benchmark": [cutScoreMessages.score],
    });
    const twice = await world.clients.district_admin.post("/screening/cut-scores", {
      rows: [
        { grade: 3, season: "spring", benchmark: 100, wellBelow: 80 },
        { grade: 3, season: "spring", benchmark: 101, wellBelow: 81 },
      ],
    });
    expect(twice.body.errors).toEqual({ "rows.1.season": [cutScoreMessages.duplicate] });
    expect(
      (await world.clients.district_admin.get("/screening/cut-scores")).body.data.rows,
    ).toEqual([]);
  });
});
