import { fileStore } from "../../adapters/storage.ts";
import { type AreaQueues, ONE_AT_A_TIME, SWEEP_OPTIONS, twoMoreTries } from "../../core/jobs.ts";
import { sweepCounts } from "./district-counts.ts";
import { buildDistrictExport } from "./export-job.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /** One district's screening CSV to make: areas/screening/export-job.ts. */
    "screening-export": { exportId: number };
    /** The schedule's sweep of the schools' kept counts: areas/screening/counts.ts. */
    "screening-counts": Record<string, never>;
  }
}

/** Screening's queues: the district's CSV of a school year, and the kept counts' sweep. */
export const screeningQueues: AreaQueues<"screening-export" | "screening-counts"> = (
  _tuning,
  schedules,
) => ({
  "screening-export": {
    // 20,000 students take about ten seconds (bench/screening.ts): a quarter of an hour a try
    // leaves room for a district many times larger, and export-files.ts believes an export in
    // the making for an hour, past the three tries. A failure on the last one marks it failed,
    // and the admin asks again. One at a time per worker: each reads a whole district.
    options: twoMoreTries(15 * 60),
    work: ONE_AT_A_TIME,
    handler: ({ db, config, log }) => {
      const storage = fileStore(config);
      return (data, run) => buildDistrictExport({ db, storage, log }, data.exportId, run);
    },
  },
  "screening-counts": {
    // Every ten minutes where work runs: a quiet sweep is one query; after a district-wide
    // change it makes the district's schools again (about 10 s per 20,000 students,
    // bench/screening.ts) while nobody waits, one school per transaction.
    cron: schedules ? "*/10 * * * *" : undefined,
    options: SWEEP_OPTIONS,
    work: ONE_AT_A_TIME,
    handler:
      ({ db }) =>
      () =>
        sweepCounts(db),
  },
});
