import { readFileSync } from "node:fs";
import type { TimeKind } from "@refrain/domain";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classInNewDistrict } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { timeOnTaskWriter } from "../../../test/usage.ts";
import { schools, timeOnTask, users } from "../../db/schema/index.ts";
import { heartbeat } from "../learning/index.ts";
import { keptSchoolsOfDistrict } from "./district-summary.ts";
import { listDistrictSchools } from "./service.ts";
import { workedOutTimesOf } from "./usage.ts";

const ctx = testAppForFile();

const time = timeOnTaskWriter(ctx);

describe("the district summary's kept figures (migration 0036)", () => {
  /** A UTC day `back` days before today. */
  const daysAgo = (back: number) =>
    new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const none = {
    student: 0,
    teacher: 0,
    reading: 0,
    comprehension: 0,
    students: 0,
    teachers: 0,
  };

  /**
   * Every school of each district: its kept figures are those worked out from time_on_task, and
   * its kept people those `listDistrictSchools` counts.
   */
  async function expectKept(step: string, ...districtIds: number[]) {
    for (const districtId of districtIds) {
      const kept = await keptSchoolsOfDistrict(ctx.db, districtId);
      const worked = await workedOutTimesOf(ctx.db, districtId);
      const listed = await listDistrictSchools(ctx.db, districtId, districtId);
      expect(
        kept.map(({ id, name, teachers, students }) => ({ id, name, teachers, students })),
        step,
      ).toEqual(listed.schools);
      for (const { id, year, last } of kept)
        expect({ year, last }, `${step}: school ${id}`).toEqual(
          worked.get(id) ?? { year: none, last: none },
        );
    }
  }

  it("follow inserts, updates and deletes of time_on_task, and people moving", async () => {
    const district = await ctx.factories.district();
    const north = await ctx.factories.school({ districtId: district.id });
    const south = await ctx.factories.school({ districtId: district.id });
    const away = await ctx.factories.district();
    const far = await ctx.factories.school({ districtId: away.id });
    const t1 = await ctx.factories.user({ role: "teacher", schoolId: north.id });
    const t2 = await ctx.factories.user({ role: "teacher", schoolId: north.id });
    const t3 = await ctx.factories.user({ role: "teacher", schoolId: south.id });
    const a = await ctx.factories.user({ role: "student", teacherId: t1.id });
    const b = await ctx.factories.user({ role: "student", teacherId: t1.id });
    const c = await ctx.factories.user({ role: "student", teacherId: t2.id });
    const d = await ctx.factories.user({ role: "student", teacherId: t3.id });
    const row = (
      user: { id: number },
      school: { id: number },
      kind: TimeKind,
      back: number,
      seconds: number,
    ) => ({
      userId: user.id,
      kind,
      day: daysAgo(back),
      schoolId: school.id,
      seconds,
      lastBeatAt: new Date(),
    });
    const both = [district.id, away.id];

    // Many rows in one statement, over the last 30 days, earlier this year, and last year.
    await ctx.db
      .insert(timeOnTask)
      .values([
        row(a, north, "reading", 0, 600),
        row(a, north, "comprehension", 3, 300),
        row(a, north, "learning", 45, 150),
        row(a, north, "reading", 400, 900),
        row(b, north, "reading", 40, 59),
        row(b, north, "learning", 2, 0),
        row(c, north, "reading", 10, 120),
        row(c, south, "reading", 12, 240),
        row(d, south, "comprehension", 1, 30),
        row(t2, north, "teacher_investment", 35, 1200),
        row(t3, south, "teacher_investment", 5, 60),
        row(d, far, "reading", 1, 3000),
      ]);
    await expectKept("inserted", ...both);
    const worked = await workedOutTimesOf(ctx.db, district.id);
    expect(worked.get(north.id)?.year.students).toBe(3);
    expect(worked.get(north.id)?.last.teachers).toBe(2);

    // The app's own writer: a new bucket, then time in it.
    await heartbeat(ctx.db, b.id, "learning", 30);
    await heartbeat(ctx.db, t2.id, "teacher_investment", 30);
    await expectKept("heartbeats", ...both);

    const at = (user: { id: number }, kind: TimeKind, back: number) =>
      and(
        eq(timeOnTask.userId, user.id),
        eq(timeOnTask.kind, kind),
        eq(timeOnTask.day, daysAgo(back)),
      );
    // More time, time taken back to none, a bucket moved to another school and to another day.
    await ctx.db
      .update(timeOnTask)
      .set({ seconds: sql`${timeOnTask.seconds} + 45` })
      .where(at(c, "reading", 10));
    await ctx.db
      .update(timeOnTask)
      .set({ seconds: 0 })
      .where(at(a, "reading", 0));
    await expectKept("emptied", ...both);
    await ctx.db
      .update(timeOnTask)
      .set({ schoolId: south.id })
      .where(at(a, "comprehension", 3));
    await ctx.db
      .update(timeOnTask)
      .set({ day: daysAgo(50) })
      .where(at(c, "reading", 12));
    await ctx.db
      .update(timeOnTask)
      .set({ schoolId: null })
      .where(at(d, "comprehension", 1));
    await expectKept("moved", ...both);

    // Rows deleted: a student's last, a teacher's only.
    await ctx.db.delete(timeOnTask).where(at(b, "learning", 2));
    await ctx.db.delete(timeOnTask).where(at(t3, "teacher_investment", 5));
    await expectKept("deleted", ...both);

    // A student changes class to another school's teacher, another leaves the roster.
    await ctx.db.update(users).set({ teacherId: t3.id }).where(eq(users.id, a.id));
    await expectKept("changed class", ...both);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, c.id));
    await expectKept("deactivated", ...both);
    await ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, c.id));
    // A teacher moves to another district's school: their students no longer count here.
    await ctx.db.update(users).set({ schoolId: far.id }).where(eq(users.id, t1.id));
    await expectKept("teacher moved", ...both);
    // A school moves district, and back.
    await ctx.db.update(schools).set({ districtId: away.id }).where(eq(schools.id, south.id));
    await expectKept("school moved", ...both);
    await ctx.db.update(schools).set({ districtId: district.id }).where(eq(schools.id, south.id));
    await ctx.db.update(users).set({ schoolId: north.id }).where(eq(users.id, t1.id));
    await expectKept("moved back", ...both);

    // People and schools deleted: a student, a teacher with their class, a school.
    await ctx.db.delete(users).where(eq(users.id, b.id));
    await expectKept("student deleted", ...both);
    await ctx.db.delete(users).where(eq(users.id, t2.id));
    await expectKept("teacher deleted", ...both);
    await ctx.db.delete(schools).where(eq(schools.id, far.id));
    await expectKept("school deleted", ...both);
  });

  it("are what the migration's backfill makes from time_on_task", async () => {
    const { district, school, teacher, student } = await classInNewDistrict(ctx);
    const other = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    await time(student.id, school.id, "reading", daysAgo(1), 300);
    await time(student.id, school.id, "learning", daysAgo(60), 120);
    await time(other.id, school.id, "comprehension", daysAgo(70), 90);
    await time(teacher.id, school.id, "teacher_investment", daysAgo(20), 600);
    const kept = await keptSchoolsOfDistrict(ctx.db, district.id);

    // Made again from nothing by the migration's own statements, without their triggers.
    await ctx.db.execute(
      sql`truncate usage_people, usage_leads, usage_school_days, usage_school_years,
        usage_school_people`,
    );
    const migration = readFileSync(
      new URL("../../db/migrations/0036_usage_figures.sql", import.meta.url),
      "utf8",
    );
    const statements = migration.split("--> statement-breakpoint");
    const first = statements.findIndex((s) => s.includes("-- What time_on_task holds today."));
    const backfill = statements.slice(first).filter((s) => !s.includes("CREATE TRIGGER"));
    expect(backfill.length).toBeGreaterThan(2);
    await ctx.db.execute(sql`alter table usage_people disable trigger user`);
    await ctx.db.execute(sql`alter table usage_leads disable trigger user`);
    try {
      for (const statement of backfill) await ctx.db.execute(sql.raw(statement));
    } finally {
      await ctx.db.execute(sql`alter table usage_people enable trigger user`);
      await ctx.db.execute(sql`alter table usage_leads enable trigger user`);
    }
    expect(await keptSchoolsOfDistrict(ctx.db, district.id)).toEqual(kept);
    await expectKept("backfilled", district.id);
  });
});
