/**
 * The weekly report on the large world (issue 16 part 3): `node bench/weekly-report.ts` builds
 * the world on PGlite in a temporary directory, gives every student a parent address and the
 * report switched on (a third of the parents in Spanish) and every class the report on, then
 * times what the Friday job does: the fan-out, and every class job, two at a time as one worker
 * takes them (jobs/index.ts), each reading its week, claiming it, rendering each mail and queueing
 * it (outbox row and sealed "mail" job). Nothing is sent: the queue runs no worker here.
 * Goal (issue 16): all queued in under 2 minutes on this 2-core machine.
 */
import { sql } from "drizzle-orm";
import pino from "pino";
import {
  jobMailer,
  runWeeklyReport,
  type WeeklyReportJob,
} from "../apps/server/src/areas/families/weekly/job.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import type { Jobs } from "../apps/server/src/core/jobs.ts";
import type { Db } from "../apps/server/src/db/client.ts";
import { startJobs } from "../apps/server/src/jobs/index.ts";
import { BENCH_SECRET, buildLargeWorld, runIfMain, withBenchDatabase } from "./bench-setup.ts";
import { rows } from "./db-tools.ts";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Every student a parent address with the report on (a third of the parents in Spanish), and
 * every class the report on: the whole large world is due (also bench/weekly-report-latency.ts).
 */
export async function giveEveryStudentAParent(db: Db) {
  await db.execute(sql`update users set parent_email = 'parent' || id || '@example.org'
    where role = 'student'`);
  await db.execute(sql`insert into family_preferences (student_id, send_weekly_report, language)
    select id, true, case when id % 3 = 0 then 'es' else 'en' end from users where role = 'student'
    on conflict (student_id) do update set send_weekly_report = true,
      weekly_report_unsubscribed_at = null, bouncing_at = null`);
  await db.execute(sql`insert into class_settings (teacher_id, send_weekly_report)
    select distinct teacher_id, true from users where role = 'student'
    on conflict (teacher_id) do update set send_weekly_report = true`);
}

runIfMain(import.meta.url, () =>
  withBenchDatabase("weekly", async (database, dataDir) => {
    const { db } = database;
    const log = pino({ level: "warn" });
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      APP_SECRET: BENCH_SECRET,
      // A mail server nobody reaches: mail is queued as "mail" jobs, and no worker sends them.
      SMTP_URL: "smtp://127.0.0.1:9",
      LOG_LEVEL: "warn",
    });
    const jobs = await startJobs({ database, config, log, work: false });
    try {
      await buildLargeWorld(db);

      await giveEveryStudentAParent(db);

      const classJobs: WeeklyReportJob[] = [];
      const send: Jobs["send"] = async (queue, data) => {
        if (queue === "weekly-report") classJobs.push(data as WeeklyReportJob);
        else await jobs.send(queue, data);
      };
      const deps = { db, config, mailer: jobMailer(db, config, send), send, log };
      const now = new Date();

      const started = performance.now();
      await runWeeklyReport(deps, {}, now);
      const fannedOut = performance.now();
      // Two classes at a time, as the queue's localConcurrency has a worker take them.
      let next = 0;
      const times: number[] = [];
      const lane = async () => {
        while (next < classJobs.length) {
          const job = classJobs[next++] as WeeklyReportJob;
          const t = performance.now();
          await runWeeklyReport(deps, job, now);
          times.push(performance.now() - t);
        }
      };
      await Promise.all([lane(), lane()]);
      const done = performance.now();

      const [counts] = await rows<{ reports: number; mails: number; quiet: number }>(
        db,
        sql`select (select count(*)::int from weekly_reports where status = 'sent') as reports,
        (select count(*)::int from pgboss.job where name = 'mail') as mails,
        (select count(*)::int from mail_outbox where subject like 'A reading idea%'
           or subject like 'Una idea de lectura%') as quiet`,
      );
      times.sort((a, b) => a - b);
      console.log(
        `classes: ${classJobs.length}; reports claimed: ${counts?.reports}; mail jobs queued: ${counts?.mails}; quiet-week mails: ${counts?.quiet}`,
      );
      console.log(`| step | time |\n|---|---:|`);
      console.log(
        `| fan-out (list classes, queue ${classJobs.length} jobs) | ${seconds(fannedOut - started)} |`,
      );
      console.log(`| every class job, two at a time | ${seconds(done - fannedOut)} |`);
      console.log(`| total | ${seconds(done - started)} |`);
      console.log(
        `| one class job p50 / max | ${(times[times.length >> 1] ?? 0).toFixed(0)} ms / ${(times.at(-1) ?? 0).toFixed(0)} ms |`,
      );
      const perMail = (done - fannedOut) / Math.max(1, counts?.mails ?? 1);
      console.log(`| per mail | ${perMail.toFixed(2)} ms |`);

      // A second run in the same week sends nothing: every student's week is claimed.
      classJobs.length = 0;
      await runWeeklyReport(deps, {}, now);
      console.log(`second run: ${classJobs.length} classes queued`);
    } finally {
      await jobs.stop();
    }
  }),
);
