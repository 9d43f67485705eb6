import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { rosterZip, smallDistrict } from "../../../../test/roster-package.ts";
import { readPackage } from "./package-reader.ts";

const MANIFEST =
  "propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.orgs,bulk\n";

/** Rewrites every entry's stated unpacked size to `size`, as a ZIP bomb's headers lie. */
function lieAboutSizes(zip: Uint8Array, size: number) {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return out;
}

describe("reading a package", () => {
  it("hands every row of every listed file over, keyed by header, BOM dropped", async () => {
    const rows: string[] = [];
    const read = await readPackage(rosterZip(smallDistrict()), (file, line, values, mode) => {
      rows.push(`${file}:${line}:${values.sourcedId}:${mode}`);
    });
    expect(read.problems).toEqual([]);
    expect(read.rows).toMatchObject({ orgs: 3, users: 9, enrollments: 9 });
    expect(rows).toContain("orgs:2:d1:bulk");
    expect(rows).toContain("users:10:g-1:bulk");
  });

  it("stops a file that unpacks past the limit whatever its header says", async () => {
    const bomb = zipSync({
      "manifest.csv": strToU8(MANIFEST),
      "orgs.csv": new Uint8Array(8 * 1024 * 1024).fill(0x41),
    });
    const read = await readPackage(lieAboutSizes(bomb, 100), () => {}, {
      fileBytes: 1024 * 1024,
      unpackedBytes: 4 * 1024 * 1024,
    });
    expect(read.problems).toEqual([
      { file: "orgs.csv", line: null, message: "orgs.csv unpacks to more than 1 MB." },
    ]);
  });

  it("tells a row with the wrong number of columns and a broken quote by line", async () => {
    const header = "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n";
    const short = zipSync({
      "manifest.csv": strToU8(MANIFEST),
      "orgs.csv": strToU8(`${header}o1,,,Oak,school,\n`),
    });
    expect((await readPackage(short, () => {})).problems).toEqual([
      { file: "orgs.csv", line: 2, message: "Line 2 has 6 columns; the header has 7." },
    ]);
    const quote = zipSync({
      "manifest.csv": strToU8(MANIFEST),
      "orgs.csv": strToU8(`${header}o1,,,"Oak,school,,\n`),
    });
    const [problem] = (await readPackage(quote, () => {})).problems;
    expect(problem?.message).toMatch(/^orgs.csv is not valid CSV/);
  });
});
