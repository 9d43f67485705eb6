import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AssignableLesson,
  answersSpeech,
  assignLessonsRequest,
  assignMessages,
  baseLessonState,
  examDataRequest,
  examMessages,
  fluencySheetLevelName,
  gradeLabelRepeats,
  gradeTagKey,
  isBenchmarkLevel,
  type LessonSelection,
  lessonCheckState,
  lessonStanding,
  readingLevel,
  resourceLevel,
  resourceTab,
  splitLyrics,
  studentsWithStartedUnassigned,
  toggleLesson,
  worksheetRows,
} from "./lessons.ts";
import { fieldErrors, joinFirstMessages } from "./validation.ts";

describe("grade tag key", () => {
  it.each([
    ["Kindergarten", "kindergarten"],
    ["1st Grade", "first-grade"],
    ["First Grade", "first-grade"],
    ["2nd grade", "second-grade"],
    ["3rd Grade", "third-grade"],
    ["4th grade", "fourth-grade"],
    ["Fifth Grade", "fifth-grade"],
    ["All Benchmarks", "all-benchmarks"],
    ["Grade 3 Benchmark", "all-benchmarks"],
    ["6th grade or higher", "unknown"],
    ["", "unknown"],
  ])("%s → %s", (text, key) => {
    expect(gradeTagKey(text)).toBe(key);
  });
});

describe("gradeLabelRepeats", () => {
  it("is true for a label that names the level's own grade", () => {
    expect(gradeLabelRepeats("Kindergarten", "Kindergarten")).toBe(true);
    expect(gradeLabelRepeats("First Grade", "1st Grade")).toBe(true);
    expect(gradeLabelRepeats("Fifth Grade", "5th grade")).toBe(true);
  });

  it("is false for a label that adds something: another grade, or a benchmark's grade", () => {
    expect(gradeLabelRepeats("First Grade", "2nd Grade")).toBe(false);
    expect(gradeLabelRepeats("Benchmark Passages", "Grade 3 Benchmark")).toBe(false);
    expect(gradeLabelRepeats("Benchmark Passages", "All Benchmarks")).toBe(false);
    expect(gradeLabelRepeats("Reading Club", "Mixed ages")).toBe(false);
  });
});

describe("reading levels", () => {
  it("maps plan ids 6–11 to Kindergarten–Fifth Grade", () => {
    expect(readingLevel(6)?.name).toBe("Kindergarten");
    expect(readingLevel(11)?.name).toBe("Fifth Grade");
    expect(readingLevel(5)).toBeUndefined();
  });
});

describe("splitLyrics", () => {
  it("keeps words in order with their line numbers, stanza breaks included", () => {
    expect(splitLyrics("Sun comes up,\nbirds  sing\n\nHello day")).toEqual([
      { text: "Sun", line: 0 },
      { text: "comes", line: 0 },
      { text: "up,", line: 0 },
      { text: "birds", line: 1 },
      { text: "sing", line: 1 },
      { text: "Hello", line: 3 },
      { text: "day", line: 3 },
    ]);
  });
});

describe("joinFirstMessages", () => {
  it("joins the first message of each field", () => {
    expect(joinFirstMessages({ a: ["First a", "Second a"], b: ["First b"] })).toBe(
      "First a First b",
    );
  });
});

const lessonIds = fc.integer({ min: 1, max: 8 });
const studentArb = fc.record({
  assigned_lessons: fc.uniqueArray(lessonIds, { maxLength: 6 }),
  completed_lessons: fc.uniqueArray(lessonIds, { maxLength: 6 }),
});
const studentsArb = fc.array(studentArb, { minLength: 1, maxLength: 5 });
const clicksArb = fc.array(lessonIds, { maxLength: 30 });
const empty: LessonSelection = { assign: [], remove: [] };
const click = (
  students: Parameters<typeof toggleLesson>[1],
  clicks: number[],
  from: LessonSelection = empty,
) => clicks.reduce((selection, id) => toggleLesson(id, students, selection), from);

