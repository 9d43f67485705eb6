import { type ImportPreview, ROSTER_PACKAGE_LIMITS, rosterImportMessages } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import {
  changeSentences,
  changesAnything,
  matchesChanged,
  matchNote,
  overwriteWords,
  packageFileProblem,
  proposedMatches,
  schoolChoices,
} from "./roster-import-view.ts";

const none = { create: 0, update: 0, deactivate: 0, unchanged: 0 };
const counts: ImportPreview["counts"] = {
  schools: { ...none, create: 2, update: 2 },
  teachers: { ...none, create: 9, update: 1 },
  classes: { ...none, create: 1 },
  students: { ...none, create: 200, unchanged: 4 },
  enrollments: { ...none, create: 214 },
};

type PackageSchool = ImportPreview["schools"][number];
const school = (sourcedId: string, schoolId: number | null, how: PackageSchool["how"]) => ({
  sourcedId,
  name: sourcedId,
  identifier: "",
  schoolId,
  how,
  teachers: 1,
  students: 10,
});
const preview = {
  schools: [school("a", 2, "name"), school("b", 3, "sourcedId"), school("c", null, "new")],
} as ImportPreview;

describe("packageFileProblem", () => {
  it("takes a .zip, or a file typed as one, up to the upload limit", () => {
    expect(packageFileProblem({ name: "Roster.ZIP", type: "", size: 10 })).toBeNull();
    expect(
      packageFileProblem({ name: "export", type: "application/x-zip-compressed", size: 10 }),
    ).toBeNull();
    expect(
      packageFileProblem({
        name: "roster.zip",
        type: "application/zip",
        size: ROSTER_PACKAGE_LIMITS.uploadBytes,
      }),
    ).toBeNull();
  });

  it("refuses another kind of file, and one past the limit, in the server's words", () => {
    expect(packageFileProblem({ name: "users.csv", type: "text/csv", size: 10 })).toBe(
      rosterImportMessages.notZip,
    );
    expect(
      packageFileProblem({
        name: "roster.zip",
        type: "application/zip",
        size: ROSTER_PACKAGE_LIMITS.uploadBytes + 1,
      }),
    ).toBe("The package is larger than 32 MB.");
  });
});

describe("changeSentences", () => {
  it("says what each kind of change does, in the entities' order, and when it does nothing", () => {
    expect(changeSentences(counts)).toEqual([
      "Creates 2 schools, 9 teachers, 1 class, 200 students and 214 enrollments.",
      "Updates 2 schools and 1 teacher.",
      "Deactivates nothing.",
    ]);
  });
});

describe("changesAnything", () => {
  it("is false only when every record is unchanged", () => {
    expect(changesAnything(counts)).toBe(true);
    const same = { ...none, unchanged: 3 };
    const unchanged = {
      schools: same,
      teachers: same,
      classes: same,
      students: same,
      enrollments: same,
    };
    expect(changesAnything(unchanged)).toBe(false);
    expect(changesAnything({ ...unchanged, students: { ...same, deactivate: 1 } })).toBe(true);
  });
});

describe("overwriteWords", () => {
  const edit = { student: "Zoey Patel", teacher: "Elena Rivera" };
  it("names the field as the roster page does, a level by its name, nothing as (none)", () => {
    expect(
      overwriteWords({ ...edit, field: "firstName", current: "Zoey", incoming: "Zoe" }),
    ).toEqual({ field: "First name", current: "Zoey", incoming: "Zoe" });
    expect(overwriteWords({ ...edit, field: "planId", current: "8", incoming: "7" })).toEqual({
      field: "Reading level",
      current: "Second Grade",
      incoming: "First Grade",
    });
    expect(
      overwriteWords({ ...edit, field: "parentEmail", current: "a@b.example", incoming: "" }),
    ).toEqual({ field: "Parent email", current: "a@b.example", incoming: "(none)" });
  });
});

describe("school matches", () => {
  it("starts from the preview's proposals, a new school as null", () => {
    expect(proposedMatches(preview)).toEqual({ a: 2, b: 3, c: null });
    expect(matchesChanged(preview, proposedMatches(preview))).toBe(false);
    expect(matchesChanged(preview, { a: null, b: 3, c: null })).toBe(true);
    expect(matchesChanged(preview, { a: 2, b: 3, c: 7 })).toBe(true);
  });

  it("offers a new school and every district school, those taken by another disabled", () => {
    const district = [
      { id: 2, name: "Maple Grove", sourced: false },
      { id: 3, name: "Cedar Hill", sourced: true },
      { id: 7, name: "Alder Creek", sourced: false },
    ];
    expect(schoolChoices(district, { a: 2, b: 3, c: null }, "a")).toEqual([
      { value: "new", label: "Create a new school" },
      { value: "2", label: "Maple Grove", disabled: false },
      { value: "3", label: "Cedar Hill", disabled: true },
      { value: "7", label: "Alder Creek", disabled: false },
    ]);
    expect(
      schoolChoices(district, { a: 2, b: 3, c: null }, "c").map(
        (c) => "disabled" in c && c.disabled,
      ),
    ).toEqual([false, true, true, false]);
  });

  it("says how each school came to its match, the admin's own choice included", () => {
    const [byName, linked, fresh] = preview.schools as [
      PackageSchool,
      PackageSchool,
      PackageSchool,
    ];
    expect(matchNote(byName, 2)).toBe("matched by name");
    expect(matchNote(byName, 7)).toBe("your choice");
    expect(matchNote(byName, null)).toBe("a new school");
    expect(matchNote(linked, 3)).toBe("linked by an earlier import");
    expect(matchNote(fresh, null)).toBe("a new school");
    expect(matchNote(fresh, 7)).toBe("your choice");
  });
});
