import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The API project's settings, also those of CI's PGlite pass (test/pglite-too.ts). */
export const apiTest = {
  name: "api",
  root: fileURLToPath(new URL(".", import.meta.url)),
  include: ["src/**/*.test.ts"],
  globalSetup: ["test/global-setup.ts"],
  setupFiles: ["test/helper-priority.ts", "test/one-query-at-a-time.ts"],
  // Every file builds its own app on its own copy of the template database, so files need no
  // fresh module registry each: importing the whole server once per worker instead of once per
  // file took the suite from about 360 s to 150 s on two cores.
  isolate: false,
  // A limit for a test that hangs, not a speed check (bench/ measures speed): in CI three
  // workers and the container build share two cores, and a test there took up to 11 times
  // its quiet time (a transcode's 1.6 s took 18.5).
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({ test: apiTest });
