import { describe, expect, it } from "vitest";
import { classWords } from "./class-words.ts";

describe("class words", () => {
  it("keeps a teacher's class and students", () => {
    const words = classWords("teacher");
    expect(words.count(2)).toBe("2 students");
    expect(words.oneStudent).toBe("a student of your class");
    expect(`Your ${words.classNoun}'s readings`).toBe("Your class's readings");
    expect(words.studentsHeading).toBe("Students");
    // A page that has no role yet words itself as a teacher's.
    const unknown = classWords(null);
    expect({ ...unknown, count: unknown.count(2), classOf: unknown.classOf("Pat Lee") }).toEqual({
      ...words,
      count: words.count(2),
      classOf: words.classOf("Pat Lee"),
    });
  });

  it("gives a parent their children, and never a class or a student", () => {
    const words = classWords("parent");
    expect(words.count(1)).toBe("1 child");
    expect(words.count(2)).toBe("2 children");
    expect(`Each lesson your ${words.classNoun} worked`).toBe("Each lesson your children worked");
    expect(`Pick ${words.oneStudent}`).toBe("Pick one of your children");
    expect(`each ${words.student}'s latest quiz`).toBe("each child's latest quiz");
    expect(words.studentsHeading).toBe("Children");
    const texts = [
      ...Object.values(words).filter((w) => typeof w === "string"),
      words.count(2),
      words.classOf("Pat Lee"),
    ];
    // The roster's menu entry keeps its name (Add or Edit Students).
    for (const text of texts)
      expect(text.replace("Add or Edit Students", "")).not.toMatch(/class|student/i);
  });
});
