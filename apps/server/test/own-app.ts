import { buildTestApp, type TestContext } from "./build-test-app.ts";

/**
 * Runs `use` on a test app of its own with `env`, for a test that needs other settings than
 * its file's app (a lower limit, no providers), and closes that app after, passed or failed.
 */
export async function withTestApp(
  env: Record<string, string>,
  use: (app: TestContext) => Promise<void>,
) {
  const app = await buildTestApp(env);
  try {
    await use(app);
  } finally {
    await app.close();
  }
}
