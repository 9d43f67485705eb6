import { describe, expect, it } from "vitest";
import {
  archiveProblems,
  compatibilityProblem,
  databasePath,
  formatBytes,
  isSafePath,
  type Manifest,
  parseManifest,
  parseStorePath,
  type SeenEntries,
  storePath,
} from "./manifest.ts";

const sum = (c: string) => c.repeat(64);
const manifest: Manifest = {
  format: "refrain-backup",
  version: 1,
  createdAt: "2026-05-01T10:00:00.000Z",
  app: { migrations: 2, latestMigration: "0001_b" },
  database: { kind: "pglite", path: databasePath("pglite") },
  secret: { path: "app-secret", source: "file" },
  stores: [
    { name: "files", files: 1, bytes: 10 },
    { name: "media", files: 0, bytes: 0 },
  ],
  leftOut: [],
  entries: [
    { path: "database/pglite-datadir.tar.gz", size: 100, sha256: sum("a") },
    { path: "stores/files/mail/1/report.txt", size: 10, sha256: sum("b") },
    { path: "app-secret", size: 43, sha256: sum("c") },
  ],
};
const seenOf = (m: Manifest): SeenEntries =>
  new Map(m.entries.map((e) => [e.path, { size: e.size, sha256: e.sha256 }]));

describe("a backup's manifest", () => {
  it("finds nothing wrong with an archive that matches it", () => {
    expect(archiveProblems(manifest, seenOf(manifest))).toEqual([]);
    expect(parseManifest(JSON.stringify(manifest))).toEqual({ manifest });
  });

  it("names every entry missing, changed, resized or unnamed, and every duplicate", () => {
    const seen = seenOf(manifest);
    seen.delete("app-secret");
    seen.set("stores/files/mail/1/report.txt", { size: 10, sha256: sum("f") });
    seen.set("database/pglite-datadir.tar.gz", { size: 99, sha256: sum("a") });
    seen.set("stores/media/extra", { size: 1, sha256: sum("d") });
    expect(archiveProblems(manifest, seen, ["stores/media/extra"])).toEqual([
      "stores/media/extra appears twice in the archive",
      "database/pglite-datadir.tar.gz has 99 bytes, the manifest says 100",
      "stores/files/mail/1/report.txt does not match its checksum",
      "app-secret is missing from the archive",
      "stores/media/extra is in the archive but not in the manifest",
    ]);
  });

  it("refuses paths that would leave their place, and parts no backup has", () => {
    const bad: Manifest = {
      ...manifest,
      stores: [{ name: "files", files: 3, bytes: 11 }],
      entries: [
        ...manifest.entries,
        { path: "stores/files/../../etc/passwd", size: 1, sha256: sum("e") },
        { path: "notes.txt", size: 0, sha256: sum("e") },
      ],
    };
    expect(archiveProblems(bad, seenOf(bad))).toEqual([
      "stores/files/../../etc/passwd is not a safe path",
      "notes.txt is not a part of a backup",
      "the store files should hold 3 files of 11 bytes",
    ]);
    const noDatabase = { ...manifest, entries: manifest.entries.slice(1) };
    noDatabase.stores = manifest.stores;
    expect(archiveProblems(noDatabase, seenOf(noDatabase))).toContain(
      "the manifest names no database/pglite-datadir.tar.gz",
    );
  });

  it("says which format it is not, and that a newer version made it", () => {
    expect(parseManifest("{")).toEqual({ problem: "manifest.json is not JSON" });
    expect(parseManifest('{"format":"zip"}')).toEqual({
      problem: "manifest.json is not a Refrain backup's",
    });
    expect(parseManifest(JSON.stringify({ ...manifest, version: 2 }))).toEqual({
      problem: expect.stringContaining("format version 2 is newer"),
    });
    expect(parseManifest(JSON.stringify({ ...manifest, entries: [{ path: "x" }] }))).toEqual({
      problem: expect.stringContaining("entries.0.size"),
    });
  });

  it("takes an older schema and refuses a newer one or another kind of database", () => {
    const shipped = ["0000_a", "0001_b", "0002_c"];
    expect(compatibilityProblem(manifest, { kind: "pglite", shippedMigrations: shipped })).toBe(
      null,
    );
    expect(
      compatibilityProblem(manifest, { kind: "pglite", shippedMigrations: ["0000_a"] }),
    ).toMatch(/migration 0001_b, which this version of Refrain does not have/);
    expect(
      compatibilityProblem(
        { ...manifest, app: { migrations: 2, latestMigration: "0001_other" } },
        { kind: "pglite", shippedMigrations: shipped },
      ),
    ).toMatch(/does not have/);
    expect(
      compatibilityProblem(manifest, { kind: "postgres", shippedMigrations: shipped }),
    ).toMatch(/PGlite database, but DATABASE_URL is set/);
  });

  it("keeps store paths and keys apart, and tells safe paths", () => {
    expect(parseStorePath(storePath("media", "recordings/1/video.mp4"))).toEqual({
      store: "media",
      key: "recordings/1/video.mp4",
    });
    expect(parseStorePath("stores/media/")).toBeNull();
    expect(parseStorePath("app-secret")).toBeNull();
    for (const path of ["a/b.txt", "deletion-ledger/3.json"]) expect(isSafePath(path)).toBe(true);
    for (const path of ["", "/etc/x", "a//b", "a/./b", "../a", "a\\b", "a\nb"])
      expect(isSafePath(path)).toBe(false);
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(4_500_000)).toBe("4.5 MB");
    expect(formatBytes(450_000_000)).toBe("450 MB");
  });
});
