import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { areaLoops, areaOf, breaches, relativeImports } from "../../../scripts/import-graph.mjs";

/**
 * Closed borders (issue 36, docs/architecture.md): an area (areas/<name>) offers the rest of the
 * server only its entry file, areas/<name>/index.ts, so its insides can change without breaking
 * anyone. What several areas share sits below them (core/, db/, adapters/, plugins/, catalog/,
 * demo/plan/ and the files at the top of src/) and imports no area. The composition roots (app.ts, jobs/,
 * main.ts, the worker, ops/, demo/ and cli/) put the areas together: they may import an area's
 * entry file, and nothing below them imports them back, so no import runs in a circle between
 * them and the areas. Tests follow the rules of their folder, but may build the whole app (a
 * composition root) and call any area through its entry file.
 */
const src = import.meta.dirname;

const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter(
  (file) => /\.tsx?$/.test(file) && !file.includes("migrations/"),
);

/** The files `file` imports, as paths from src/ ("areas/help/index.ts"); packages left out. */
function importsOf(file: string): string[] {
  // Outside src/ (the tests' helpers in ../test): not the server's own layout.
  return relativeImports(file, readFileSync(join(src, file), "utf8")).filter(
    (path) => path !== "" && !path.startsWith(".."),
  );
}

const COMPOSITION_ROOTS = ["app.ts", "main.ts", "worker.ts", "worker-http.ts"];
const COMPOSITION_ROOMS = ["jobs", "ops", "demo", "cli"];

type Place = "area" | "composition" | "below";

function placeOf(path: string): Place {
  if (path.startsWith("areas/")) return "area";
  if (path.startsWith("demo/plan/")) return "below";
  const room = path.split("/")[0] ?? "";
  if (COMPOSITION_ROOTS.includes(path) || COMPOSITION_ROOMS.includes(room)) return "composition";
  return "below";
}

const isEntry = (path: string) => /^areas\/[^/]+\/index\.ts$/.test(path);
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** Why `file` may not import `target`, or null when it may. */
function breach(file: string, target: string): string | null {
  const from = placeOf(file);
  const to = placeOf(target);
  if (to === "composition" && from !== "composition" && !isTest(file))
    return "a composition root, from below it";
  if (to !== "area" || areaOf(file) === areaOf(target)) return null;
  // A test may call any area through its entry file: it checks the product, not the layers.
  if (from === "below" && !(isTest(file) && isEntry(target)))
    return "an area, from a room shared below the areas";
  if (!isEntry(target)) return "another area's insides, not its index.ts";
  return null;
}

describe("the server's borders", () => {
  it("reads every file's imports", () => {
    expect(importsOf("app.ts")).toContain("areas/help/index.ts");
    expect(files.filter((file) => file.startsWith("areas/")).length).toBeGreaterThan(200);
  });

  it("tells a breach from a lawful import", () => {
    expect(breach("areas/roster/service.ts", "areas/privacy/erase.ts")).toMatch(/insides/);
    expect(breach("areas/roster/service.ts", "areas/privacy/index.ts")).toBeNull();
    expect(breach("areas/roster/service.ts", "areas/roster/groups.ts")).toBeNull();
    expect(breach("core/access.ts", "areas/roster/index.ts")).toMatch(/below/);
    expect(breach("areas/privacy/erase.ts", "jobs/index.ts")).toMatch(/composition/);
    expect(breach("core/context.ts", "app.ts")).toMatch(/composition/);
    expect(breach("areas/fluency/restart.test.ts", "jobs/index.ts")).toBeNull();
    expect(breach("core/access.test.ts", "areas/reports/index.ts")).toBeNull();
    expect(breach("core/access.test.ts", "areas/reports/graphs.ts")).toMatch(/below/);
    expect(breach("app.ts", "areas/account/routes.ts")).toMatch(/insides/);
    expect(breach("jobs/queues.ts", "areas/fluency/index.ts")).toBeNull();
    expect(breach("areas/admin/routes.ts", "demo/plan/world.ts")).toBeNull();
    expect(breach("areas/admin/routes.ts", "demo/index.ts")).toMatch(/composition/);
  });

  it("keeps each area to the others' entry files, and everything below off the areas and the roots", () => {
    expect(breaches(files, importsOf, breach)).toEqual([]);
  });

  it("has no loop between areas", () => {
    expect(areaLoops(files, importsOf)).toEqual([]);
  });
});
