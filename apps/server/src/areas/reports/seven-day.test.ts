import { weekStartOf } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  assignLesson,
  catalogLessons,
  examAttempt,
  signedInStudent,
} from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { examAttempts, lessons, recordings } from "../../db/schema/index.ts";

/**
 * Seven Day Progress and the weekly report say who worked on which lessons in the same week, so
 * they count the same work (a review found the demo's parent reading "Omar worked on 1 lesson"
 * in the weekly report and "0 of 2 students worked" in Seven Day for that week): a day 4 draft
 * and a reading recorded are work, as in the class summary's Stories.
 */

const ctx = testAppForFile();
let drafted: number;
let recorded: number;
beforeAll(async () => {
  [drafted, recorded] = (await catalogLessons(ctx)).second as [number, number];
});

const DAY_MS = 86_400_000;
const titleOf = async (id: number) =>
  (await ctx.db.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, id)))[0]?.title;

describe("a week whose only work is a day 4 draft and a recording", () => {
  it("lists both lessons as worked in Seven Day, as the weekly report does, with no day completed", async () => {
    const now = new Date();
    const week = { start_date: weekStartOf(now), end_date: now.toISOString().slice(0, 10) };
    const { student, teacher, client } = await signedInStudent(ctx);
    await assignLesson(ctx, student.id, drafted);
    // Days 1–3 taken the week before, so day 4 is open this week.
    const before = new Date(new Date(`${week.start_date}T12:00:00Z`).getTime() - 3 * DAY_MS);
    for (const day of [1, 2, 3])
      await examAttempt(ctx, {
        studentId: student.id,
        lessonId: drafted,
        day,
        attempt: 1,
        correct: 4,
        solved: 4,
        createdAt: before,
      });
    const draft = await client.post("/student/extensionDraft", {
      lesson: drafted,
      text: "The ant carries the crumb",
    });
    expect(draft.status).toBe(200);
    await ctx.db.insert(recordings).values({
      studentId: student.id,
      lessonId: recorded,
      classification: "cold_read",
      status: "complete",
    });

    const teacherClient = ctx.client();
    await teacherClient.signIn(teacher);
    const weekly = await teacherClient.get(`/teacher/students/parents/preview/${student.id}`);
    expect(weekly.status).toBe(200);
    expect(weekly.body.data.html).toContain(`${student.firstName} worked on 2 lessons:`);

    const query = `start_date=${week.start_date}&end_date=${week.end_date}`;
    const rows = await teacherClient.get(`/teacher/reports/seven_day/${student.id}/rows?${query}`);
    expect(rows.status).toBe(200);
    const titles = [await titleOf(drafted), await titleOf(recorded)].sort((a, b) =>
      (a ?? "").localeCompare(b ?? ""),
    );
    expect(rows.body.data).toEqual([
      expect.objectContaining({
        student_id: student.id,
        titles,
        days_completed: 0,
        avg_scores: [null, null, null],
        extensions: [],
      }),
    ]);

    // Listed, but the reset-all of the week still clears only lessons with scored work or
    // read-alongs in it: last week's days 1–3 stay.
    const reset = await teacherClient.post(`/teacher/reports/seven_day/${student.id}/reset_all`, {
      start_date: week.start_date,
      end_date: week.end_date,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.cleared).toEqual({ lessons: 0, attempts: 0, extensions: 0 });
    const left = await ctx.db
      .select({ day: examAttempts.day })
      .from(examAttempts)
      .where(eq(examAttempts.studentId, student.id));
    expect(left).toHaveLength(3);
  });
});
