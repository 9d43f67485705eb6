/**
 * Keyboard grading (issue 11 item 4): what a key pressed on the word list does. Pure, so the
 * list, its tests and the on-screen hint agree on one table.
 */

/** The lesson's words as lines: `lines[i]` holds the indexes (in lesson order) of line i's words. */
export type WordLines = readonly (readonly number[])[];

export function wordLines(words: readonly { line: number }[]): WordLines {
  const lines: number[][] = [];
  let current: number | undefined;
  words.forEach((word, index) => {
    if (word.line !== current || lines.length === 0) {
      lines.push([]);
      current = word.line;
    }
    lines[lines.length - 1]?.push(index);
  });
  return lines;
}

export type WordCommand =
  | { type: "move"; index: number }
  | { type: "toggle" }
  | { type: "lastWord" }
  | { type: "expression"; score: number }
  /** Plays the reading from where the word was read (issue 20: the suggestion's timings). */
  | { type: "seek" }
  | { type: "submit" };

/** The keys as the hint under the words shows them. */
export const KEY_HINT = [
  ["← →", "word"],
  ["↑ ↓", "line"],
  ["Home End", "first, last word"],
  ["Space", "missed"],
  ["L", "last word read"],
  ["1–5", "expression"],
  ["Enter", "play from the word"],
  ["Ctrl Enter", "submit"],
] as const;

/** The index of a word's line and its place in it. */
function placeOf(lines: WordLines, index: number): [line: number, column: number] {
  for (let line = 0; line < lines.length; line++) {
    const column = lines[line]?.indexOf(index) ?? -1;
    if (column >= 0) return [line, column];
  }
  return [0, 0];
}

/** Up or Down: the word in the same place of the line above or below, or that line's last. */
function lineMove(lines: WordLines, index: number, step: -1 | 1): number {
  const [line, column] = placeOf(lines, index);
  const target = lines[line + step];
  if (!target || target.length === 0) return index;
  return target[Math.min(column, target.length - 1)] ?? index;
}

/**
 * The command of a key on the word at `index` of `count` words, or null when the key is not
 * the list's (Tab and the rest keep their browser meaning). Modified keys are left alone, so
 * the browser's and screen readers' own shortcuts still work, but for Ctrl (⌘) + Enter, the
 * usual "send" of a form: Enter alone plays the reading from the word.
 */
export function wordKeyCommand(
  event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  index: number,
  count: number,
  lines: WordLines,
): WordCommand | null {
  if (count === 0) return null;
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey)
    return { type: "submit" };
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case "ArrowLeft":
      return { type: "move", index: Math.max(0, index - 1) };
    case "ArrowRight":
      return { type: "move", index: Math.min(count - 1, index + 1) };
    case "ArrowUp":
      return { type: "move", index: lineMove(lines, index, -1) };
    case "ArrowDown":
      return { type: "move", index: lineMove(lines, index, 1) };
    case "Home":
      return { type: "move", index: 0 };
    case "End":
      return { type: "move", index: count - 1 };
    case " ":
      return { type: "toggle" };
    case "l":
    case "L":
      return { type: "lastWord" };
    case "Enter":
      return { type: "seek" };
    default:
      return /^[1-5]$/.test(event.key) ? { type: "expression", score: Number(event.key) } : null;
  }
}
