import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** Unit tests of the domain, API tests of the server and component tests of the web app. */
export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web"],
    // Vitest keeps a core free for itself (one worker on two cores), but its main process only
    // waits here while the workers run PGlite: one worker per core ran the unit and API tests in
    // 120 s instead of 173 s on two cores. On PostgreSQL (TEST_DATABASE_URL, CI's way) a worker
    // also waits on the server's processes: one more worker than cores took the suite from 188 s
    // to 171 s on two cores (four workers, 161 s, made each test half again as slow as three).
    maxWorkers: availableParallelism() + (process.env.TEST_DATABASE_URL ? 1 : 0),
  },
});
