import { ensureDemoWorld } from "../src/demo/index.ts";
import { buildTestApp } from "./build-test-app.ts";

/** A test app whose database holds a freshly made demo world, as a first `npm run dev` makes it. */
export async function buildDemoApp() {
  const ctx = await buildTestApp();
  if (!(await ensureDemoWorld(ctx.db, ctx.config)))
    throw new Error("The demo world was there before it was made");
  return ctx;
}
