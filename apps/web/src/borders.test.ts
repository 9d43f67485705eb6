import { describe, expect, it } from "vitest";

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

// Static imports and re-exports, side-effect imports and dynamic imports.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** The files `file` imports, as paths from src/ ("areas/help/index.ts"); packages left out. */
function importsOf(file: string): string[] {
  return [...(sources[`./${file}`] ?? "").matchAll(SPECIFIER)].flatMap(([, specifier = ""]) => {
    if (!specifier.startsWith(".")) return [];
    const parts = file.split("/").slice(0, -1);
    for (const part of specifier.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    return [parts.join("/")];
  });
}

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
const areaOf = (path: string) => (path.startsWith("areas/") ? path.split("/")[1] : undefined);

describe("the web app's borders", () => {
  it("reads every file's imports", () => {
    expect(importsOf("app/router.tsx")).toContain("areas/help/routes.tsx");
    expect(files.filter((file) => file.startsWith("areas/")).length).toBeGreaterThan(100);
  });

  it("keeps each area to the others' entry files, and the shared rooms and areas off app/", () => {
    const breaches = files.flatMap((file) =>
      importsOf(file).flatMap((target) => {
        const why = breach(file, target);
        return why ? [`${file} imports ${target}: ${why}`] : [];
      }),
    );
    expect(breaches).toEqual([]);
  });

  it("has no loop between areas", () => {
    const uses = new Map<string, Set<string>>();
    for (const file of files) {
      const from = areaOf(file);
      for (const to of importsOf(file).map(areaOf))
        if (from && to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
    }
    // Depth first: an area met again while its own uses are still being walked closes a loop.
    const loops: string[] = [];
    const done = new Set<string>();
    const walk = (area: string, path: string[]) => {
      if (path.includes(area)) {
        loops.push([...path.slice(path.indexOf(area)), area].join(" → "));
        return;
      }
      if (done.has(area)) return;
      for (const next of uses.get(area) ?? []) walk(next, [...path, area]);
      done.add(area);
    };
    for (const area of uses.keys()) walk(area, []);
    expect(loops).toEqual([]);
  });
});
