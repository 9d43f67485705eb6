import { learningMessages } from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classInNewDistrict } from "../../../test/classes.ts";
import { assignmentOf, catalogLessons, signedInStudent } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { timeOnTask } from "../../db/schema/index.ts";

/**
 * Time on task (POST /student/heartbeat, /teacher/heartbeat): the buckets the usage reports sum.
 * The other learning records are in record.test.ts.
 */
const ctx = testAppForFile();
/** A Second Grade lesson (the factory's students' level) and a Fifth Grade one. */
let lesson: number;
let fifthGrade: number;

beforeAll(async () => {
  const catalog = await catalogLessons(ctx);
  [lesson] = catalog.second as [number, number];
  fifthGrade = catalog.fifthGrade;
});

const newStudent = () => signedInStudent(ctx);

describe("heartbeats", () => {
  const bucketsOf = (userId: number) =>
    ctx.db.select().from(timeOnTask).where(eq(timeOnTask.userId, userId));

  it("credits a student's time to today's bucket with the teacher's school", async () => {
    const { student, school, client } = await newStudent();
    const reply = await client.post("/student/heartbeat", { lesson, kind: "reading", seconds: 30 });
    expect(reply.body).toEqual({ success: true, credited: 30 });
    expect(await bucketsOf(student.id)).toEqual([
      expect.objectContaining({
        kind: "reading",
        schoolId: school.id,
        seconds: 30,
        day: new Date().toISOString().slice(0, 10),
      }),
    ]);
    // The player beats while the lesson is open: opening it started it.
    expect(await assignmentOf(ctx, student.id, lesson)).toMatchObject({ status: "started" });
  });

  it("counts nothing while an admin acts as the student or the teacher", async () => {
    const { district, teacher, student } = await classInNewDistrict(ctx);
    const admin = await ctx.factories.user({ role: "district_admin", districtId: district.id });
    for (const [target, call, body] of [
      [student, "/student/heartbeat", { lesson, kind: "reading", seconds: 30 }],
      [teacher, "/teacher/heartbeat", { seconds: 30 }],
    ] as const) {
      const client = ctx.client();
      await client.signIn(admin);
      expect((await client.post(`/impersonate/take/${target.id}`)).status).toBe(200);
      const reply = await client.post(call, body);
      expect(reply.body).toEqual({ success: true, credited: 0 });
      expect(await bucketsOf(target.id)).toEqual([]);
    }
  });

  it("never counts the same seconds twice: a second tab's heartbeat adds only time since", async () => {
    const { student, client } = await newStudent();
    const body = { lesson, kind: "learning", seconds: 45 };
    const [a, b] = await Promise.all([
      client.post("/student/heartbeat", body),
      client.post("/student/heartbeat", body),
    ]);
    const credited = [a.body.credited, b.body.credited].sort();
    expect(credited[1]).toBe(45);
    // The second arrived within a second or two of the first.
    expect(credited[0]).toBeLessThanOrEqual(2);
    const [bucket] = await bucketsOf(student.id);
    expect(bucket?.seconds).toBe(credited[0] + credited[1]);
  });

  it("refuses a heartbeat claiming an hour, a teacher's kind and another level's lesson", async () => {
    const { student, client } = await newStudent();
    const hour = await client.post("/student/heartbeat", {
      lesson,
      kind: "reading",
      seconds: 3600,
    });
    expect(hour.status).toBe(422);
    expect(hour.body.message).toBe(learningMessages.seconds);
    const kind = await client.post("/student/heartbeat", {
      lesson,
      kind: "teacher_investment",
      seconds: 10,
    });
    expect(kind.status).toBe(422);
    const level = await client.post("/student/heartbeat", {
      lesson: fifthGrade,
      kind: "reading",
      seconds: 10,
    });
    expect(level.status).toBe(404);
    expect(await bucketsOf(student.id)).toEqual([]);
  });

  it("a school's time since a date, by kind, is one range scan of the school-day index", async () => {
    // The table is tiny in a test, so the planner is told to prefer indexes as it would at
    // a school year's size.
    await ctx.db.execute(sql`set enable_seqscan = off`);
    try {
      const { rows } = (await ctx.db.execute(
        sql`explain select kind, sum(seconds) from time_on_task
            where school_id = 1 and day >= '2026-07-01' group by kind`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toContain("time_on_task_school_day_idx");
    } finally {
      await ctx.db.execute(sql`reset enable_seqscan`);
    }
  });

  it("records a teacher's time as teacher investment in their school", async () => {
    const school = await ctx.factories.school();
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const client = ctx.client();
    await client.signIn(teacher);
    const reply = await client.post("/teacher/heartbeat", { seconds: 60 });
    expect(reply.body).toEqual({ success: true, credited: 60 });
    expect(await bucketsOf(teacher.id)).toEqual([
      expect.objectContaining({ kind: "teacher_investment", schoolId: school.id, seconds: 60 }),
    ]);
    expect((await client.post("/teacher/heartbeat", { seconds: 61 })).status).toBe(422);
  });
});
