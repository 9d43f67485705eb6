import {
  currentWindow,
  dateRangeMessages,
  dayOf,
  defaultWindows,
  schoolYearStart,
} from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { catalogLessons, examAttempt } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import {
  assignments,
  groupMemberships,
  lessons,
  readAlongs,
  recordingGrades,
  recordings,
  studentGroups,
} from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

async function attempt(
  studentId: number,
  lessonId: number,
  day: number,
  n: number,
  percent: number,
  when: string,
) {
  await examAttempt(ctx, {
    studentId,
    lessonId,
    day,
    attempt: n,
    correct: percent,
    solved: 100,
    createdAt: at(when),
  });
}

type Kind = "cold_read" | "hot_read" | "benchmark";
/** A processed reading, graded with each of `grades` in turn (the last is the newest). */
async function reading(
  studentId: number,
  lessonId: number,
  kind: Kind,
  when: string,
  grades: [number, number][] = [],
  status: "complete" | "processing" | "queued" = "complete",
) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({ studentId, lessonId, classification: kind, status, createdAt: at(when) })
    .returning({ id: recordings.id });
  const id = row?.id as number;
  for (const [i, [wpm, accuracy]] of grades.entries()) {
    const gradedAt = new Date(at(when).getTime() + (i + 1) * 60_000);
    await ctx.db.insert(recordingGrades).values({
      recordingId: id,
      accuracy,
      expression: 3,
      selectedWordIds: [],
      wpm,
      createdAt: gradedAt,
    });
    await ctx.db.update(recordings).set({ gradedAt }).where(eq(recordings.id, id));
  }
  return id;
}

