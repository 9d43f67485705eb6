import { defineConfig } from "vitest/config";

/** Unit tests of the domain, API tests of the server and component tests of the web app. */
export default defineConfig({
  test: { projects: ["packages/domain", "apps/server", "apps/web"] },
});
