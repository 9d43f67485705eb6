import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { schools } from "../db/schema/index.ts";
import { csvFileRecords, importSchools, normalizeZip, parseCsv } from "./import-schools.ts";

const fixture = fileURLToPath(new URL("../../test/fixtures/nces-schools.csv", import.meta.url));
const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

async function collect(chunks: string[]) {
  async function* source() {
    yield* chunks;
  }
  const out: string[][] = [];
  for await (const record of parseCsv(source())) out.push(record);
  return out;
}

describe("parseCsv", () => {
  const text = '\uFEFFa,b,c\r\n1,"two, too","say ""hi"""\n"multi\nline",,last\n\n4,5,6';
  const expected = [
    ["a", "b", "c"],
    ["1", "two, too", 'say "hi"'],
    ["multi\nline", "", "last"],
    ["4", "5", "6"],
  ];

  it("reads quoted commas, doubled quotes, line breaks in quotes, CRLF, a BOM and blank lines", async () => {
    expect(await collect([text])).toEqual(expected);
  });

  it("gives the same records wherever the chunks split the text", async () => {
    for (let cut = 0; cut <= text.length; cut++) {
      expect(await collect([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    }
    expect(await collect([...text])).toEqual(expected);
  });
});

describe("normalizeZip", () => {
  it("keeps five digits, restores leading zeros and drops the +4", () => {
    expect(normalizeZip("97209")).toBe("97209");
    expect(normalizeZip("2134")).toBe("02134");
    expect(normalizeZip("97209-1234")).toBe("97209");
    expect(normalizeZip("")).toBeNull();
  });
});

describe("importSchools", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const imported = () =>
    ctx.db
      .select()
      .from(schools)
      .where(
        inArray(schools.ncesId, ["410000100001", "410000100002", "410000100003", "250000200001"]),
      )
      .orderBy(schools.ncesId);

  it("adds the directory's schools, upserts by NCES id and skips rows without one", async () => {
    const first = await importSchools(ctx.db, csvFileRecords(fixture));
    expect(first).toEqual({ added: 4, updated: 0, unchanged: 0, skipped: 1 });
    const rows = await imported();
    expect(rows.map((r) => [r.ncesId, r.name, r.city, r.state, r.zip])).toEqual([
      ["250000200001", "Harbor Light Elementary School", "Boston", "MA", "02134"],
      ["410000100001", "Fernwood Hollow Elementary", "Portland", "OR", "97209"],
      ["410000100002", "Quarry Ridge School, Upper Campus", "Portland", "OR", "97209"],
      ["410000100003", 'The "Little Red" Schoolhouse', "Portland", "OR", "97209"],
    ]);
    expect(rows.every((r) => r.id !== 1)).toBe(true);

    // The sign-up lookup finds them.
    const reply = await ctx.client().get("/support/schoolsByZip/97209");
    expect(reply.body.map((s: { name: string }) => s.name)).toEqual([
      "Fernwood Hollow Elementary",
      "Quarry Ridge School, Upper Campus",
      'The "Little Red" Schoolhouse',
      "My School Is Not Listed",
    ]);

    const again = await importSchools(ctx.db, csvFileRecords(fixture));
    expect(again).toEqual({ added: 0, updated: 0, unchanged: 4, skipped: 1 });
    expect(await imported()).toHaveLength(4);
  });

  it("updates a school whose name or address changed, in small batches too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "refrain-schools-"));
    const changed = join(dir, "changed.csv");
    writeFileSync(
      changed,
      readFileSync(fixture, "utf8").replace("Fernwood Hollow Elementary", "Fernwood Hollow School"),
    );
    const result = await importSchools(ctx.db, csvFileRecords(changed), 2);
    // Harbor Light is listed twice, in two batches of two: each writes its own name.
    expect(result).toEqual({ added: 0, updated: 3, unchanged: 2, skipped: 1 });
    const [row] = await ctx.db.select().from(schools).where(eq(schools.ncesId, "410000100001"));
    expect(row?.name).toBe("Fernwood Hollow School");
  });

  it("refuses a file without the directory's columns", async () => {
    const dir = mkdtempSync(join(tmpdir(), "refrain-schools-"));
    const wrong = join(dir, "wrong.csv");
    writeFileSync(wrong, "name,zip\nSomewhere,97201\n");
    await expect(importSchools(ctx.db, csvFileRecords(wrong))).rejects.toThrow(
      "The file has no NCESSCH, SCH_NAME, LCITY, LSTATE, LZIP column",
    );
  });
});

describe("npm run schools:import", () => {
  it("imports a file given relative to where the command was typed and prints the counts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "refrain-import-"));
    copyFileSync(fixture, join(dir, "directory.csv"));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["src/cli/import-schools.ts", "directory.csv"],
      {
        cwd: serverRoot,
        env: {
          ...process.env,
          INIT_CWD: dir,
          DATA_DIR: join(dir, "data"),
          DATABASE_URL: "",
          APP_SECRET: "import-test-secret-import-test-secret-0",
        },
      },
    );
    expect(stdout).toContain("4 added, 0 updated, 0 unchanged, 1 skipped.");
  }, 60_000);
});
