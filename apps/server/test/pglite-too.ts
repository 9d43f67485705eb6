/**
 * With TEST_DATABASE_URL set (CI sets it), the API suite runs on PostgreSQL, and these files run
 * once more on PGlite, as a project of their own in the same Vitest run (vitest.config.ts): they
 * test what the server does one way per engine (backup and restore, ops/make-backup.ts; the job
 * queue's PGlite backend, jobs/index.ts), or run only there (the cluster, which brings its own
 * PostgreSQL). The rest of the PGlite path is the journeys' and the first run's, whose server is
 * on PGlite, and every run without TEST_DATABASE_URL. In a Vitest run of their own after the
 * suite they took 77-90 s of CI; beside the suite's files they fill its workers' idle time.
 */
export const PGLITE_TOO = {
  project: "api-pglite",
  files: [
    "src/ops/backup.test.ts",
    "src/jobs/index.test.ts",
    "src/areas/fluency/restart.test.ts",
    "src/cluster.test.ts",
  ],
};
