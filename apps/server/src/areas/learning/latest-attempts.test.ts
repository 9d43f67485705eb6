import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogLessons } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { examAttempts } from "../../db/schema/index.ts";
import { attemptDay, latestAttemptFirst, latestAttemptsSql } from "./latest-attempts.ts";

const ctx = testAppForFile();

describe("the attempts that count", () => {
  it("are each lesson day's latest, the same in Drizzle and in raw SQL", async () => {
    const [first, second] = (await catalogLessons(ctx)).second as [number, number];
    const teacher = await ctx.factories.user({ role: "teacher" });
    const students = [
      await ctx.factories.user({ role: "student", teacherId: teacher.id }),
      await ctx.factories.user({ role: "student", teacherId: teacher.id }),
    ];
    // Retakes of some days (attempt 2, 3 score 1, 2 of 3), and days taken once (3 of 3).
    const tries = students.flatMap((s, i) =>
      [first, second].flatMap((lessonId) =>
        [1, 2, 3].flatMap((day) =>
          Array.from({ length: 1 + ((i + day + lessonId) % 3) }, (_, n) => ({
            studentId: s.id,
            lessonId,
            day,
            attempt: n + 1,
            answers: [],
            correct: n === (i + day + lessonId) % 3 ? 3 : n,
            solved: 3,
          })),
        ),
      ),
    );
    await ctx.db.insert(examAttempts).values(tries);
    const ids = students.map((s) => s.id);

    const drizzle = await ctx.db
      .selectDistinctOn(attemptDay, { id: examAttempts.id, correct: examAttempts.correct })
      .from(examAttempts)
      .where(inArray(examAttempts.studentId, ids))
      .orderBy(...latestAttemptFirst);
    const raw = await ctx.db.execute(sql`
      with class as (select unnest(${`{${ids.join(",")}}`}::int[]) as id)
      ${latestAttemptsSql(sql`a.id, a.correct`, "class", sql`true`)}`);

    expect(drizzle).toHaveLength(2 * 2 * 3);
    // Every day counts its latest attempt, the full marks each was given.
    expect(drizzle.every((a) => a.correct === 3)).toBe(true);
    expect((raw as unknown as { rows: unknown[] }).rows).toEqual(drizzle);
  });
});
