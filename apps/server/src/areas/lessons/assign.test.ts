import { assignMessages } from "@refrain/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogByPlan } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { assignments, auditLog } from "../../db/schema/index.ts";

const ctx = testAppForFile();
/** Lesson ids of the Second Grade level (plan 8) in catalog order, and one benchmark. */
let second: number[];
let benchmark: number;

beforeAll(async () => {
  const byPlan = await catalogByPlan(ctx);
  second = byPlan.get(8) ?? [];
  benchmark = byPlan.get(12)?.[0] as number;
});

async function classOf(size: number, role: "teacher" | "parent" = "teacher") {
  const teacher = await ctx.factories.user({ role });
  const students = [];
  for (let i = 0; i < size; i++) {
    students.push(
      await ctx.factories.user({
        role: "student",
        teacherId: teacher.id,
        lastName: `Zed${String.fromCharCode(90 - i)}`,
      }),
    );
  }
  const client = ctx.client();
  await client.signIn(teacher);
  return { teacher, students, client };
}

type Row = typeof assignments.$inferInsert;
const give = (rows: Row[]) => ctx.db.insert(assignments).values(rows);

async function rowsOf(studentIds: number[]) {
  return ctx.db
    .select()
    .from(assignments)
    .where(inArray(assignments.studentId, studentIds))
    .orderBy(asc(assignments.studentId), asc(assignments.lessonId));
}

const lesson = (i: number) => second[i] as number;

describe("GET /teacher/lessons/assign/lessons_by_level", () => {
  it("groups every lesson under its reading level's name, levels in order, with worksheet and logo", async () => {
    const { client } = await classOf(0);
    const reply = await client.get("/teacher/lessons/assign/lessons_by_level");
    expect(reply.status).toBe(200);
    const data = reply.body.data as Record<
      string,
      { id: number; reading_level: string; logo: string }[]
    >;
    expect(Object.keys(data)).toEqual([
      "Kindergarten",
      "First Grade",
      "Second Grade",
      "Third Grade",
      "Fourth Grade",
      "Fifth Grade",
      "Benchmark Passages",
    ]);
    for (const [level, list] of Object.entries(data)) {
      expect(list.every((l) => l.reading_level === level)).toBe(true);
    }
    expect(data["Second Grade"]?.[0]).toEqual({
      id: lesson(0),
      title: "Drip Drop Journey",
      grade_level: "2nd Grade",
      reading_level: "Second Grade",
      subject: "Science",
      storygenre: "Informational",
      musicgenre: "Reggae",
      lexile: 500,
      wpm: 92,
      worksheet: `/media/lessons/${lesson(0)}/worksheet.pdf`,
      logo: `/media/lessons/${lesson(0)}/logo.svg`,
    });
    // Benchmark passages share one fixed logo.
    const logos = new Set(data["Benchmark Passages"]?.map((l) => l.logo));
    expect([...logos]).toEqual(["/media/lessons/benchmark-logo.svg"]);
  });
});

