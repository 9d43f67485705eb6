import { z } from "zod";

/**
 * A student's reading view: how the lesson's words are laid out for them in the lesson player
 * and the recorder. Kept per student; the student or their teacher sets it.
 */

/** The text sizes offered, smallest first: the player's own size, then two larger ones. */
export const TEXT_SIZES = ["normal", "large", "larger"] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
export const TEXT_SIZE_LABELS: Record<TextSize, string> = {
  normal: "Normal",
  large: "Large",
  larger: "Larger",
};

export const readingViewMessages = {
  textSize: "Choose normal, large or larger text.",
  onOff: "Choose on or off.",
} as const;

const onOff = z.boolean({ error: readingViewMessages.onOff });

/** The one schema the browser and the server both check a reading view with. */
export const readingView = z.strictObject({
  textSize: z.enum(TEXT_SIZES, { error: readingViewMessages.textSize }),
  /** A clear sans-serif, wider letter, word and line spacing, no justification, cream paper. */
  dyslexiaFriendly: onOff,
  /** Dims every line of the words but the one being read. */
  lineFocus: onOff,
});
export type ReadingView = z.infer<typeof readingView>;

/** Until the student or teacher chooses, the words look as they always have. */
export const DEFAULT_READING_VIEW: ReadingView = {
  textSize: "normal",
  dyslexiaFriendly: false,
  lineFocus: false,
};

/**
 * The line in focus, by its index among the lines: while the track plays, the line of the
 * highlighted word, so the focus follows the song; otherwise the line the reader chose.
 * `lineOfWord` maps a word's index to its line's index.
 */
export function focusedLine(
  currentWord: number | null,
  lineOfWord: ReadonlyMap<number, number>,
  chosen: number,
  lineCount: number,
): number {
  const playing = currentWord === null ? undefined : lineOfWord.get(currentWord);
  if (playing !== undefined) return playing;
  return Math.min(Math.max(chosen, 0), Math.max(lineCount - 1, 0));
}
