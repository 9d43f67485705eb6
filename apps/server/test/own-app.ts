import { afterAll, beforeAll } from "vitest";
import { appWithRoles } from "./authorization.ts";
import { buildTestApp, buildTestAppWithMail, type TestContext } from "./build-test-app.ts";

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

/**
 * The file's app, built before its tests and closed after them: `const ctx = testAppForFile()`
 * instead of a `let` set in beforeAll and closed in afterAll. Read in a test or a hook (a later
 * beforeAll too); read at the file's top level, before the app exists, it throws.
 */
export const testAppForFile = (...args: Parameters<typeof buildTestApp>) =>
  forFile(() => buildTestApp(...args));

/** The same, with a mail server (buildTestAppWithMail). */
export const mailAppForFile = (env?: Record<string, string>) =>
  forFile(() => buildTestAppWithMail(env));

/** The file's app and roleClients' world in it (appWithRoles), built and closed the same way. */
export function appWithRolesForFile(...args: Parameters<typeof appWithRoles>) {
  let built: Awaited<ReturnType<typeof appWithRoles>> | undefined;
  beforeAll(async () => {
    built = await appWithRoles(...args);
  });
  afterAll(() => built?.ctx.close());
  return { ctx: late(() => built?.ctx), world: late(() => built?.world) };
}

function forFile<T extends { close(): Promise<void> }>(build: () => Promise<T>): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built?.close());
  return late(() => built);
}

/** An object that stands for what `current` gives once the file's beforeAll has built it. */
function late<T extends object>(current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target)
        throw new Error("The file's app is built in beforeAll: read it in a test or hook");
      return Reflect.get(target, key);
    },
  });
}