describe("lesson checkbox (classroom spec §4)", () => {
  const holds = { assigned_lessons: [1], completed_lessons: [2] };
  const lacks = { assigned_lessons: [], completed_lessons: [] };

  it("is checked when every selected student has the lesson assigned or completed", () => {
    expect(lessonCheckState(1, [holds, { ...lacks, completed_lessons: [1] }], empty)).toBe(
      "checked",
    );
  });

  it("is unchecked when none has it and indeterminate when some have it", () => {
    expect(lessonCheckState(3, [holds, lacks], empty)).toBe("unchecked");
    expect(lessonCheckState(1, [holds, lacks], empty)).toBe("indeterminate");
  });

  it("follows the assign list over the students, and the remove list likewise", () => {
    expect(lessonCheckState(3, [lacks], { assign: [3], remove: [] })).toBe("checked");
    expect(lessonCheckState(1, [holds], { assign: [], remove: [1] })).toBe("unchecked");
  });

  it("goes indeterminate → checked → unchecked → checked on clicks", () => {
    const students = [holds, lacks];
    const states = [0, 1, 2, 3].map((n) =>
      lessonCheckState(1, students, click(students, Array(n).fill(1))),
    );
    expect(states).toEqual(["indeterminate", "checked", "unchecked", "checked"]);
  });

  it("property: the assign and remove lists never share a lesson, nor hold one twice", () => {
    fc.assert(
      fc.property(studentsArb, clicksArb, (students, clicks) => {
        const { assign, remove } = click(students, clicks);
        expect(new Set(assign).size).toBe(assign.length);
        expect(new Set(remove).size).toBe(remove.length);
        expect(assign.filter((id) => remove.includes(id))).toEqual([]);
      }),
    );
  });

  it("property: a click turns a checked lesson unchecked and any other checked", () => {
    fc.assert(
      fc.property(studentsArb, clicksArb, lessonIds, (students, clicks, id) => {
        const before = click(students, clicks);
        const after = toggleLesson(id, students, before);
        const expected =
          lessonCheckState(id, students, before) === "checked" ? "unchecked" : "checked";
        expect(lessonCheckState(id, students, after)).toBe(expected);
      }),
    );
  });

  it("property: a click leaves every other lesson's state alone", () => {
    fc.assert(
      fc.property(studentsArb, clicksArb, lessonIds, lessonIds, (students, clicks, id, other) => {
        fc.pre(id !== other);
        const before = click(students, clicks);
        const after = toggleLesson(id, students, before);
        expect(lessonCheckState(other, students, after)).toBe(
          lessonCheckState(other, students, before),
        );
      }),
    );
  });

  it("property: the lists hold only real changes, and a lesson outside them shows the students' state", () => {
    fc.assert(
      fc.property(studentsArb, clicksArb, lessonIds, (students, clicks, id) => {
        const selection = click(students, clicks);
        const base = baseLessonState(id, students);
        if (selection.assign.includes(id)) expect(base).not.toBe("checked");
        else if (selection.remove.includes(id)) expect(base).not.toBe("unchecked");
        else expect(lessonCheckState(id, students, selection)).toBe(base);
        const holders = students.filter(
          (s) => s.assigned_lessons.includes(id) || s.completed_lessons.includes(id),
        ).length;
        expect(base).toBe(
          holders === 0 ? "unchecked" : holders === students.length ? "checked" : "indeterminate",
        );
      }),
    );
  });

  it("property: two clicks on a checked or unchecked lesson bring the lists back", () => {
    fc.assert(
      fc.property(studentsArb, clicksArb, lessonIds, (students, clicks, id) => {
        const before = click(students, clicks);
        fc.pre(lessonCheckState(id, students, before) !== "indeterminate");
        const twice = click(students, [id, id], before);
        expect([...twice.assign].sort()).toEqual([...before.assign].sort());
        expect([...twice.remove].sort()).toEqual([...before.remove].sort());
      }),
    );
  });

  it("finds the selected students who started a lesson on their own", () => {
    const ana = { name: "Ana", unassigned_lessons: [4] };
    const ben = { name: "Ben", unassigned_lessons: [] };
    expect(studentsWithStartedUnassigned(4, [ana, ben])).toEqual([ana]);
    expect(studentsWithStartedUnassigned(5, [ana, ben])).toEqual([]);
  });
});

describe("lessonStanding", () => {
  it("counts each lesson of a student once, by who assigned it and how far they are", () => {
    // 1 assigned and untouched, 2 assigned and started, 3 started on their own, 4 and 5 done.
    const student = {
      assigned_lessons: [1, 2],
      started_lessons: [2, 3],
      unassigned_lessons: [3],
      completed_lessons: [4, 5],
    };
    expect(lessonStanding(student)).toEqual({
      assignedNotStarted: 1,
      assignedStarted: 1,
      startedOnTheirOwn: 1,
      completed: 2,
    });
  });

  it("adds up to every lesson the student has, whatever the server's overlapping lists hold", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            id: fc.nat(),
            by: fc.constantFrom("teacher", "auto"),
            status: fc.constantFrom("assigned", "started", "completed"),
          }),
          { selector: (row) => row.id },
        ),
        (rows) => {
          // The lists as apps/server/src/areas/lessons/assignments.ts builds them.
          const ids = (keep: (row: (typeof rows)[number]) => boolean) =>
            rows.filter(keep).map((row) => row.id);
          const standing = lessonStanding({
            assigned_lessons: ids((r) => r.by === "teacher" && r.status !== "completed"),
            completed_lessons: ids((r) => r.status === "completed"),
            started_lessons: ids((r) => r.status === "started"),
            unassigned_lessons: ids((r) => r.by === "auto" && r.status !== "completed"),
          });
          const sum = Object.values(standing).reduce((a, b) => a + b, 0);
          expect(sum).toBe(rows.length);
          expect(standing.assignedNotStarted).toBe(
            rows.filter((r) => r.by === "teacher" && r.status === "assigned").length,
          );
        },
      ),
    );
  });
});