describe("GET /teacher/lessons/assign/students", () => {
  it("lists only the teacher's own students, by name, with their lesson lists", async () => {
    const { students, client } = await classOf(2);
    const [zedz, zedy] = students as [(typeof students)[0], (typeof students)[0]];
    const other = await classOf(1);
    await give([
      { studentId: zedz.id, lessonId: lesson(0), assignedBy: "teacher", status: "assigned" },
      { studentId: zedz.id, lessonId: lesson(1), assignedBy: "teacher", status: "started" },
      { studentId: zedz.id, lessonId: lesson(2), assignedBy: "teacher", status: "completed" },
      { studentId: zedz.id, lessonId: lesson(3), assignedBy: "auto", status: "started" },
      { studentId: zedz.id, lessonId: lesson(4), assignedBy: "auto", status: "completed" },
      {
        studentId: other.students[0]?.id as number,
        lessonId: lesson(0),
        assignedBy: "teacher",
        status: "assigned",
      },
    ]);
    const reply = await client.get("/teacher/lessons/assign/students");
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([
      {
        id: zedy.id,
        name: `${zedy.firstName} ZedY`,
        login: zedy.username,
        level: "Second Grade",
        assigned_lessons: [],
        completed_lessons: [],
        started_lessons: [],
        unassigned_lessons: [],
      },
      {
        id: zedz.id,
        name: `${zedz.firstName} ZedZ`,
        login: zedz.username,
        level: "Second Grade",
        assigned_lessons: [lesson(0), lesson(1)],
        completed_lessons: [lesson(2), lesson(4)],
        started_lessons: [lesson(1), lesson(3)],
        unassigned_lessons: [lesson(3)],
      },
    ]);
  });

  it("answers an empty list to a teacher without students", async () => {
    const { client } = await classOf(0);
    expect((await client.get("/teacher/lessons/assign/students")).body).toEqual({
      success: true,
      data: [],
    });
  });
});

