import { describe, expect, it } from "vitest";
import { areaLoops, breaches, relativeImports } from "../../../scripts/import-graph.mjs";

/**
 * Closed borders (issue 36): an area (areas/<name>) offers other areas only its entry file,
 * areas/<name>/index.ts, so its insides can change without breaking them; what several areas
 * share lives in lib/ or components/, which import no area; and only the app shell (app/, the
 * composition root, and main.tsx) imports app/ or an area's pages, so no import runs in a
 * circle between the shell and the areas.
 */
const sources = import.meta.glob<string>("./**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The files `file` imports, as paths from src/ ("areas/help/index.ts"); packages left out. */
const importsOf = (file: string) => relativeImports(file, sources[`./${file}`] ?? "");

const SHARED_ROOMS = ["lib", "components"];

/** Why `file` may not import `target`, or null when it may. */
function breach(file: string, target: string): string | null {
  const [room = "", area] = file.split("/");
  const [toRoom, toArea, ...inside] = target.split("/");
  const shared = SHARED_ROOMS.includes(room);
  if ((room === "areas" || shared) && toRoom === "app") return "the app shell";
  if (shared && toRoom === "areas") return "an area, from a room shared below the areas";
  if (room === "areas" && toRoom === "areas" && toArea !== area && inside.join("/") !== "index.ts")
    return "another area's insides, not its index.ts";
  return null;
}

const files = Object.keys(sources).map((key) => key.slice("./".length));

describe("the web app's borders", () => {
  it("reads every file's imports", () => {
    expect(importsOf("app/router.tsx")).toContain("areas/help/routes.tsx");
    expect(files.filter((file) => file.startsWith("areas/")).length).toBeGreaterThan(100);
  });

  it("keeps each area to the others' entry files, and the shared rooms and areas off app/", () => {
    expect(breaches(files, importsOf, breach)).toEqual([]);
  });

  it("has no loop between areas", () => {
    expect(areaLoops(files, importsOf)).toEqual([]);
  });
});
