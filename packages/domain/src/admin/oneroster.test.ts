import { describe, expect, it } from "vitest";
import { headerProblem, levelOfGrade, ONEROSTER_HEADERS, readManifest } from "./oneroster.ts";
import { readRow } from "./oneroster-rows.ts";
import { csvCell, csvLine } from "./roster-import.ts";

const row = (file: keyof typeof ONEROSTER_HEADERS, values: Record<string, string>) =>
  Object.fromEntries(ONEROSTER_HEADERS[file].map((h) => [h, values[h] ?? ""]));

describe("headers", () => {
  it("takes the binding's columns in order, then metadata columns", () => {
    expect(headerProblem("orgs", [...ONEROSTER_HEADERS.orgs])).toBeNull();
    expect(headerProblem("orgs", [...ONEROSTER_HEADERS.orgs, "metadata.nces"])).toBeNull();
  });

  it("names the first column out of place, misspelt, miscased, missing or extra", () => {
    const orgs = [...ONEROSTER_HEADERS.orgs];
    const swapped = [orgs[0], orgs[2], orgs[1], ...orgs.slice(3)] as string[];
    expect(headerProblem("orgs", swapped)).toBe(
      'Column 2 of the header is "dateLastModified"; it must be "status".',
    );
    expect(
      headerProblem(
        "orgs",
        orgs.map((h) => (h === "name" ? "Name" : h)),
      ),
    ).toBe('Column 4 of the header is "Name"; it must be "name" (headers are case-sensitive).');
    expect(headerProblem("orgs", orgs.slice(0, 5))).toBe(
      'The header has no column 6, "identifier".',
    );
    expect(headerProblem("orgs", [...orgs, "nces"])).toMatch(/"nces" is not part of OneRoster 1.2/);
  });
});

describe("the manifest", () => {
  const base = [
    ["manifest.version", "1.0"],
    ["oneroster.version", "1.2"],
  ];
  it("reads each file's mode; unlisted files are absent", () => {
    const { manifest, problems } = readManifest([
      ...base,
      ["file.users", "bulk"],
      ["file.enrollments", "delta"],
      ["file.results", "bulk"],
      ["source.systemName", "SIS"],
    ]);
    expect(problems).toEqual([]);
    expect(manifest.modes).toEqual({ users: "bulk", enrollments: "delta" });
    expect(manifest.passedOver).toEqual(["results.csv"]);
  });

  it("refuses another OneRoster version, a bad mode and an unknown file", () => {
    const { problems } = readManifest([
      ["manifest.version", "1.0"],
      ["oneroster.version", "1.1"],
      ["file.users", "full"],
      ["file.pets", "bulk"],
    ]);
    expect(problems).toEqual([
      "The manifest says oneroster.version 1.1; only OneRoster 1.2 packages are read.",
      'The manifest says file.users is "full"; it must be bulk, delta or absent.',
      "The manifest names file.pets, which is not a OneRoster 1.2 file.",
    ]);
  });
});

describe("rows", () => {
  /** A user row with nothing wrong but what a test sets. */
  const ADA = { sourcedId: "u1", enabledUser: "true", givenName: "Ada", familyName: "Lovelace" };

  it("reads a user, its lists and grades", () => {
    const read = readRow(
      "users",
      row("users", {
        sourcedId: "u1",
        enabledUser: "true",
        givenName: " Ada ",
        familyName: "Lovelace",
        agentSourcedIds: "g1, g2",
        grades: "02",
        password: "secret",
      }),
      "bulk",
    );
    expect(read.problems).toEqual([]);
    expect(read.status).toBe("active");
    expect(read.record).toEqual({
      sourcedId: "u1",
      enabled: true,
      username: "",
      givenName: "Ada",
      familyName: "Lovelace",
      email: "",
      agentSourcedIds: ["g1", "g2"],
      grades: ["02"],
      primaryOrgSourcedId: "",
    });
    // The package's password is never read.
    expect(JSON.stringify(read.record)).not.toContain("secret");
  });

  it("tells every problem of a row at once, and gives no record for an error", () => {
    const read = readRow(
      "users",
      row("users", { enabledUser: "yes", givenName: "=HYPERLINK(1)", email: "nope" }),
      "bulk",
    );
    expect(read.record).toBeNull();
    expect(read.problems.map((p) => p.field)).toEqual([
      "sourcedId",
      "email",
      "enabledUser",
      "givenName",
      "familyName",
    ]);
    expect(read.problems.find((p) => p.field === "givenName")?.message).toMatch(
      /^givenName starts with "=", which spreadsheets run as a formula/,
    );
  });

  it.each(["ada@lakeside.example.org", "ada.lovelace+2@lakeside.example.org"])(
    "takes the address %s",
    (email) => {
      const read = readRow("users", row("users", { ...ADA, email }), "bulk");
      expect(read.problems).toEqual([]);
    },
  );

  // The rule of every other address an account gets (email.ts): a display name, a group or a
  // list would aim the invitation at someone other than the address shown.
  it.each([
    "nope",
    "ada@lakeside",
    "x<victim@school.org>",
    "g:victim@school.org;",
    "a@b.org,c@d.org",
  ])("refuses the address %s", (email) => {
    const read = readRow("users", row("users", { ...ADA, email }), "bulk");
    expect(read.problems).toEqual([
      {
        field: "email",
        message: `email "${email}" is not an email address.`,
        severity: "error",
      },
    ]);
  });

  it("wants status and dateLastModified in a delta file only", () => {
    const org = row("orgs", { sourcedId: "o1", name: "Oak", type: "school" });
    expect(readRow("orgs", org, "bulk").problems).toEqual([]);
    expect(readRow("orgs", org, "delta").problems.map((p) => p.field)).toEqual([
      "status",
      "dateLastModified",
    ]);
    const deleted = readRow(
      "orgs",
      { ...org, status: "tobedeleted", dateLastModified: "2026-10-01T10:00:00.000Z" },
      "delta",
    );
    expect(deleted).toMatchObject({ status: "tobedeleted", problems: [] });
  });

  it("names a bad enum's allowed values, and passes over an unknown grade with a warning", () => {
    const klass = readRow(
      "classes",
      row("classes", {
        sourcedId: "k1",
        title: "Room 4",
        grades: "02,Z9",
        courseSourcedId: "c1",
        classType: "lecture",
        schoolSourcedId: "s1",
      }),
      "bulk",
    );
    expect(klass.problems).toEqual([
      {
        field: "grades",
        severity: "warning",
        message: 'grade "Z9" is not a CEDS grade code; it is passed over.',
      },
      {
        field: "classType",
        severity: "error",
        message: 'classType "lecture" is not one of homeroom, scheduled.',
      },
    ]);
  });
});

describe("levels from grades", () => {
  it("maps pre-K and K to Kindergarten, 1–5 to their own, older to Fifth, ungraded to none", () => {
    expect(
      ["PK", "KG", "01", "05", "06", "12", "UG", "Other", undefined].map(levelOfGrade),
    ).toEqual([6, 6, 7, 11, 11, 11, null, null, null]);
  });
});

describe("CSV cells in exports", () => {
  it("quotes what must be quoted and defuses what a spreadsheet would run", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2+3,x")).toBe('"\'-2+3,x"');
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});
