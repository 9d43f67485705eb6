import { readFileSync } from "node:fs";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/build-test-app.ts";
import { buildDemoApp } from "../../test/demo-app.ts";
import { CATALOG } from "../catalog/catalog.ts";
import {
  districts,
  examAnswers,
  examAttempts,
  examQuestions,
  lessons,
  lessonWords,
  schools,
  timeOnTask,
  users,
} from "../db/schema/index.ts";
import { demoLogins, ensureDemoWorld, planWorld } from "./index.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildDemoApp();
});
afterAll(() => ctx.close());

describe("demo world", () => {
  it("is deterministic", () => {
    expect(planWorld("demo")).toEqual(planWorld("demo"));
    expect(demoLogins()).toEqual(demoLogins());
  });

  it("is created once: a second start changes nothing", async () => {
    expect(await ensureDemoWorld(ctx.db, ctx.config)).toBe(false);
  });

  it("has one district of ten schools, every role and about 90 students in classes of different sizes", async () => {
    const byRole = await ctx.db
      .select({ role: users.role, n: count() })
      .from(users)
      .groupBy(users.role);
    const n = Object.fromEntries(byRole.map((r) => [r.role, r.n]));
    expect(n).toMatchObject({
      district_admin: 1,
      school_admin: 1,
      teacher: 11,
      parent: 1,
      staff: 1,
    });
    // 58 in the first two schools' classes, 2 of the parent's, 28 in the seven small classes.
    expect(n.student).toBe(88);
    const sizes = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, "student"))
      .groupBy(users.teacherId);
    expect(new Set(sizes.map((s) => s.n)).size).toBeGreaterThanOrEqual(4);

    // The district page's ten schools: every one but the newest has a class.
    const teachersPerSchool = await ctx.db
      .select({ name: schools.name, teachers: count(users.id) })
      .from(schools)
      .innerJoin(districts, eq(districts.id, schools.districtId))
      .leftJoin(users, and(eq(users.schoolId, schools.id), eq(users.role, "teacher")))
      .where(eq(districts.name, "Riverbend Unified School District"))
      .groupBy(schools.id, schools.name);
    expect(teachersPerSchool).toHaveLength(10);
    expect(teachersPerSchool.filter((s) => s.teachers === 0).map((s) => s.name)).toEqual([
      "Johnson Creek Primary",
    ]);
  });

  it("gives the small classes' schools time on task and exam answers, and the newest school none", async () => {
    const perSchool = await ctx.db
      .select({
        name: schools.name,
        seconds: sql<number>`coalesce(sum(${timeOnTask.seconds}), 0)::int`,
      })
      .from(schools)
      .leftJoin(timeOnTask, eq(timeOnTask.schoolId, schools.id))
      .where(isNotNull(schools.districtId))
      .groupBy(schools.id, schools.name);
    const idle = perSchool.filter((s) => s.seconds === 0).map((s) => s.name);
    expect(idle).toEqual(["Johnson Creek Primary"]);
    const teacher = alias(users, "teacher");
    const answered = await ctx.db
      .selectDistinct({ schoolId: teacher.schoolId })
      .from(examAttempts)
      .innerJoin(users, eq(users.id, examAttempts.studentId))
      .innerJoin(teacher, eq(teacher.id, users.teacherId));
    expect(answered.length).toBeGreaterThanOrEqual(9);
  });

  it("has at least 36 lessons across Kindergarten–5th grade plus benchmark passages", async () => {
    const perLevel = await ctx.db
      .select({ planId: lessons.planId, n: count() })
      .from(lessons)
      .groupBy(lessons.planId);
    const n = Object.fromEntries(perLevel.map((r) => [r.planId, r.n]));
    for (const planId of [6, 7, 8, 9, 10, 11]) expect(n[planId]).toBeGreaterThanOrEqual(6);
    expect(n[12]).toBeGreaterThanOrEqual(5);
  });

  it("gives every lesson at least 4 questions per day 1–3 with one correct answer each, and a day 4 prompt", async () => {
    const perDay = await ctx.db
      .select({ lessonId: examQuestions.lessonId, day: examQuestions.day, n: count() })
      .from(examQuestions)
      .groupBy(examQuestions.lessonId, examQuestions.day);
    expect(perDay).toHaveLength(CATALOG.length * 3);
    expect(perDay.every((r) => r.n >= 4)).toBe(true);
    const wrong = await ctx.db
      .select({ questionId: examAnswers.questionId })
      .from(examAnswers)
      .groupBy(examAnswers.questionId)
      .having(sql`count(*) <> 4 or count(*) filter (where ${examAnswers.correct}) <> 1`);
    expect(wrong).toEqual([]);
    expect(CATALOG.every((c) => c.extensionPrompt.trim().length > 20)).toBe(true);
  });

  it("splits every lesson into words with stable ids in reading order", async () => {
    const [first] = await ctx.db.select().from(lessons).limit(1);
    const words = await ctx.db
      .select()
      .from(lessonWords)
      .where(eq(lessonWords.lessonId, first?.id ?? 0));
    expect(words.map((w) => w.text).join(" ")).toBe(
      first?.lyrics.split(/\s+/).filter(Boolean).join(" "),
    );
  });

  it("has unique slugs and titles", () => {
    expect(new Set(CATALOG.map((c) => c.slug)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((c) => c.title)).size).toBe(CATALOG.length);
  });

  it("prints ms.rivera's class code, in the banner and the README, and it shows her tiles", async () => {
    const rivera = demoLogins().find((l) => l.login === "ms.rivera");
    const printed = rivera?.note?.match(/class code (\w{3}-\w{3})$/)?.[1];
    expect(printed).toBeDefined();
    const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`\`${printed}\``);
    const reply = await ctx
      .client()
      .post("/student/login", { step: 1, teacher: "ms.rivera", classCode: printed });
    expect(reply.body.data.type).toBe("select");
    expect(reply.body.data.students.length).toBeGreaterThan(0);
  });

  it("lets every printed demo login sign in", async () => {
    for (const login of demoLogins()) {
      const client = ctx.client();
      if (login.role === "Student") {
        const teacher = login.note?.replace("teacher ", "") ?? "";
        const reply = await client.post("/student/login", {
          step: 3,
          type: "input",
          teacher,
          student: login.login,
          password: login.password,
        });
        expect(reply.status, `${login.role} ${login.login}`).toBe(200);
      } else {
        const reply = await client.post("/login", { login: login.login, password: login.password });
        expect(reply.status, `${login.role} ${login.login}`).toBe(200);
      }
    }
  });
});
