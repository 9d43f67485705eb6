import { describe, expect, it } from "vitest";
import { rosterMessages } from "../roster.ts";
import {
  CLASS_LIST_ROW,
  checkClassList,
  classListErrors,
  classListFileProblem,
  classListMessages,
  classListRowErrors,
  readClassList,
  readingLevelOf,
} from "./class-list.ts";

const cellsOf = (text: string) => readClassList(text).rows.map((r) => r.cells);

const row = (over: Partial<Record<string, string>> = {}) => ({
  firstname: "Ana",
  lastname: "Diaz",
  username: "",
  level: "",
  parent_email: "",
  ...over,
});

const classmate = (username: string, firstname = "Zed", lastname = "Zulu", planid = 8) => ({
  username,
  firstname,
  lastname,
  planid,
});

describe("readClassList", () => {
  it("reads a spreadsheet's copy (tabs) without a header as first, last, username, level, e-mail", () => {
    const list = readClassList("Ana\tDiaz\tanad\t2nd\tmom@example.org\nBen\tOkoro\n");
    expect(list.header).toBeNull();
    expect(list.rows).toEqual([
      {
        line: 1,
        source: "Ana\tDiaz\tanad\t2nd\tmom@example.org",
        cells: {
          firstname: "Ana",
          lastname: "Diaz",
          username: "anad",
          level: "2nd",
          parent_email: "mom@example.org",
        },
      },
      {
        line: 2,
        source: "Ben\tOkoro",
        cells: row({ firstname: "Ben", lastname: "Okoro" }),
      },
    ]);
  });

  it("goes by a header row's names, in any order and case, leaving unknown columns out", () => {
    const list = readClassList(
      "Student ID,Last Name,FIRST NAME,Grade,Parent E-mail,User Name\r\n7,Diaz,Ana,K,mom@example.org,anad\r\n",
    );
    expect(list.header).toBe("Student ID,Last Name,FIRST NAME,Grade,Parent E-mail,User Name");
    expect(list.rows.map((r) => r.cells)).toEqual([
      {
        firstname: "Ana",
        lastname: "Diaz",
        username: "anad",
        level: "K",
        parent_email: "mom@example.org",
      },
    ]);
    expect(readClassList("Given name;Surname\nAna;Diaz").rows[0]?.cells).toEqual(row());
  });

  it("does not take a first row of students for a header, even one with a level name in it", () => {
    expect(readClassList("First,Lee,,First").header).toBeNull();
    expect(cellsOf("First,Lee,,First")[0]).toMatchObject({ firstname: "First", level: "First" });
  });

  it("keeps commas, quotes and line breaks inside quoted cells (RFC 4180)", () => {
    const text = 'Ana,"Diaz, Jr."\n"Ben ""Benny""",Okoro\n  "Cleo\nMay", Park \n';
    expect(cellsOf(text)).toEqual([
      row({ lastname: "Diaz, Jr." }),
      row({ firstname: 'Ben "Benny"', lastname: "Okoro" }),
      row({ firstname: "Cleo\nMay", lastname: "Park" }),
    ]);
    // A row that spans lines keeps its first line and its whole text.
    expect(readClassList(text).rows[2]).toMatchObject({ line: 3, source: '  "Cleo\nMay", Park ' });
  });

  it("reads semicolons where they separate more than commas do, and tabs before either", () => {
    expect(cellsOf("Ana;Diaz, Jr.;anad")).toEqual([
      row({ lastname: "Diaz, Jr.", username: "anad" }),
    ]);
    expect(cellsOf("Ana\tDiaz, Jr.; Esq.")).toEqual([row({ lastname: "Diaz, Jr.; Esq." })]);
  });

  it("drops a UTF-8 byte order mark and skips blank lines", () => {
    const list = readClassList("\uFEFFFirst Name,Last Name\n\n  \nAna,Diaz\n,\n");
    expect(list.header).toBe("First Name,Last Name");
    expect(list.rows).toEqual([{ line: 4, source: "Ana,Diaz", cells: row() }]);
    expect(readClassList("").rows).toEqual([]);
  });

  it("keeps names that start like a formula as typed", () => {
    expect(cellsOf("=Ana,+Diaz,@ana,,-x@example.org")[0]).toMatchObject({
      firstname: "=Ana",
      lastname: "+Diaz",
      username: "@ana",
      parent_email: "-x@example.org",
    });
  });
});

describe("readingLevelOf", () => {
  it.each([
    ["6", 6],
    ["11", 11],
    ["Kindergarten", 6],
    ["k", 6],
    ["Grade K", 6],
    ["0", 6],
    ["First", 7],
    ["1st", 7],
    ["1", 7],
    ["First Grade", 7],
    ["1st grade", 7],
    ["Second Grade", 8],
    ["grade 2", 8],
    ["THIRD", 9],
    ["4th Grade", 10],
    ["Fifth Grade", 11],
    ["5", 11],
  ])("reads %s as plan %i", (cell, planId) => {
    expect(readingLevelOf(cell)).toBe(planId);
  });

  it.each(["12", "Grade 6", "sixth", "Benchmark Passages", "easy", "1.5"])(
    "names no student level in %s",
    (cell) => {
      expect(readingLevelOf(cell)).toBeNull();
    },
  );
});

