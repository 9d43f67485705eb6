import { asc, eq } from "drizzle-orm";
import { ensureCatalog } from "../src/catalog/catalog.ts";
import { lessons, recordingGrades, recordings } from "../src/db/schema/index.ts";
import type { TestContext } from "./build-test-app.ts";

/** A grade's benchmark passages, in catalog order (the default windows' three). */
export async function benchmarkPassages(ctx: TestContext, grade: number): Promise<number[]> {
  await ensureCatalog(ctx.db);
  const rows = await ctx.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.benchmarkGrade, grade))
    .orderBy(asc(lessons.id));
  return rows.map((r) => r.id);
}

/**
 * A processed reading made at a moment, graded (WCPM = wpm + accuracy, accuracy being minus the
 * missed words) by `gradedBy` when given; answers its id.
 */
export async function gradedReading(
  ctx: TestContext,
  reading: {
    studentId: number;
    lessonId: number;
    classification: "benchmark" | "cold_read";
    at: Date;
  },
  grade: { wpm: number; accuracy: number; gradedBy?: number },
): Promise<number> {
  const [row] = await ctx.db
    .insert(recordings)
    .values({
      studentId: reading.studentId,
      lessonId: reading.lessonId,
      classification: reading.classification,
      status: "complete",
      createdAt: reading.at,
    })
    .returning({ id: recordings.id });
  const id = row?.id as number;
  await ctx.db
    .insert(recordingGrades)
    .values({ recordingId: id, expression: 3, selectedWordIds: [], ...grade });
  return id;
}

/** A student's three passages of their grade, read and graded at `wpm` on a day. */
export async function screenedOn(
  ctx: TestContext,
  studentId: number,
  grade: number,
  day: string,
  wpm: readonly number[],
  accuracy = 0,
) {
  const passages = await benchmarkPassages(ctx, grade);
  for (const [i, w] of wpm.entries())
    await gradedReading(
      ctx,
      {
        studentId,
        lessonId: passages[i] as number,
        classification: "benchmark",
        at: new Date(`${day}T15:00:00Z`),
      },
      { wpm: w, accuracy },
    );
}
