import type { Role } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { QUESTION_GROUPS, type QuestionGroup } from "./content/questions.ts";
import {
  filterQuestions,
  foldText,
  groupsFor,
  highlightParts,
  searchTerms,
} from "./questions-filter.ts";

const GROUPS: QuestionGroup[] = [
  {
    id: "teachers",
    title: "Teachers",
    role: "teacher",
    questions: [
      { id: "t1", question: "How do I add students?", answer: "Open the roster." },
      { id: "t2", question: "What is a résumé?", answer: "A café's menu, in short." },
    ],
  },
  {
    id: "parents",
    title: "Parents",
    role: "parent",
    questions: [{ id: "p1", question: "Can I get emails?", answer: "Ask your child's teacher." }],
  },
];

const ids = (groups: QuestionGroup[]) => groups.flatMap((g) => g.questions.map((q) => q.id));
const joined = (parts: { text: string }[]) => parts.map((p) => p.text).join("");
const marked = (parts: { text: string; match: boolean }[]) =>
  parts.filter((p) => p.match).map((p) => p.text);

describe("searchTerms", () => {
  it("folds case, accents and typographic quotes, and drops blanks and repeats", () => {
    expect(searchTerms("  Résumé  CAFÉ résume ")).toEqual(["resume", "cafe"]);
    expect(searchTerms("child’s")).toEqual(["child's"]);
    expect(searchTerms("   ")).toEqual([]);
  });

  it("folds an accent typed as a mark of its own like one typed as one character", () => {
    expect(searchTerms("re\u0301sume\u0301")).toEqual(searchTerms("résumé"));
  });
});

describe("foldText", () => {
  it("remembers where each compared character came from", () => {
    expect(foldText("Ée\u0301a")).toEqual({ folded: "eea", origins: [0, 1, 3] });
  });
});

describe("filterQuestions", () => {
  it("shows everything for a blank query", () => {
    const found = filterQuestions(GROUPS, " ");
    expect(found.count).toBe(3);
    expect(found.groups).toEqual(GROUPS);
    expect(found.terms).toEqual([]);
  });

  it("matches the question or the answer, whatever the case and accents", () => {
    expect(ids(filterQuestions(GROUPS, "RESUME").groups)).toEqual(["t2"]);
    expect(ids(filterQuestions(GROUPS, "cafe").groups)).toEqual(["t2"]);
    expect(ids(filterQuestions(GROUPS, "roster").groups)).toEqual(["t1"]);
  });

  it("needs every word, each in the question or the answer", () => {
    expect(ids(filterQuestions(GROUPS, "add roster").groups)).toEqual(["t1"]);
    expect(ids(filterQuestions(GROUPS, "add menu").groups)).toEqual([]);
  });

  it("drops the groups left empty and counts what is left", () => {
    const found = filterQuestions(GROUPS, "teacher");
    expect(found.groups.map((g) => g.id)).toEqual(["parents"]);
    expect(found.count).toBe(1);
  });

  it("finds nothing for nonsense", () => {
    expect(filterQuestions(GROUPS, "zzqx")).toEqual({ groups: [], count: 0, terms: ["zzqx"] });
  });
});

describe("highlightParts", () => {
  it("marks each match in the original text, accents and case kept", () => {
    const parts = highlightParts("A Café, a cafe.", ["cafe"]);
    expect(marked(parts)).toEqual(["Café", "cafe"]);
    expect(joined(parts)).toBe("A Café, a cafe.");
  });

  it("keeps an accent written as a mark of its own inside the match", () => {
    const text = "Cafe\u0301 au lait";
    expect(marked(highlightParts(text, ["cafe"]))).toEqual(["Cafe\u0301"]);
  });

  it("joins overlapping and touching matches into one run", () => {
    const parts = highlightParts("reading readers", ["read", "ading", "ers"]);
    expect(parts).toEqual([
      { text: "reading", match: true },
      { text: " ", match: false },
      { text: "readers", match: true },
    ]);
  });

  it("leaves the text whole without terms, and marks characters beyond U+FFFF whole", () => {
    expect(highlightParts("Hello", [])).toEqual([{ text: "Hello", match: false }]);
    expect(marked(highlightParts("sing 🎵 along", ["🎵"]))).toEqual(["🎵"]);
  });
});

