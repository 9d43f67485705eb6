import { fileStore } from "../../adapters/storage.ts";
import { type AreaQueues, ONE_AT_A_TIME, twoMoreTries } from "../../core/jobs.ts";
import { buildDistrictExport } from "./export-job.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /** One district's screening CSV to make: areas/screening/export-job.ts. */
    "screening-export": { exportId: number };
  }
}

/** Screening's queue: the district's CSV of a school year. */
export const screeningQueues: AreaQueues<"screening-export"> = () => ({
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
});
