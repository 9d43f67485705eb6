/**
 * The read-along's word timings as WebVTT: one cue per word, the cue's id the word's index in
 * the lesson (its `lesson_words.position`) and its text the word, so the player lights word
 * `id` from `start` to `end` whatever the browser makes of the text.
 */
export interface WordCue {
  /** The word's index in the lesson, from 0. */
  index: number;
  /** Seconds from the start of the track. */
  start: number;
  end: number;
  text: string;
}

/** A VTT file that cannot be used, with the reason in words a staff member can act on. */
export class VttError extends Error {}

/** `hh:mm:ss.mmm`, rounded to the millisecond. */
export function formatTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const escapeText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const unescapeText = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** A WebVTT file of the cues, each under its id: the word cues here, the help videos' captions. */
export function writeVtt(
  cues: readonly { id: string | number; start: number; end: number; text: string }[],
): string {
  const blocks = cues.map(
    (c) =>
      `${c.id}\n${formatTimestamp(c.start)} --> ${formatTimestamp(c.end)}\n${escapeText(c.text)}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

export const writeWordCues = (cues: readonly WordCue[]) =>
  writeVtt(cues.map(({ index, ...cue }) => ({ id: index, ...cue })));

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function parseTimestamp(text: string, where: string): number {
  const m = TIMESTAMP.exec(text);
  if (!m) throw new VttError(`${where}: "${text}" is not a time (hh:mm:ss.mmm)`);
  const [, h = "0", min = "0", s = "0", ms = "0"] = m;
  return Number(h) * 3600 + Number(min) * 60 + Number(s) + Number(ms) / 1000;
}

/**
 * Reads word cues, refusing what the player could not follow: no WEBVTT header, a cue without
 * a numeric id (the word index), bad times, a cue ending before it starts, and cues out of
 * order (by time, or by word index), and indexes at or past `wordCount` when given.
 */
export function parseWordCues(source: string, wordCount?: number): WordCue[] {
  const blocks = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  const header = blocks.shift();
  if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header.split("\n")[0] ?? ""))
    throw new VttError("The file does not start with WEBVTT");
  const cues: WordCue[] = [];
  for (const block of blocks) {
    if (/^(NOTE|STYLE|REGION)\b/.test(block)) continue;
    const lines = block.split("\n");
    const arrowAt = lines.findIndex((l) => l.includes("-->"));
    const where = `Cue ${cues.length + 1}`;
    if (arrowAt !== 1)
      throw new VttError(`${where}: needs the word index on the line before its times`);
    const id = (lines[0] ?? "").trim();
    if (!/^\d+$/.test(id)) throw new VttError(`${where}: its id "${id}" is not a word index`);
    const [startText = "", rest = ""] = (lines[1] ?? "").split("-->").map((p) => p.trim());
    const start = parseTimestamp(startText, where);
    const end = parseTimestamp(rest.split(/[ \t]+/)[0] ?? "", where);
    if (end < start) throw new VttError(`${where}: ends before it starts`);
    const index = Number(id);
    const previous = cues.at(-1);
    if (previous && (start < previous.start || index <= previous.index))
      throw new VttError(`${where}: out of order`);
    if (wordCount !== undefined && index >= wordCount)
      throw new VttError(`${where}: the lesson has no word ${index} (it has ${wordCount} words)`);
    cues.push({ index, start, end, text: unescapeText(lines.slice(2).join("\n")) });
  }
  if (cues.length === 0) throw new VttError("The file has no cues");
  return cues;
}
