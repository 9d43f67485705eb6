import { describe, expect, it } from "vitest";
import {
  DEFAULT_READING_VIEW,
  focusedLine,
  readingView,
  readingViewMessages,
} from "./reading-view.ts";

describe("a reading view", () => {
  it("accepts a text size and the two switches", () => {
    const view = { textSize: "larger", dyslexiaFriendly: true, lineFocus: true };
    expect(readingView.parse(view)).toEqual(view);
    expect(readingView.parse(DEFAULT_READING_VIEW)).toEqual(DEFAULT_READING_VIEW);
  });

  it("refuses another size, a switch that is not on or off, and anything else", () => {
    const errors = (value: unknown) => readingView.safeParse(value).error?.issues;
    expect(errors({ ...DEFAULT_READING_VIEW, textSize: "huge" })?.[0]?.message).toBe(
      readingViewMessages.textSize,
    );
    expect(errors({ ...DEFAULT_READING_VIEW, lineFocus: "yes" })?.[0]?.message).toBe(
      readingViewMessages.onOff,
    );
    expect(errors({ textSize: "normal", dyslexiaFriendly: false })?.[0]?.message).toBe(
      readingViewMessages.onOff,
    );
    expect(errors({ ...DEFAULT_READING_VIEW, font: "Comic" })?.[0]?.code).toBe("unrecognized_keys");
  });
});

describe("the line in focus", () => {
  // Words 0–2 on the first line, 3–4 on the second, 5 on the third.
  const lineOfWord = new Map([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 1],
    [5, 2],
  ]);

  it("follows the highlighted word while the track plays", () => {
    expect(focusedLine(4, lineOfWord, 0, 3)).toBe(1);
    expect(focusedLine(5, lineOfWord, 0, 3)).toBe(2);
  });

  it("stays on the reader's chosen line otherwise, within the lines there are", () => {
    expect(focusedLine(null, lineOfWord, 1, 3)).toBe(1);
    expect(focusedLine(null, lineOfWord, 7, 3)).toBe(2);
    expect(focusedLine(null, lineOfWord, -1, 3)).toBe(0);
    expect(focusedLine(null, new Map(), 0, 0)).toBe(0);
  });
});