describe("groupsFor", () => {
  it("puts the reader's own group on top and keeps the others in order", () => {
    expect(groupsFor(GROUPS, "parent").map((g) => g.id)).toEqual(["parents", "teachers"]);
    expect(groupsFor(GROUPS, "staff").map((g) => g.id)).toEqual(["teachers", "parents"]);
  });

  it("leaves out the groups and questions the reader does not read, and a group left empty", () => {
    const groups: QuestionGroup[] = [
      {
        id: "teachers",
        title: "Teachers",
        role: "teacher",
        readers: ["teacher", "admins"],
        questions: [
          { id: "t1", question: "How do I add students?", answer: "Open the roster." },
          { id: "t2", question: "Why no recording?", answer: "Ask.", recording: true },
        ],
      },
      {
        id: "readings",
        title: "Readings",
        questions: [
          { id: "r1", question: "What is a cold read?", answer: "A first read.", recording: true },
        ],
      },
    ];
    expect(ids(groupsFor(groups, "teacher"))).toEqual(["t1", "t2", "r1"]);
    expect(ids(groupsFor(groups, "school_admin"))).toEqual(["t1", "t2", "r1"]);
    expect(groupsFor(groups, "parent")).toEqual([]);
  });
});

describe("the page's questions", () => {
  const all = QUESTION_GROUPS.flatMap((group) => group.questions);
  const read = (role: Role) => groupsFor(QUESTION_GROUPS, role);

  it("answer each kind of reader, with unique ids, 10 to 40 for each reader", () => {
    expect(QUESTION_GROUPS.map((g) => g.role)).toEqual([
      "teacher",
      "parent",
      undefined,
      "school_admin",
      "district_admin",
      "staff",
    ]);
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    for (const role of ["teacher", "parent", "school_admin", "district_admin", "staff"] as const) {
      const count = ids(read(role)).length;
      expect(count, role).toBeGreaterThanOrEqual(10);
      expect(count, role).toBeLessThanOrEqual(40);
    }
  });

  it("give a teacher their own first, then what families and admins ask", () => {
    expect(read("teacher").map((g) => g.title)).toEqual([
      "Teachers",
      "Families",
      "School admins",
      "District admins",
    ]);
  });

  it("ask a parent's questions of their children, with no school, class or recording of readings", () => {
    const groups = read("parent");
    expect(groups.map((g) => g.title)).toEqual(["Parents"]);
    const questions = groups.flatMap((g) => g.questions);
    expect(questions.map((q) => q.question)).toContain("How do my children sign in?");
    for (const q of questions) {
      expect(q.question, q.id).not.toMatch(/\bclass\b|\bstudents?\b|school/i);
      expect(q.answer, q.id).not.toMatch(/administrator|quote|cold read|words correct per minute/i);
    }
  });

  it("give an admin their own and their teachers' questions, and staff their own first", () => {
    expect(read("school_admin").map((g) => g.title)).toEqual([
      "School admins",
      "Teachers",
      "Families",
    ]);
    expect(read("district_admin").map((g) => g.title)).toEqual([
      "District admins",
      "Teachers",
      "Families",
    ]);
    expect(read("staff")[0]?.title).toBe("Staff");
    expect(read("staff").map((g) => g.title)).not.toContain("Parents");
  });

  it("are found by a word of their answer", () => {
    expect(ids(filterQuestions(QUESTION_GROUPS, "login cards").groups)).toContain(
      "teacher-sign-in",
    );
  });
});