describe("class summary", () => {
  let a: { id: number };
  let b: { id: number };
  let groupId: number;
  let emptyGroupId: number;
  let newestUngraded: number;
  const url = (q = "") => `/teacher/${world.people.teacher.id}/dashboard/class_summary${q}`;
  const winter = "?start_date=2025-12-01&end_date=2026-02-28";

  beforeAll(async () => {
    const teacherId = world.people.teacher.id;
    a = await ctx.factories.user({
      role: "student",
      teacherId,
      firstName: "Ann",
      lastName: "Able",
    });
    b = await ctx.factories.user({
      role: "student",
      teacherId,
      firstName: "Ben",
      lastName: "Baker",
    });
    const { second } = await catalogLessons(ctx);
    const [l1, l2, l3] = second as [number, number, number];
    const [bm] = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.planId, 12))
      .orderBy(asc(lessons.id))
      .limit(1);
    const [g1, g2] = await ctx.db
      .insert(studentGroups)
      .values([
        { teacherId, name: "Bluebirds" },
        { teacherId, name: "Robins" },
      ])
      .returning({ id: studentGroups.id });
    groupId = g1?.id as number;
    emptyGroupId = g2?.id as number;
    await ctx.db.insert(groupMemberships).values([
      { groupId, studentId: a.id },
      { groupId, studentId: b.id },
    ]);

    // Ann, lesson 1: day 1 retaken (50 then 80; the latest counts), 90, 100 → overall 90.
    await attempt(a.id, l1, 1, 1, 50, "2026-01-08");
    await attempt(a.id, l1, 1, 2, 80, "2026-01-10");
    await attempt(a.id, l1, 2, 1, 90, "2026-01-11");
    await attempt(a.id, l1, 3, 1, 100, "2026-01-12");
    // Lesson 2: two days only; lesson 3: its day 3 falls after the range.
    await attempt(a.id, l2, 1, 1, 40, "2026-01-20");
    await attempt(a.id, l2, 2, 1, 40, "2026-01-21");
    await attempt(a.id, l3, 1, 1, 60, "2026-02-20");
    await attempt(a.id, l3, 2, 1, 70, "2026-02-21");
    await attempt(a.id, l3, 3, 1, 80, "2026-03-01");
    await ctx.db.insert(assignments).values([
      {
        studentId: a.id,
        lessonId: l1,
        assignedBy: "auto",
        status: "completed",
        completedAt: at("2026-01-12"),
      },
      {
        studentId: a.id,
        lessonId: l3,
        assignedBy: "auto",
        status: "completed",
        completedAt: at("2026-03-01"),
      },
    ]);
    // Cold reads 55 and 68 (the newest grade of the second counts) → 62; a hot read of 89.
    await reading(a.id, l1, "cold_read", "2026-01-05", [[60, -5]]);
    await reading(a.id, l1, "cold_read", "2026-01-20", [
      [70, -20],
      [70, -2],
    ]);
    await reading(a.id, l1, "hot_read", "2026-01-21", [[90, -1]]);
    // Benchmarks: a fall 200 (another season), then 76 and 84 in winter: (76 + 84) / 2 = 80,
    // under grade 2 winter's 50th percentile (84) by less than 10 → approaching.
    await reading(a.id, bm?.id as number, "benchmark", "2025-11-15", [[200, 0]]);
    await reading(a.id, bm?.id as number, "benchmark", "2025-12-10", [[80, -4]]);
    await reading(a.id, bm?.id as number, "benchmark", "2026-01-15", [[90, -6]]);
    // New: an ungraded processed hot read (and an unprocessed one, which is not new yet).
    await reading(a.id, l2, "hot_read", "2026-02-01");
    newestUngraded = await reading(a.id, l2, "hot_read", "2026-02-02");
    await reading(a.id, l3, "hot_read", "2026-02-03", [], "processing");
    // Ben: a read-along and a benchmark of 100 → met.
    await ctx.db.insert(readAlongs).values({
      studentId: b.id,
      lessonId: l2,
      play: crypto.randomUUID(),
      createdAt: at("2026-01-03"),
    });
    await reading(b.id, bm?.id as number, "benchmark", "2026-02-01", [[104, -4]]);
    // A grade counts whatever its media's state: a hot read of 66 still waiting for processing.
    await reading(b.id, l2, "hot_read", "2026-02-05", [[70, -4]], "queued");
  });

  it("gives each student's figures for the range, then each group's", async () => {
    const reply = await world.clients.teacher.get(url(winter));
    expect(reply.status).toBe(200);
    const { students, groups } = reply.body.data;
    const ann = students.find((s: { id: number }) => s.id === a.id);
    expect(ann).toEqual({
      id: a.id,
      name: "Ann Able",
      group_id: groupId,
      lessons: 1,
      // Lessons 1, 2 and 3 and the benchmark passage.
      stories: 4,
      comprehension: 90,
      cold: 62,
      hot: 89,
      benchmarks: 84,
      goals: "approaching",
      goal: { wcpm: 80, target: 84, season: "winter", readings: 2 },
      // No passage of today's benchmark window read.
      screening: null,
      new_recordings: 2,
      latest_ungraded_id: newestUngraded,
    });
    const ben = students.find((s: { id: number }) => s.id === b.id);
    expect(ben).toMatchObject({
      lessons: 0,
      stories: 2,
      comprehension: null,
      cold: null,
      hot: 66,
      benchmarks: 100,
      goals: "met",
      new_recordings: 0,
      latest_ungraded_id: null,
    });
    const student = students.find((s: { id: number }) => s.id === world.people.student.id);
    expect(student).toMatchObject({ group_id: null, stories: 0, benchmarks: null, goals: "none" });
    expect(students.map((s: { name: string }) => s.name).slice(0, 2)).toEqual([
      "Ann Able",
      "Ben Baker",
    ]);
    expect(groups).toEqual([
      {
        id: groupId,
        name: "Bluebirds",
        students: 2,
        lessons: 1,
        stories: 6,
        comprehension: 90,
        cold: 62,
        // (89 + 66) / 2, rounded.
        hot: 78,
        benchmarks: 92,
        goals: { met: 1, approaching: 1, below: 0, none: 0 },
      },
      {
        id: emptyGroupId,
        name: "Robins",
        students: 0,
        lessons: 0,
        stories: 0,
        comprehension: null,
        cold: null,
        hot: null,
        benchmarks: null,
        goals: { met: 0, approaching: 0, below: 0, none: 0 },
      },
    ]);
  });

  it("widens with the range: all time takes lesson 3's day 3 and the fall benchmark's season", async () => {
    const { students } = (await world.clients.teacher.get(url())).body.data;
    const ann = students.find((s: { id: number }) => s.id === a.id);
    // (90 + 70) / 2; lessons 1 and 3 completed.
    expect(ann).toMatchObject({
      lessons: 2,
      comprehension: 80,
      benchmarks: 84,
      goals: "approaching",
    });
    const fall = await world.clients.teacher.get(url("?start_date=2025-07-01&end_date=2025-11-30"));
    const annFall = fall.body.data.students.find((s: { id: number }) => s.id === a.id);
    // Grade 2 fall's 50th is 50: the 200 meets it.
    expect(annFall).toMatchObject({
      stories: 1,
      benchmarks: 200,
      goals: "met",
      goal: { season: "fall", target: 50 },
    });
  });

  it("says where each student stands in today's benchmark window, whatever the range", async () => {
    const window = currentWindow(dayOf(new Date()), defaultWindows(schoolYearStart(new Date())));
    const [passage] = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.benchmarkGrade, 2))
      .orderBy(asc(lessons.id))
      .limit(1);
    const [row] = await ctx.db
      .insert(recordings)
      .values({
        studentId: world.people.student.id,
        lessonId: passage?.id as number,
        classification: "benchmark",
        status: "complete",
        createdAt: at(window.start),
        gradedAt: at(window.start),
      })
      .returning({ id: recordings.id });
    await ctx.db.insert(recordingGrades).values({
      recordingId: row?.id as number,
      expression: 3,
      selectedWordIds: [],
      wpm: 70,
      accuracy: -1,
    });
    const { students } = (await world.clients.teacher.get(url(winter))).body.data;
    expect(students.find((s: { id: number }) => s.id === world.people.student.id)).toMatchObject({
      screening: {
        season: window.season,
        status: "incomplete",
        tier: null,
        confirmed: 1,
        wcpm: null,
      },
    });
  });

  it("narrows to one student with their group, or to the students with new readings", async () => {
    const one = (await world.clients.teacher.get(url(`${winter}&student_id=${b.id}`))).body.data;
    expect(one.students.map((s: { id: number }) => s.id)).toEqual([b.id]);
    expect(one.groups.map((g: { id: number }) => g.id)).toEqual([groupId]);
    const fresh = (await world.clients.teacher.get(url(`${winter}&type=new`))).body.data;
    expect(fresh.students.map((s: { id: number }) => s.id)).toEqual([a.id]);
  });

  it("refuses reversed or absurd ranges with 422 by field, and others' records with 404", async () => {
    const reversed = await world.clients.teacher.get(
      url("?start_date=2026-02-01&end_date=2026-01-01"),
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ end_date: [dateRangeMessages.reversed] });
    const absurd = await world.clients.teacher.get(
      url("?start_date=2026-02-31&end_date=3000-01-01"),
    );
    expect(absurd.status).toBe(422);
    expect(absurd.body.errors).toEqual({
      start_date: [dateRangeMessages.format],
      end_date: [dateRangeMessages.outside],
    });
    const other = await ctx.factories.user({ role: "teacher" });
    const stranger = await ctx.factories.user({ role: "student", teacherId: other.id });
    expect(
      (await world.clients.teacher.get(`/teacher/${other.id}/dashboard/class_summary`)).status,
    ).toBe(404);
    expect((await world.clients.teacher.get(url(`?student_id=${stranger.id}`))).status).toBe(404);
  });
});

