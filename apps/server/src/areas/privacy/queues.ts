import { fileStore, mediaStore } from "../../adapters/storage.ts";
import {
  type AreaQueues,
  HOUR,
  ONE_AT_A_TIME,
  SWEEP_OPTIONS,
  twoMoreTries,
} from "../../core/jobs.ts";
import { erasureStores, pendingLedgerIds, removeErasedFiles } from "./erase.ts";
import { removeSpentExports } from "./export.ts";
import { buildStudentExport } from "./export-zip.ts";
import { runRetention } from "./retention.ts";

declare module "../../core/jobs.ts" {
  interface JobData {
    /** Daily: recordings' media past retention, old outbox mail (areas/privacy/retention.ts). */
    "privacy-retention": Record<string, never>;
    /**
     * The files of one erased person (a deletion ledger row), or, empty, the hourly sweep that
     * queues every row whose files are not all gone yet: areas/privacy/erase.ts.
     */
    "privacy-erase": { ledgerId?: number };
    /** One student's export to build: areas/privacy/export-zip.ts. */
    "privacy-export": { exportId: number };
    /** Hourly: files of expired or downloaded exports go (areas/privacy/export.ts). */
    "privacy-export-cleanup": Record<string, never>;
  }
}

/** Privacy's queues: retention, the erased files' removal, and students' exports. */
export const privacyQueues: AreaQueues<
  "privacy-retention" | "privacy-erase" | "privacy-export" | "privacy-export-cleanup"
> = (tuning, schedules) => ({
  "privacy-retention": {
    // Daily, early morning UTC by default (config.ts): once across all servers and workers.
    // Abandoned uploads have their own hourly job above.
    cron: schedules?.RETENTION_CRON,
    options: {
      retryLimit: 2,
      retryDelay: 15 * 60,
      expireInSeconds: HOUR,
      deleteAfterSeconds: HOUR,
    },
    handler: ({ db, config, log }) => {
      const deps = {
        db,
        config,
        log,
        stores: erasureStores({
          media: mediaStore(config),
          storage: fileStore(config),
          config,
        }),
      };
      return async () => {
        await runRetention(deps, new Date());
      };
    },
  },
  "privacy-erase": {
    // An erased person's files must go: a store that is away (a bucket's outage, a file held
    // open) is tried again with backoff for about a day, and the hourly sweep queues whatever
    // is still pending after that, for as long as it takes.
    cron: "45 * * * *",
    options: {
      retryLimit: 12,
      retryDelay: tuning.eraseRetryDelaySeconds ?? 60,
      retryBackoff: true,
      retryDelayMax: 4 * HOUR,
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: HOUR,
    },
    handler: ({ db, config, log, send }) => {
      const stores = erasureStores({
        media: mediaStore(config),
        storage: fileStore(config),
        config,
      });
      return async ({ ledgerId }) => {
        if (ledgerId !== undefined) return removeErasedFiles({ db, stores }, ledgerId);
        const pending = await pendingLedgerIds(db);
        for (const id of pending) await send("privacy-erase", { ledgerId: id });
        if (pending.length > 0)
          log.warn({ ledgerRows: pending.length }, "queued erased files still present again");
      };
    },
  },
  "privacy-export": {
    // A couple of tries: a failure on the last one marks the export failed for the page, and
    // the person asks again. One at a time per worker, since it streams media off the store.
    options: twoMoreTries(30 * 60),
    work: ONE_AT_A_TIME,
    handler: ({ db, config, log }) => {
      const media = mediaStore(config);
      return (data, run) => buildStudentExport({ db, media, config, log }, data.exportId, run);
    },
  },
  "privacy-export-cleanup": {
    // Hourly, so an export's file outlives its EXPORT_LINK_HOURS by an hour at most.
    cron: "45 * * * *",
    options: SWEEP_OPTIONS,
    handler: ({ db, config, log }) => {
      const media = mediaStore(config);
      return async () => {
        const n = await removeSpentExports(db, media);
        if (n > 0) log.info({ exports: n }, "removed spent student exports");
      };
    },
  },
});
