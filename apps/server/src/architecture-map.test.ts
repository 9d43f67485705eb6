import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md and CONTRIBUTING.md are the map a newcomer reads first: this keeps them
 * true. Every file or folder they name in backticks exists, and their list of areas is the
 * areas of the server, the web app and the domain, each of which has all of them.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

/** Where a path the documents name relative to a part of the code may start. */
const BASES = [
  "",
  "apps/server/src/",
  "apps/server/src/areas/",
  "apps/server/",
  "apps/web/src/",
  "packages/domain/src/",
  "docs/",
];

/** The backticked names that look like a repository path: a folder, or a file's extension. */
function namedPaths(text: string): string[] {
  return (
    [...text.matchAll(/`([^`\s]+)`/g)]
      .map(([, name]) => (name ?? "").replace(/[),.:;]+$/, ""))
      .filter((name) => /^[\w.-]+(\/[\w.-]*)*$/.test(name))
      // Inside the repository: a clone has nothing beside it to check.
      .filter((name) => name.includes("/") && !name.startsWith("/") && !name.startsWith(".."))
      .filter((name) => /\.(ts|tsx|md|json|mjs|sh|yaml)$|\/$/.test(name) || !name.includes("."))
      // Placeholders (`<area>`), URLs and settings (`DATA_DIR/pg`) are not paths.
      .filter((name) => !/[<>]|^https?:|^[A-Z_]+\//.test(name))
  );
}

const missing = (names: string[]) =>
  names.filter((name) => !BASES.some((base) => existsSync(`${root}${base}${name}`)));

describe("the map in the repository", () => {
  for (const doc of ["docs/architecture.md", "CONTRIBUTING.md"]) {
    it(`${doc} names only paths that exist`, () => {
      const names = namedPaths(read(doc));
      expect(names.length).toBeGreaterThan(10);
      expect(missing(names)).toEqual([]);
    });
  }

  it("lists the areas there are, the same in the server, the web app and the domain", () => {
    const listed =
      read("docs/architecture.md").match(/areas are the same words[\s\S]*?: (`[^.]*)\./)?.[1] ?? "";
    const areas = [...listed.matchAll(/`([a-z]+)`/g)].map(([, a]) => a).sort();
    const folders = (path: string) =>
      readdirSync(`${root}${path}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    expect(areas).toEqual(folders("apps/server/src/areas"));
    expect(areas).toEqual(folders("apps/web/src/areas"));
    for (const area of areas)
      expect(
        existsSync(`${root}packages/domain/src/${area}.ts`) ||
          existsSync(`${root}packages/domain/src/${area}`),
        `packages/domain/src/${area}`,
      ).toBe(true);
  });

  it("can fail: a path that does not exist is reported", () => {
    expect(missing(namedPaths("see `apps/server/src/no-such-module.ts`"))).toEqual([
      "apps/server/src/no-such-module.ts",
    ]);
  });
});
