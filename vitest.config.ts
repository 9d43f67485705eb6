import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** Unit tests of the domain, API tests of the server and component tests of the web app. */
export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web"],
    // Vitest keeps a core free for itself (one worker on two cores), but its main process only
    // waits here while the workers run PGlite: one worker per core ran the unit and API tests in
    // 120 s instead of 173 s on two cores.
    maxWorkers: availableParallelism(),
  },
});
