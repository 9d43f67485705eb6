import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { rosterCsv, rosterZip, smallDistrict } from "../../../../test/roster-package.ts";
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

/**
 * A users.csv of 20,000 students (about 2 MB), large enough that the parser pushes back on the
 * inflater, with `edit` applied to its lines (the header is line 1).
 */
function largeUsers(edit: (lines: string[]) => void = () => {}) {
  const students = Array.from({ length: 20_000 }, (_, i) => ({
    sourcedId: `st-${i}`,
    enabledUser: "true",
    username: `student.${i}`,
    givenName: "Ann",
    familyName: `Avery ${i}`,
    email: `student.${i}@lakeside.example.org`,
    grades: "02",
  }));
  const lines = rosterCsv("users", students).split("\r\n");
  edit(lines);
  return zipSync({
    "manifest.csv": strToU8(`${MANIFEST.replace("file.orgs", "file.users")}`),
    "users.csv": strToU8(lines.join("\r\n")),
  });
}

describe("a malformed large file", () => {
  // Each must settle in well under the timeout: a file whose reading stopped early used to
  // leave the inflater waiting for a `drain` that never came, and the import queue behind it.
  const TIMEOUT = 20_000;
  const problemsOf = async (zip: Uint8Array) => {
    const read = await readPackage(zip, () => {});
    return read.problems;
  };

  it(
    "reads a valid one whole",
    async () => {
      let rows = 0;
      const read = await readPackage(largeUsers(), () => {
        rows++;
      });
      expect(read.problems).toEqual([]);
      expect(read.rows.users).toBe(20_000);
      expect(rows).toBe(20_000);
    },
    TIMEOUT,
  );

  // Lines are 0-based here, the problems' line numbers 1-based (the header is line 1).
  const oneWrongLine: [string, (lines: string[]) => void, number, string][] = [
    [
      "an extra column on line 3 within seconds",
      (lines) => {
        lines[2] += ",extra";
      },
      3,
      "Line 3 has 24 columns; the header has 23.",
    ],
    [
      "a missing column on line 3",
      (lines) => {
        lines[2] = (lines[2] as string).replace(/,[^,]*$/, "");
      },
      3,
      "Line 3 has 22 columns; the header has 23.",
    ],
    [
      "a renamed header",
      (lines) => {
        lines[0] = (lines[0] as string).replace("givenName", "firstName");
      },
      1,
      'Column 7 of the header is "firstName"; it must be "givenName".',
    ],
    [
      "a missing header",
      (lines) => {
        lines[0] = (lines[0] as string).replace(",pronouns", "");
      },
      1,
      'The header has no column 23, "pronouns".',
    ],
  ];
  it.each(oneWrongLine)(
    "tells %s",
    async (_name, edit, line, message) => {
      expect(await problemsOf(largeUsers(edit))).toEqual([{ file: "users.csv", line, message }]);
    },
    TIMEOUT,
  );

  it(
    "tells broken quoting by line, and an unclosed quote",
    async () => {
      const closing = largeUsers((lines) => {
        lines[2] = (lines[2] as string).replace(",Ann,", ',"Ann"x,');
      });
      const [problem, ...rest] = await problemsOf(closing);
      expect(rest).toEqual([]);
      expect(problem).toMatchObject({ file: "users.csv", line: 3 });
      expect(problem?.message).toMatch(/^users.csv is not valid CSV at line 3: /);
      const unclosed = largeUsers((lines) => {
        lines[2] = (lines[2] as string).replace(",Ann,", ',"Ann,');
      });
      const [open] = await problemsOf(unclosed);
      expect(open?.message).toMatch(/^users.csv is not valid CSV/);
    },
    TIMEOUT,
  );

  it(
    "tells bytes that are not UTF-8 far into the file",
    async () => {
      const zip = largeUsers((lines) => {
        lines[15_000] = `${lines[15_000]}\u0000`;
      });
      const bytes = unzipSync(zip);
      const users = bytes["users.csv"] as Uint8Array;
      users[users.indexOf(0)] = 0xff;
      expect(await problemsOf(zipSync(bytes))).toEqual([
        {
          file: "users.csv",
          line: null,
          message:
            "users.csv is not UTF-8 text; save it as CSV UTF-8 and export the package again.",
        },
      ]);
    },
    TIMEOUT,
  );

  it("tells an empty file", async () => {
    const zip = zipSync({
      "manifest.csv": strToU8(MANIFEST),
      "orgs.csv": new Uint8Array(0),
    });
    expect(await problemsOf(zip)).toEqual([
      { file: "orgs.csv", line: null, message: "orgs.csv is empty; it needs its header row." },
    ]);
  });
});
