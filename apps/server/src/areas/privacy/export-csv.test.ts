import { describe, expect, it } from "vitest";
import { csvOf } from "./export-zip.ts";

describe("the export's CSV files", () => {
  it("quotes every field and escapes text a spreadsheet would run as a formula", () => {
    const csv = csvOf({
      name: "account",
      title: "Account",
      columns: ["firstName", "lastName", "note", "score", "at"],
      rows: [
        {
          firstName: '=HYPERLINK("http://evil.example","Cleo")',
          lastName: "+Park",
          note: "-1 @home",
          score: -3,
          at: new Date("2026-11-20T10:00:00Z"),
        },
        { firstName: "@Ana", lastName: "\tDiaz", note: "Ana-Maria = fine", score: 2, at: null },
      ],
    });
    expect(csv.split("\r\n")).toEqual([
      '"firstName","lastName","note","score","at"',
      `"'=HYPERLINK(""http://evil.example"",""Cleo"")","'+Park","'-1 @home","-3","2026-11-20T10:00:00.000Z"`,
      `"'@Ana","'\tDiaz","Ana-Maria = fine","2",""`,
      "",
    ]);
  });
});
