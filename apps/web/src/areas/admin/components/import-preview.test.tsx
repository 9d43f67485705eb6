import type { ImportPreview } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup as render } from "../../../components/static-markup.tsx";
import { ImportCountsTable } from "./import-preview.tsx";
import { SchoolMatches } from "./school-matches.tsx";

const none = { create: 0, update: 0, deactivate: 0, unchanged: 0 };
const counts: ImportPreview["counts"] = {
  schools: { ...none, create: 2, update: 2 },
  teachers: { ...none, create: 9, update: 3 },
  classes: { ...none, create: 14 },
  students: { ...none, create: 1200, deactivate: 5, unchanged: 40 },
  enrollments: { ...none, create: 214 },
};

/** A table row's cells as text, by the row's header. */
function rowOf(html: string, title: string): string[] {
  const row = html.match(new RegExp(`<tr[^>]*><th[^>]*>${title}</th>(.*?)</tr>`))?.[1] ?? "";
  return [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1] as string);
}

describe("ImportCountsTable", () => {
  it("has a row per kind of record and a column per change, in that order", () => {
    const html = render(<ImportCountsTable counts={counts} />);
    expect([...html.matchAll(/<th[^>]*scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1])).toEqual([
      "Records",
      "Create",
      "Update",
      "Deactivate",
      "Unchanged",
    ]);
    expect(rowOf(html, "Schools")).toEqual(["2", "2", "0", "0"]);
    expect(rowOf(html, "Teachers")).toEqual(["9", "3", "0", "0"]);
    expect(rowOf(html, "Students")).toEqual(["1,200", "0", "5", "40"]);
    expect(rowOf(html, "Enrollments")).toEqual(["214", "0", "0", "0"]);
  });
});

describe("SchoolMatches", () => {
  const schools: ImportPreview["schools"] = [
    {
      sourcedId: "s1",
      name: "Maple Grove Elementary",
      identifier: "RB001",
      schoolId: 2,
      how: "name",
      teachers: 3,
      students: 47,
    },
    {
      sourcedId: "s2",
      name: "Willow Bend Elementary",
      identifier: "RB003",
      schoolId: null,
      how: "new",
      teachers: 1,
      students: 69,
    },
    {
      sourcedId: "s3",
      name: "Cedar Hill Elementary",
      identifier: "RB002",
      schoolId: 3,
      how: "sourcedId",
      teachers: 3,
      students: 55,
    },
  ];
  const districtSchools = [
    { id: 2, name: "Maple Grove Elementary", sourced: false },
    { id: 3, name: "Cedar Hill Elementary", sourced: true },
  ];

  it("shows each package school with the choice it starts with, and how it was matched", () => {
    const html = render(
      <SchoolMatches
        schools={schools}
        districtSchools={districtSchools}
        matches={{ s1: 2, s2: null, s3: 3 }}
        onChange={() => undefined}
      />,
    );
    const inputs = [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);
    const shownValue = (input: string | undefined) => input?.match(/value="([^"]*)"/)?.[1];
    const visible = inputs.filter((input) => !input.includes('type="hidden"'));
    expect(visible.map(shownValue)).toEqual([
      "Maple Grove Elementary",
      "Create a new school",
      "Cedar Hill Elementary",
    ]);
    // A school an earlier import linked stays linked: the server keeps it whatever is sent.
    expect(visible.map((input) => /readonly/i.test(input))).toEqual([false, false, true]);
    expect(html).toContain("3 teachers, 47 students · matched by name");
    expect(html).toContain("1 teacher, 69 students · a new school");
    expect(html).toContain("linked by an earlier import");
  });
});