describe("POST /teacher/lessons/assign", () => {
  it("assigns lessons to several students at once and leaves existing assignments alone", async () => {
    const { students, client } = await classOf(3);
    const ids = students.map((s) => s.id);
    const startedAt = new Date("2026-11-02T10:00:00Z");
    await give([
      {
        studentId: ids[0] as number,
        lessonId: lesson(0),
        assignedBy: "teacher",
        status: "started",
        startedAt,
      },
    ]);
    const reply = await client.post("/teacher/lessons/assign", {
      student_ids: ids,
      assign_lesson_ids: [lesson(0), lesson(1)],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: "Lessons updated for 3 students.",
      data: { assigned: 5, removed: 0 },
    });
    const rows = await rowsOf(ids);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.assignedBy === "teacher")).toBe(true);
    expect(rows.find((r) => r.studentId === ids[0] && r.lessonId === lesson(0))).toMatchObject({
      status: "started",
      startedAt,
    });
    const listed = (await client.get("/teacher/lessons/assign/students")).body.data;
    expect(listed.map((s: { assigned_lessons: number[] }) => s.assigned_lessons)).toEqual([
      [lesson(0), lesson(1)],
      [lesson(0), lesson(1)],
      [lesson(0), lesson(1)],
    ]);
  });

  it("with preserve_progress turns a student's own lesson into an assigned one, keeping status and dates", async () => {
    const { students, client } = await classOf(1);
    const id = students[0]?.id as number;
    const assignedAt = new Date("2026-10-20T09:00:00Z");
    const startedAt = new Date("2026-10-20T09:00:00Z");
    await give([
      {
        studentId: id,
        lessonId: lesson(2),
        assignedBy: "auto",
        status: "started",
        assignedAt,
        startedAt,
      },
    ]);
    const reply = await client.post("/teacher/lessons/assign", {
      student_ids: [id],
      assign_lesson_ids: [lesson(2)],
      preserve_progress: true,
    });
    expect(reply.body.data).toEqual({ assigned: 1, removed: 0 });
    expect(await rowsOf([id])).toEqual([
      expect.objectContaining({
        lessonId: lesson(2),
        assignedBy: "teacher",
        status: "started",
        assignedAt,
        startedAt,
        completedAt: null,
      }),
    ]);
    const [listed] = (await client.get("/teacher/lessons/assign/students")).body.data;
    expect(listed).toMatchObject({
      assigned_lessons: [lesson(2)],
      started_lessons: [lesson(2)],
      unassigned_lessons: [],
    });
  });

  it("without preserve_progress starts a lesson the student only began over, but never undoes a completed one", async () => {
    const { students, client } = await classOf(1);
    const id = students[0]?.id as number;
    const completedAt = new Date("2026-10-05T09:00:00Z");
    await give([
      {
        studentId: id,
        lessonId: lesson(1),
        assignedBy: "auto",
        status: "started",
        startedAt: new Date("2026-10-01T09:00:00Z"),
      },
      {
        studentId: id,
        lessonId: lesson(2),
        assignedBy: "auto",
        status: "completed",
        startedAt: new Date("2026-10-01T09:00:00Z"),
        completedAt,
      },
    ]);
    await client.post("/teacher/lessons/assign", {
      student_ids: [id],
      assign_lesson_ids: [lesson(1), lesson(2)],
    });
    expect(await rowsOf([id])).toEqual([
      expect.objectContaining({
        lessonId: lesson(1),
        assignedBy: "teacher",
        status: "assigned",
        startedAt: null,
        completedAt: null,
      }),
      expect.objectContaining({
        lessonId: lesson(2),
        assignedBy: "teacher",
        status: "completed",
        completedAt,
      }),
    ]);
  });

  it("removing deletes an untouched assignment and hands started and completed ones back to the student, with an audit row", async () => {
    const { teacher, students, client } = await classOf(1);
    const id = students[0]?.id as number;
    const startedAt = new Date("2026-11-10T08:30:00Z");
    await give([
      { studentId: id, lessonId: lesson(0), assignedBy: "teacher", status: "assigned" },
      { studentId: id, lessonId: lesson(1), assignedBy: "teacher", status: "started", startedAt },
      {
        studentId: id,
        lessonId: lesson(2),
        assignedBy: "teacher",
        status: "completed",
        completedAt: startedAt,
      },
      { studentId: id, lessonId: lesson(3), assignedBy: "auto", status: "started", startedAt },
    ]);
    const reply = await client.post("/teacher/lessons/assign", {
      student_ids: [id],
      remove_lesson_ids: [lesson(0), lesson(1), lesson(2), lesson(3), lesson(4)],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ assigned: 0, removed: 3 });
    // Work in progress or finished stays with the student; their own lesson is untouched.
    expect(await rowsOf([id])).toEqual([
      expect.objectContaining({
        lessonId: lesson(1),
        assignedBy: "auto",
        status: "started",
        startedAt,
      }),
      expect.objectContaining({
        lessonId: lesson(2),
        assignedBy: "auto",
        status: "completed",
        completedAt: startedAt,
      }),
      expect.objectContaining({ lessonId: lesson(3), assignedBy: "auto", status: "started" }),
    ]);
    const [listed] = (await client.get("/teacher/lessons/assign/students")).body.data;
    expect(listed).toMatchObject({
      assigned_lessons: [],
      completed_lessons: [lesson(2)],
      unassigned_lessons: [lesson(1), lesson(3)],
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, teacher.id), eq(auditLog.action, "lessons.remove")));
    expect(audit).toEqual([
      expect.objectContaining({
        targetId: teacher.id,
        details: {
          studentIds: [id],
          lessonIds: [lesson(0), lesson(1), lesson(2), lesson(3), lesson(4)],
          deleted: 1,
          handedBack: 2,
        },
      }),
    ]);
  });

  it("reassigning a handed-back lesson with preserve_progress picks up where the student was", async () => {
    const { students, client } = await classOf(1);
    const id = students[0]?.id as number;
    const startedAt = new Date("2026-11-12T08:30:00Z");
    await give([
      { studentId: id, lessonId: lesson(5), assignedBy: "teacher", status: "started", startedAt },
    ]);
    await client.post("/teacher/lessons/assign", {
      student_ids: [id],
      remove_lesson_ids: [lesson(5)],
    });
    await client.post("/teacher/lessons/assign", {
      student_ids: [id],
      assign_lesson_ids: [lesson(5)],
      preserve_progress: true,
    });
    expect(await rowsOf([id])).toEqual([
      expect.objectContaining({ assignedBy: "teacher", status: "started", startedAt }),
    ]);
  });

  it("assigns and removes in one request, for a parent's children too", async () => {
    const { students, client } = await classOf(2, "parent");
    const ids = students.map((s) => s.id);
    await give(
      ids.map((studentId) => ({
        studentId,
        lessonId: benchmark,
        assignedBy: "teacher" as const,
        status: "assigned" as const,
      })),
    );
    const reply = await client.post("/teacher/lessons/assign", {
      student_ids: ids,
      assign_lesson_ids: [lesson(0)],
      remove_lesson_ids: [benchmark],
    });
    expect(reply.body).toMatchObject({
      message: "Lessons updated for 2 students.",
      data: { assigned: 2, removed: 2 },
    });
    expect((await rowsOf(ids)).map((r) => r.lessonId)).toEqual([lesson(0), lesson(0)]);
  });

  it("changes nothing and answers 404 when one student is someone else's", async () => {
    const { students, client } = await classOf(2);
    const ids = students.map((s) => s.id);
    const other = await classOf(1);
    const foreign = other.students[0]?.id as number;
    await give([
      {
        studentId: ids[0] as number,
        lessonId: lesson(0),
        assignedBy: "teacher",
        status: "assigned",
      },
      { studentId: foreign, lessonId: lesson(0), assignedBy: "teacher", status: "assigned" },
    ]);
    const before = await rowsOf([...ids, foreign]);
    const reply = await client.post("/teacher/lessons/assign", {
      student_ids: [...ids, foreign],
      assign_lesson_ids: [lesson(1)],
      remove_lesson_ids: [lesson(0)],
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: "Not found" });
    expect(await rowsOf([...ids, foreign])).toEqual(before);
  });

  it("answers 404 for a student of another class alone, and for an unknown lesson, changing nothing", async () => {
    const { students, client } = await classOf(1);
    const other = await classOf(1);
    const foreign = other.students[0]?.id as number;
    const notForeign = await other.client.post("/teacher/lessons/assign", {
      student_ids: [students[0]?.id],
      assign_lesson_ids: [lesson(0)],
    });
    expect(notForeign.status).toBe(404);
    const unknown = await client.post("/teacher/lessons/assign", {
      student_ids: [students[0]?.id],
      assign_lesson_ids: [lesson(0), 999_999],
    });
    expect(unknown.status).toBe(404);
    expect(await rowsOf([students[0]?.id as number, foreign])).toEqual([]);
  });

  it("refuses an empty or contradictory request with 422 and the messages", async () => {
    const { students, client } = await classOf(1);
    const id = students[0]?.id as number;
    const empty = await client.post("/teacher/lessons/assign", {
      student_ids: [],
      assign_lesson_ids: [],
      remove_lesson_ids: [],
    });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      message: `${assignMessages.students} ${assignMessages.lessons}`,
      errors: {
        student_ids: [assignMessages.students],
        assign_lesson_ids: [assignMessages.lessons],
      },
    });
    const both = await client.post("/teacher/lessons/assign", {
      student_ids: [id],
      assign_lesson_ids: [lesson(0)],
      remove_lesson_ids: [lesson(0)],
    });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ remove_lesson_ids: [assignMessages.overlap] });
    const wrongTypes = await client.post("/teacher/lessons/assign", {
      student_ids: "all",
      assign_lesson_ids: [lesson(0)],
      preserve_progress: "yes",
    });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual([
      "preserve_progress",
      "student_ids",
    ]);
    expect(await rowsOf([id])).toEqual([]);
  });
});

describe("ownership of the lists", () => {
  it("a teacher never sees another teacher's students or their lessons", async () => {
    const mine = await classOf(1);
    const theirs = await classOf(1);
    await give([
      {
        studentId: theirs.students[0]?.id as number,
        lessonId: lesson(0),
        assignedBy: "teacher",
        status: "assigned",
      },
    ]);
    const listed = (await mine.client.get("/teacher/lessons/assign/students")).body.data;
    expect(listed.map((s: { id: number }) => s.id)).toEqual([mine.students[0]?.id]);
    expect(listed[0].assigned_lessons).toEqual([]);
  });
});
