import { weekRange, weekStartOf } from "@refrain/domain";
import { and, asc, eq, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { createMailer, type Mailer, MailSeal } from "../../../adapters/mail.ts";
import { fileStore } from "../../../adapters/storage.ts";
import type { Config } from "../../../config.ts";
import { enrolledStudents, studentsOf } from "../../../core/access.ts";
import type { Jobs, Log } from "../../../core/jobs.ts";
import type { Db } from "../../../db/client.ts";
import {
  classSettings,
  familyPreferences,
  users,
  weeklyReports,
} from "../../../db/schema/index.ts";
import { loadAddressees, sendParentMail } from "../parent-mail.ts";
import { weeklyReportContent } from "./content.ts";
import { loadWeeks } from "./week-data.ts";

/**
 * The "weekly-report" job (issue 16 part 3). The Friday schedule sends an empty job: it finds
 * the teachers with a student to report on and queues one job per teacher, so 20,000 students
 * become some hundreds of class-sized jobs that workers take in turn, each a few reads and one
 * mail per student, and no run holds a worker (or the API's database) for long. A retried or
 * repeated job finds the students already reported on left out: the week's row in
 * `weekly_reports` is claimed before the mail is queued.
 */
export interface WeeklyReportJob {
  /** The class to report on; absent on the schedule's job, which fans out. */
  teacherId?: number;
  /** The week's Monday (YYYY-MM-DD), fixed by the fan-out so every class reports the same week. */
  weekStart?: string;
}

export interface WeeklyReportDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  send: Jobs["send"];
  log: Log;
}

/**
 * Students whose parent gets this week's report: an address, the report switched on by the
 * teacher for the student and for the class, neither unsubscribed nor bouncing, and the week not
 * claimed yet. Everything `sendParentMail` checks again, so the batch skips the rest early.
 */
function dueThisWeek(weekStart: string) {
  return and(
    // A student their district's roster dropped has left the class: their family hears no more.
    enrolledStudents,
    isNotNull(users.parentEmail),
    eq(familyPreferences.sendWeeklyReport, true),
    isNull(familyPreferences.weeklyReportUnsubscribedAt),
    isNull(familyPreferences.bouncingAt),
    eq(classSettings.sendWeeklyReport, true),
    notExists(
      sql`(select 1 from ${weeklyReports} where ${weeklyReports.studentId} = ${users.id} and ${weeklyReports.weekStart} = ${weekStart})`,
    ),
  );
}

const dueStudents = (db: Db) =>
  db
    .select({ id: users.id, teacherId: users.teacherId })
    .from(users)
    .innerJoin(familyPreferences, eq(familyPreferences.studentId, users.id))
    .innerJoin(classSettings, eq(classSettings.teacherId, users.teacherId));

/** Queues one job per class with a student due this week; answers how many. */
export async function fanOutWeeklyReport(deps: WeeklyReportDeps, now = new Date()) {
  const weekStart = weekStartOf(now);
  const teachers = await deps.db
    .selectDistinct({ teacherId: users.teacherId })
    .from(users)
    .innerJoin(familyPreferences, eq(familyPreferences.studentId, users.id))
    .innerJoin(classSettings, eq(classSettings.teacherId, users.teacherId))
    .where(dueThisWeek(weekStart))
    .orderBy(asc(users.teacherId));
  for (const { teacherId } of teachers)
    if (teacherId !== null) await deps.send("weekly-report", { teacherId, weekStart });
  return teachers.length;
}

/**
 * Reports this week to each due student's parent in one class: claims the student's week, then
 * queues the mail. A send that throws gives the claim back, so the job's retry reports on that
 * student; a parent found not mailable after all (`sendParentMail` checks once more) keeps the
 * claim as `skipped`. Answers the number of mails queued.
 */
export async function reportOnClass(
  deps: WeeklyReportDeps,
  teacherId: number,
  weekStart: string,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const due = await dueStudents(db)
    .where(and(studentsOf(teacherId), dueThisWeek(weekStart)))
    .orderBy(asc(users.id));
  if (due.length === 0) return 0;
  const ids = due.map((s) => s.id);
  const [weeks, addressees] = await Promise.all([
    loadWeeks(db, ids, weekRange(weekStart, now)),
    loadAddressees(db, ids),
  ]);
  let queued = 0;
  for (const id of ids) {
    const week = weeks.get(id);
    const addressee = addressees.get(id);
    if (!week || !addressee) continue;
    const thisWeek = and(eq(weeklyReports.studentId, id), eq(weeklyReports.weekStart, weekStart));
    const [claimed] = await db
      .insert(weeklyReports)
      .values({ studentId: id, weekStart, status: "sent" })
      .onConflictDoNothing()
      .returning({ studentId: weeklyReports.studentId });
    // Another run or worker holds this week: it sends the report, not this one.
    if (!claimed) continue;
    try {
      const result = await sendParentMail(deps, {
        student: addressee,
        list: "weekly_report",
        compose: (parent) => weeklyReportContent(week, parent.language, weekStart),
      });
      if (result.status === "queued") queued += 1;
      else await db.update(weeklyReports).set({ status: "skipped" }).where(thisWeek);
    } catch (error) {
      await db.delete(weeklyReports).where(thisWeek);
      throw error;
    }
  }
  return queued;
}

/** The job's work: the schedule's fan-out, or one class. */
export async function runWeeklyReport(
  deps: WeeklyReportDeps,
  job: WeeklyReportJob,
  now = new Date(),
): Promise<void> {
  if (job.teacherId === undefined) {
    const classes = await fanOutWeeklyReport(deps, now);
    if (classes > 0) deps.log.info({ classes }, "queued the weekly report's classes");
    return;
  }
  const weekStart = job.weekStart ?? weekStartOf(now);
  const mails = await reportOnClass(deps, job.teacherId, weekStart, now);
  if (mails > 0) deps.log.info({ teacherId: job.teacherId, mails }, "queued weekly reports");
}

/**
 * The mailer a job process uses: the app's own is built with the app, which a worker process
 * does not have. Same outbox and same "mail" queue, so a report is sent and retried like any
 * mail; without SMTP_URL it stays in the outbox, as in development.
 */
export function jobMailer(db: Db, config: Config, send: Jobs["send"]): Mailer {
  return createMailer({
    db,
    storage: fileStore(config),
    outbound: config.SMTP_URL
      ? { seal: new MailSeal(config.APP_SECRET), enqueue: (job) => send("mail", job) }
      : undefined,
  });
}
