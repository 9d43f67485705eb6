import { mediaStore } from "../../adapters/storage.ts";
import { type AreaQueues, ONE_AT_A_TIME, SWEEP_OPTIONS, twoMoreTries } from "../../core/jobs.ts";
import { StudentPasswordBox } from "../../core/passwords.ts";
import { jobMailer } from "../families/index.ts";
import { applyImport } from "./roster-import/apply.ts";
import { discardStaleImports, failedOnLastTry, validateImport } from "./roster-import/validate.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /** An uploaded roster package to check and preview: areas/admin/roster-import/validate.ts. */
    "roster-validate": { importId: number };
    /** A previewed roster import the admin applied: areas/admin/roster-import/apply.ts. */
    "roster-apply": { importId: number };
    /** Daily: roster packages a week old that nobody applied go (roster-import/validate.ts). */
    "roster-import-cleanup": Record<string, never>;
  }
}

/** The roster import's queues: a package checked, an import applied, stale packages gone. */
export const adminQueues: AreaQueues<
  "roster-validate" | "roster-apply" | "roster-import-cleanup"
> = () => ({
  "roster-validate": {
    // Reads a package of up to tens of thousands of rows: one at a time per worker. It changes
    // nothing but its own import's row, so a run lost with its worker is simply run again.
    options: twoMoreTries(30 * 60),
    work: ONE_AT_A_TIME,
    handler: ({ db, config, log }) => {
      const store = mediaStore(config);
      return (data, run) =>
        failedOnLastTry(db, data.importId, "validating", run, () =>
          validateImport({ db, store, log }, data.importId),
        );
    },
  },
  "roster-apply": {
    // Plans again and writes only what differs, school by school: a retry after a crash
    // finishes the job without doing anything twice.
    options: twoMoreTries(60 * 60),
    work: ONE_AT_A_TIME,
    handler: ({ db, config, log, send }) => {
      const deps = {
        db,
        log,
        store: mediaStore(config),
        box: new StudentPasswordBox(config.APP_SECRET),
        mailer: jobMailer(db, config, send),
        publicUrl: config.PUBLIC_URL,
      };
      return (data, run) =>
        failedOnLastTry(db, data.importId, "applying", run, () => applyImport(deps, data.importId));
    },
  },
  "roster-import-cleanup": {
    cron: "15 4 * * *",
    options: SWEEP_OPTIONS,
    handler: ({ db, config, log }) => {
      const store = mediaStore(config);
      return async () => {
        const n = await discardStaleImports({ db, store });
        if (n > 0) log.info({ imports: n }, "discarded roster packages nobody applied");
      };
    },
  },
});
