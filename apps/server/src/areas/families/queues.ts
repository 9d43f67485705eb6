import { type AreaQueues, HOUR } from "../../core/jobs.ts";
import { jobMailer, runWeeklyReport, type WeeklyReportJob } from "./weekly/job.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /** The schedule's fan-out (empty), or one class's week: areas/families/weekly/job.ts. */
    "weekly-report": WeeklyReportJob;
  }
}

/** The families' weekly report, on its schedule. */
export const familiesQueues: AreaQueues<"weekly-report"> = (_tuning, schedules) => ({
  "weekly-report": {
    // Fridays at 15:00 UTC by default (config.ts), as ClassDojo's parent report: the week's
    // school days are done and the weekend is ahead. A failed class is retried; students it
    // already reported on are claimed and left out.
    cron: schedules?.WEEKLY_REPORT_CRON,
    options: {
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: HOUR,
    },
    // One class after another, five per fetch: a worker that waits for its next poll after each
    // class (pg-boss's default for a batch of one) queued about one class a second. A full
    // batch fetches again at once, and one at a time leaves the process's thread, which the
    // API shares, free between classes.
    work: { localConcurrency: 1, batchSize: 5, burstWhenBatchFull: true },
    handler: ({ db, config, log, send }) => {
      const mailer = jobMailer(db, config, send);
      return (data) => runWeeklyReport({ db, config, mailer, send, log }, data);
    },
  },
});
