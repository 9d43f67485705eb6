// The walk both borders tests (apps/server/src, apps/web/src) make over their imports: one
// source reads which files a file imports and finds loops between areas, so the two checks
// cannot drift apart. Each test keeps its own rules of what may import what.

// Static imports and re-exports, side-effect imports and dynamic imports.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/**
 * The files that `file` (a path from the source root) imports by a relative specifier in
 * `text`, as paths from that root ("areas/help/index.ts"); packages left out.
 */
export function relativeImports(file, text) {
  return [...text.matchAll(SPECIFIER)].flatMap(([, specifier = ""]) => {
    if (!specifier.startsWith(".")) return [];
    const parts = file.split("/").slice(0, -1);
    for (const part of specifier.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    return [parts.join("/")];
  });
}

/** The area (areas/<name>/…) a path lies in, if any. */
export const areaOf = (path) => (path.startsWith("areas/") ? path.split("/")[1] : undefined);

/**
 * Every import that `breach(file, target)` forbids, as "file imports target: why"; none is the
 * rule.
 */
export function breaches(files, importsOf, breach) {
  return files.flatMap((file) =>
    importsOf(file).flatMap((target) => {
      const why = breach(file, target);
      return why ? [`${file} imports ${target}: ${why}`] : [];
    }),
  );
}

/** Every loop of imports between areas, as "a → b → a"; none is the rule. */
export function areaLoops(files, importsOf) {
  const uses = new Map();
  for (const file of files) {
    const from = areaOf(file);
    for (const to of importsOf(file).map(areaOf))
      if (from && to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
  }
  // Depth first: an area met again while its own uses are still being walked closes a loop.
  const loops = [];
  const done = new Set();
  const walk = (area, path) => {
    if (path.includes(area)) {
      loops.push([...path.slice(path.indexOf(area)), area].join(" → "));
      return;
    }
    if (done.has(area)) return;
    for (const next of uses.get(area) ?? []) walk(next, [...path, area]);
    done.add(area);
  };
  for (const area of uses.keys()) walk(area, []);
  return loops;
}
