import { describe, expect, it } from "vitest";
import { gradeTagKey, readingLevel, splitLyrics } from "./lessons.ts";
import { joinFirstMessages } from "./validation.ts";

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
