import { describe, expect, it } from "vitest";
import { wordKeyCommand, wordLines } from "./word-keys.ts";

// Three lines: words 0–3, 4–5, 6–9.
const words = [1, 1, 1, 1, 2, 2, 3, 3, 3, 3].map((line) => ({ line }));
const lines = wordLines(words);
const key = (
  k: string,
  index: number,
  mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey", boolean>> = {},
) =>
  wordKeyCommand(
    { key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods },
    index,
    words.length,
    lines,
  );

describe("keyboard grading", () => {
  it("groups the words by line", () => {
    expect(lines).toEqual([
      [0, 1, 2, 3],
      [4, 5],
      [6, 7, 8, 9],
    ]);
  });

  it.each([
    // By word with Left and Right, stopping at the ends.
    ["ArrowRight", 3, 4],
    ["ArrowLeft", 0, 0],
    ["ArrowRight", 9, 9],
    // By line with Up and Down, to the same place or the shorter line's last word.
    ["ArrowDown", 3, 5],
    ["ArrowDown", 5, 7],
    ["ArrowUp", 8, 5],
    ["ArrowUp", 2, 2],
    ["ArrowDown", 8, 8],
    // To the first and last words with Home and End.
    ["Home", 6, 0],
    ["End", 1, 9],
  ] as const)("moves with %s from word %i to word %i", (k, from, to) => {
    expect(key(k, from)).toEqual({ type: "move", index: to });
  });

  it("toggles with Space, sets the last word with L, scores 1–5, plays from a word with Enter and submits with Ctrl+Enter", () => {
    expect(key(" ", 2)).toEqual({ type: "toggle" });
    expect(key("l", 2)).toEqual({ type: "lastWord" });
    expect(key("L", 2)).toEqual({ type: "lastWord" });
    for (const score of [1, 2, 3, 4, 5])
      expect(key(`${score}`, 0)).toEqual({ type: "expression", score });
    expect(key("6", 0)).toBeNull();
    expect(key("0", 0)).toBeNull();
    expect(key("Enter", 0)).toEqual({ type: "seek" });
    expect(key("Enter", 0, { ctrlKey: true })).toEqual({ type: "submit" });
    expect(key("Enter", 0, { metaKey: true })).toEqual({ type: "submit" });
    expect(key("Enter", 0, { altKey: true })).toBeNull();
  });

  it("leaves Tab and modified keys to the browser and screen reader", () => {
    expect(key("Tab", 0)).toBeNull();
    expect(key("l", 0, { ctrlKey: true })).toBeNull();
    expect(key("ArrowRight", 0, { altKey: true })).toBeNull();
    expect(key("1", 0, { metaKey: true })).toBeNull();
  });
});