describe("assign request", () => {
  it("needs students and at least one lesson, and refuses a lesson in both lists", () => {
    const result = assignLessonsRequest.safeParse({
      student_ids: [],
      assign_lesson_ids: [],
      remove_lesson_ids: [],
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        student_ids: [assignMessages.students],
        assign_lesson_ids: [assignMessages.lessons],
      });
    }
    const overlap = assignLessonsRequest.safeParse({
      student_ids: [1],
      assign_lesson_ids: [2, 3],
      remove_lesson_ids: [3],
    });
    expect(overlap.success || fieldErrors(overlap.error)).toEqual({
      remove_lesson_ids: [assignMessages.overlap],
    });
  });

  it("drops repeated ids and defaults the lists and the flag", () => {
    expect(
      assignLessonsRequest.parse({ student_ids: [5, 5, 6], assign_lesson_ids: [1, 1] }),
    ).toEqual({
      student_ids: [5, 6],
      assign_lesson_ids: [1],
      remove_lesson_ids: [],
      preserve_progress: false,
    });
  });
});

const lesson = (id: number, title: string, reading_level: string): AssignableLesson => ({
  id,
  title,
  reading_level,
  grade_level: reading_level,
  subject: "",
  storygenre: "",
  musicgenre: "",
  lexile: 0,
  wpm: 0,
  worksheet: `/w/${id}.pdf`,
  logo: "",
});

describe("worksheet rows", () => {
  const byLevel = {
    "First Grade": [lesson(1, "Seed Song", "First Grade"), lesson(2, "Amber Mail", "First Grade")],
    "Second Grade": [lesson(3, "Drip Drop", "Second Grade")],
    "Benchmark Passages": [lesson(4, "Grade 1 Benchmark: Puddle", "Benchmark Passages")],
  };
  const titles = (rows: AssignableLesson[]) => rows.map((r) => r.title);

  it("hides every level whose name contains benchmark, whatever its case", () => {
    expect(titles(worksheetRows(byLevel, ""))).toEqual(["Seed Song", "Amber Mail", "Drip Drop"]);
    expect(isBenchmarkLevel("All BENCHMARKS")).toBe(true);
    expect(isBenchmarkLevel("Fifth Grade")).toBe(false);
  });

  it("filters on the search text in the title or the level, ignoring case and spaces around", () => {
    expect(titles(worksheetRows(byLevel, "  drip "))).toEqual(["Drip Drop"]);
    expect(titles(worksheetRows(byLevel, "first"))).toEqual(["Seed Song", "Amber Mail"]);
    expect(titles(worksheetRows(byLevel, "puddle"))).toEqual([]);
  });

  it("sorts by title or by level order, either way", () => {
    expect(titles(worksheetRows(byLevel, "", { key: "title", direction: "asc" }))).toEqual([
      "Amber Mail",
      "Drip Drop",
      "Seed Song",
    ]);
    expect(titles(worksheetRows(byLevel, "", { key: "reading_level", direction: "desc" }))).toEqual(
      ["Drip Drop", "Seed Song", "Amber Mail"],
    );
  });
});

describe("exam data request", () => {
  it("accepts days 1–4 in take mode and says what is wrong otherwise", () => {
    expect(examDataRequest.parse({ lesson: "7", day: 4, mode: "take" })).toEqual({
      lesson: 7,
      day: 4,
      mode: "take",
    });
    const result = examDataRequest.safeParse({ lesson: 0, day: 5, mode: "review" });
    expect(result.success || fieldErrors(result.error)).toEqual({
      lesson: [examMessages.lesson],
      day: [examMessages.day],
      mode: [examMessages.mode],
    });
  });

  it("reads the answers as letter and text, in order", () => {
    expect(
      answersSpeech([
        { letter: "A", answertext: "A cloud" },
        { letter: "B", answertext: "A river" },
      ]),
    ).toBe("A. A cloud B. A river");
  });
});

describe("resources page parameters", () => {
  it("shows the planner for the default tab and for anything unknown", () => {
    expect(resourceTab(null)).toBe("planner");
    expect(resourceTab("boost-fluency")).toBe("planner");
    expect(resourceTab("sheets")).toBe("sheets");
    expect(resourceTab("nope")).toBe("planner");
  });

  it("takes a sheet level 0–5 and defaults to 1", () => {
    expect(resourceLevel(null)).toBe(1);
    expect(resourceLevel("3")).toBe(3);
    expect(resourceLevel("0")).toBe(0);
    expect(resourceLevel("6")).toBe(1);
    expect(resourceLevel("two")).toBe(1);
    expect(fluencySheetLevelName(0)).toBe("Kindergarten");
    expect(fluencySheetLevelName(5)).toBe("Fifth Grade");
  });
});