describe("report criteria", () => {
  it("lists the caller's own class, and nobody else's", async () => {
    const teacherId = world.people.teacher.id;
    const reply = await world.clients.teacher.get(
      `/teacher/reports/criteria/student_list/${teacherId}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toContainEqual({
      id: world.people.student.id,
      name: `${world.people.student.firstName} ${world.people.student.lastName}`,
    });
    expect(reply.body.data.every((s: { id: number }) => s.id !== teacherId)).toBe(true);
    expect(
      (await world.clients.parent.get(`/teacher/reports/criteria/student_list/${teacherId}`))
        .status,
    ).toBe(404);
  });

  it("lists a school admin's teachers and a district admin's, narrowed by school", async () => {
    const other = await ctx.factories.school({ districtId: world.district.id });
    const there = await ctx.factories.user({
      role: "teacher",
      schoolId: other.id,
      firstName: "Zed",
      lastName: "Zulu",
    });
    const outside = await ctx.factories.school({ districtId: (await ctx.factories.district()).id });
    await ctx.factories.user({ role: "teacher", schoolId: outside.id });
    const { teacher, school_admin, district_admin } = world.people;
    const path = (id: number, q = "") => `/teacher/reports/criteria/admin_teachers/${id}${q}`;
    const ids = (reply: { body: { data: { id: number }[] } }) => reply.body.data.map((t) => t.id);

    expect(ids(await world.clients.school_admin.get(path(school_admin.id)))).toEqual([teacher.id]);
    expect(
      (await world.clients.school_admin.get(path(school_admin.id, `?school_id=${other.id}`)))
        .status,
    ).toBe(404);
    expect((await world.clients.school_admin.get(path(district_admin.id))).status).toBe(404);

    expect(new Set(ids(await world.clients.district_admin.get(path(district_admin.id))))).toEqual(
      new Set([teacher.id, there.id]),
    );
    const narrowed = await world.clients.district_admin.get(
      path(district_admin.id, `?school_id=${other.id}`),
    );
    expect(narrowed.body.data).toEqual([{ id: there.id, name: "Zed Zulu" }]);
    expect(
      (await world.clients.district_admin.get(path(district_admin.id, `?school_id=${outside.id}`)))
        .status,
    ).toBe(404);
    const bad = await world.clients.district_admin.get(path(district_admin.id, "?school_id=abc"));
    expect(bad.status).toBe(422);
  });

  it("keeps each call to its policy", async () => {
    const classOwners = { anonymous: 401, teacher: 200, parent: 404 };
    const admins = { anonymous: 401, school_admin: 200, district_admin: 404 };
    const mismatches = [
      ...(await checkMatrix(world, {
        method: "GET",
        url: (w) => `/teacher/${w.people.teacher.id}/dashboard/class_summary`,
        expect: classOwners,
        otherwise: 403,
      })),
      ...(await checkMatrix(world, {
        method: "GET",
        url: (w) => `/teacher/reports/criteria/student_list/${w.people.teacher.id}`,
        expect: classOwners,
        otherwise: 403,
      })),
      ...(await checkMatrix(world, {
        method: "GET",
        url: (w) => `/teacher/reports/criteria/admin_teachers/${w.people.school_admin.id}`,
        expect: admins,
        otherwise: 403,
      })),
    ];
    expect(mismatches).toEqual([]);
  });
});
