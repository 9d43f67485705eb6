import { DEFAULT_READING_VIEW } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { ReadingViewContext, ReadingWords } from "./reading-words.tsx";

const words = ["Rain", "falls", "down", "Sun", "comes", "out"].map((text, i) => ({
  id: i + 1,
  text,
  line: i < 3 ? 1 : 2,
}));

const shown = (view: typeof DEFAULT_READING_VIEW, current: number | null) =>
  staticMarkup(
    <ReadingViewContext value={view}>
      <ReadingWords words={words} current={current} />
    </ReadingViewContext>,
  );

describe("the words in a reading view", () => {
  it("shows the usual view with no focus and no buttons to move it", () => {
    const page = shown(DEFAULT_READING_VIEW, null);
    expect(page).toContain('data-size="normal"');
    expect(page).not.toContain("data-dyslexia");
    expect(page).not.toContain("data-focused");
    expect(page).not.toContain("Next line");
  });

  it("in the dyslexia-friendly view with line focus, focuses the line of the highlighted word", () => {
    const view = { textSize: "larger", dyslexiaFriendly: true, lineFocus: true } as const;
    const page = shown(view, 4);
    expect(page).toContain('data-size="larger"');
    expect(page).toContain("data-dyslexia");
    expect(page).toMatch(/data-focused="true">(?:(?!<\/p>).)*data-word="4" data-current="true"/);
    expect(page).toContain("Next line");
    // Nothing highlighted: the first line until the reader moves on.
    expect(shown(view, null)).toMatch(/data-focused="true">(?:(?!<\/p>).)*data-word="0"/);
  });
});
