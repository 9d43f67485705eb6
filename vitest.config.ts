import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { PGLITE_TOO } from "./apps/server/test/pglite-too.ts";
import { apiTest } from "./apps/server/vitest.config.ts";

/** Unit tests of the domain, API tests of the server and component tests of the web app. */
export default defineConfig({
  test: {
    projects: [
      "packages/domain",
      "apps/server",
      "apps/web",
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...apiTest, name: PGLITE_TOO.project, include: PGLITE_TOO.files } }]
        : []),
    ],
    // Vitest keeps a core free for itself (one worker on two cores), but its main process only
    // waits here while the workers run PGlite: one worker per core ran the unit and API tests in
    // 120 s instead of 173 s on two cores. One more fills the time the others wait on PostgreSQL,
    // ffmpeg, a helper program or a timer: the API suite on PostgreSQL took 218 s and 414 busy
    // core-seconds with three workers on two cores, 259 s and 437 with two.
    maxWorkers: availableParallelism() + 1,
  },
});