describe("checkClassList", () => {
  it("passes good rows, making up free usernames and giving blank levels the class's most common", () => {
    const classmates = [classmate("student1", "Zed", "Zulu", 9), classmate("STUDENT3")];
    const checked = checkClassList(
      [row(), row({ firstname: "Ben", username: "student2" }), row({ firstname: "Cleo" })],
      { classmates: [...classmates, classmate("x", "Y", "Z", 9)] },
    );
    expect(checked.map((r) => r.errors)).toEqual([{}, {}, {}]);
    // student2 is typed by a later row, student3 is the class's (in capitals).
    expect(checked.map((r) => [r.username, r.generated])).toEqual([
      ["student4", true],
      ["student2", false],
      ["student5", true],
    ]);
    expect(checked[0]?.student).toEqual({
      firstname: "Ana",
      lastname: "Diaz",
      planid: 9,
      username: "student4",
      parent_email: null,
    });
  });

  it("marks each field with the roster's own messages", () => {
    const [checked] = checkClassList(
      [
        row({
          firstname: " ",
          lastname: "L".repeat(41),
          username: "u".repeat(26),
          level: "Grade 7",
          parent_email: "mom@",
        }),
      ],
      { classmates: [] },
    );
    expect(checked?.student).toBeNull();
    expect(checked?.errors).toEqual({
      firstname: ["Field is required"],
      lastname: ["Field cannot have more than 40 characters."],
      username: ["Field cannot have more than 25 characters."],
      level: [classListMessages.unknownLevel],
      parent_email: ["Field must be a valid email address."],
    });
    const ok = checkClassList([row({ username: "u".repeat(25) })], { classmates: [] });
    expect(ok[0]?.errors).toEqual({});
  });

  it("refuses a username the class or an earlier row has, ignoring case", () => {
    const checked = checkClassList(
      [
        row({ username: "AnaD" }),
        row({ firstname: "Ben", username: "anad " }),
        row({ firstname: "Cleo", username: "Zoe" }),
      ],
      { classmates: [classmate("zoe")] },
    );
    expect(checked.map((r) => r.errors)).toEqual([
      {},
      { username: [rosterMessages.usernameInUse] },
      { username: [rosterMessages.usernameInUse] },
    ]);
  });

  it("refuses a made-up username's row whose name the class or an earlier row has, unless it types a username", () => {
    const checked = checkClassList(
      [
        row({ firstname: "zed", lastname: "ZULU" }),
        row(),
        row({ firstname: " ana ", lastname: "diaz" }),
        row({ username: "ana2" }),
      ],
      { classmates: [classmate("student1")] },
    );
    expect(checked.map((r) => r.errors)).toEqual([
      { firstname: [classListMessages.nameInClass] },
      {},
      { firstname: [classListMessages.nameInList] },
      {},
    ]);
  });

  it("refuses the good rows past the class's free places, with the class limit's words", () => {
    const checked = checkClassList(
      [row({ level: "nope" }), row({ firstname: "Ben" }), row({ firstname: "Cleo" })],
      { classmates: [classmate("a"), classmate("b", "B")], maximum: 3 },
    );
    expect(checked.map((r) => r.errors)).toEqual([
      { level: [classListMessages.unknownLevel] },
      {},
      { [CLASS_LIST_ROW]: [rosterMessages.classFull(3, 2)] },
    ]);
    expect(checked.map((r) => r.student !== null)).toEqual([false, true, false]);
    const full = checkClassList([row()], { classmates: [classmate("a")], maximum: 1 });
    expect(full[0]?.errors[CLASS_LIST_ROW]).toEqual([
      "Your class is full: it can hold 1 students. Delete a student to add another.",
    ]);
  });

  it("keys errors as the API answers them, and reads them back per row", () => {
    const checked = checkClassList([row(), row({ level: "x", username: "u".repeat(30) })], {
      classmates: [],
    });
    const errors = classListErrors(checked);
    expect(errors).toEqual({
      "students.1.level": [classListMessages.unknownLevel],
      "students.1.username": ["Field cannot have more than 25 characters."],
    });
    expect(classListRowErrors(errors, 1)).toEqual(checked[1]?.errors);
    expect(classListRowErrors(errors, 0)).toEqual({});
  });
});

describe("classListFileProblem", () => {
  it("takes small CSV, TSV and text files, by name and type", () => {
    expect(classListFileProblem({ name: "Class.CSV", type: "text/csv", size: 900 })).toBeNull();
    expect(
      classListFileProblem({ name: "class.csv", type: "application/vnd.ms-excel", size: 9 }),
    ).toBeNull();
    expect(classListFileProblem({ name: "class.tsv", type: "", size: 9 })).toBeNull();
    expect(classListFileProblem({ name: "class.txt", type: "text/plain", size: 1_000_000 })).toBe(
      null,
    );
  });

  it("refuses other files and files over 1 MB", () => {
    const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    expect(classListFileProblem({ name: "class.xlsx", type: xlsx, size: 9 })).toBe(
      classListMessages.fileType,
    );
    expect(classListFileProblem({ name: "class.csv", type: "image/png", size: 9 })).toBe(
      classListMessages.fileType,
    );
    expect(classListFileProblem({ name: "class.csv", type: "text/csv", size: 1_000_001 })).toBe(
      classListMessages.fileSize,
    );
  });
});
