import { readFile } from "node:fs/promises";
import { runHelper } from "../helper-process.ts";

/**
 * Pronunciations for the recogniser: CMUdict (Debian's pocketsphinx-en-us) for the words it
 * knows, espeak-ng's letter-to-sound rules mapped to CMU phones for the rest (a name, a made-up
 * word), and the dictionary's near neighbours of a word (one phone changed, dropped or added),
 * which stand for the words a young reader says instead ("horse" for "house").
 */

export const CMUDICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";

const VOWELS = "AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW".split(" ");
const CONSONANTS = "B CH D DH F G HH JH K L M N NG P R S SH T TH V W Y Z ZH".split(" ");
/** The 39 phones of the acoustic model (its mdef, less SIL). */
const PHONES = new Set([...VOWELS, ...CONSONANTS]);

export interface Lexicon {
  /** Every pronunciation of a word (lower case), variants included; empty when unknown. */
  prons(word: string): string[][];
  /**
   * Dictionary words one consonant away from `phones` (the word itself left out). Vowels are
   * left alone: the model hears an accent's vowels as other vowels ("up" as "op"), so a vowel
   * neighbour mostly catches words read right.
   */
  neighbours(phones: readonly string[], limit: number): string[];
}

let loaded: Promise<Lexicon> | null = null;

/** CMUdict, read once per process (about 135,000 words, a few MB). */
export function cmudict(path = CMUDICT): Promise<Lexicon> {
  loaded ??= readFile(path, "utf8").then(parseDict);
  return loaded;
}

export function parseDict(text: string): Lexicon {
  const byWord = new Map<string, string[][]>();
  const byPhones = new Map<string, string>();
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, "");
    const phones = line
      .slice(space + 1)
      .trim()
      .split(/\s+/);
    const list = byWord.get(word);
    if (list) list.push(phones);
    else byWord.set(word, [phones]);
    const key = phones.join(" ");
    // The commonest spelling of a sound is usually the shortest and has no apostrophe.
    const had = byPhones.get(key);
    if (!had || (word.length < had.length && !word.includes("'"))) byPhones.set(key, word);
  }
  return {
    prons: (word) => byWord.get(word.toLowerCase()) ?? [],
    neighbours(phones, limit) {
      const found: string[] = [];
      const self = phones.join(" ");
      const tryKey = (candidate: string[]) => {
        const key = candidate.join(" ");
        if (key === self) return;
        const word = byPhones.get(key);
        if (word && !found.includes(word)) found.push(word);
      };
      for (let i = 0; i < phones.length && found.length < limit * 4; i++) {
        if (VOWELS.includes(phones[i] as string)) continue;
        for (const phone of CONSONANTS) tryKey(phones.with(i, phone));
        if (phones.length > 1) tryKey(phones.toSpliced(i, 1));
      }
      for (let i = 1; i <= phones.length && found.length < limit * 4; i++)
        for (const phone of CONSONANTS) tryKey(phones.toSpliced(i, 0, phone));
      return spread(found, limit);
    },
  };
}

/** `limit` items spread over the list rather than its first few (changes all in one place). */
function spread<T>(items: T[], limit: number): T[] {
  if (items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)] as T);
}

/** espeak-ng's phoneme names (`-x`) to CMU phones; longest names first when read. */
const ESPEAK: [string, string[]][] = (
  [
    ["i@3", ["IH", "R"]],
    ["aI@", ["AY", "ER"]],
    ["aU@", ["AW", "ER"]],
    ["aI", ["AY"]],
    ["aU", ["AW"]],
    ["eI", ["EY"]],
    ["OI", ["OY"]],
    ["oU", ["OW"]],
    ["i@", ["IH", "R"]],
    ["e@", ["EH", "R"]],
    ["A@", ["AA", "R"]],
    ["O@", ["AO", "R"]],
    ["o@", ["AO", "R"]],
    ["U@", ["UH", "R"]],
    ["3:", ["ER"]],
    ["@L", ["AH", "L"]],
    ["A:", ["AA"]],
    ["i:", ["IY"]],
    ["O:", ["AO"]],
    ["u:", ["UW"]],
    ["a#", ["AH"]],
    ["I#", ["IH"]],
    ["I2", ["IH"]],
    ["@2", ["AH"]],
    ["@5", ["AH"]],
    ["aa", ["AE"]],
    ["tS", ["CH"]],
    ["dZ", ["JH"]],
    ["t#", ["T"]],
    ["n-", ["N"]],
    ["l-", ["L"]],
    ["r-", ["R"]],
    ["3", ["ER"]],
    ["@", ["AH"]],
    ["a", ["AE"]],
    ["A", ["AA"]],
    ["E", ["EH"]],
    ["e", ["EH"]],
    ["I", ["IH"]],
    ["i", ["IY"]],
    ["0", ["AA"]],
    ["O", ["AO"]],
    ["o", ["OW"]],
    ["U", ["UH"]],
    ["u", ["UW"]],
    ["V", ["AH"]],
    ["S", ["SH"]],
    ["Z", ["ZH"]],
    ["T", ["TH"]],
    ["D", ["DH"]],
    ["N", ["NG"]],
    ["j", ["Y"]],
    ["x", ["K"]],
    ["r", ["R"]],
    ["l", ["L"]],
    ["w", ["W"]],
    ["h", ["HH"]],
    ["p", ["P"]],
    ["b", ["B"]],
    ["t", ["T"]],
    ["d", ["D"]],
    ["k", ["K"]],
    ["g", ["G"]],
    ["f", ["F"]],
    ["v", ["V"]],
    ["s", ["S"]],
    ["z", ["Z"]],
    ["m", ["M"]],
    ["n", ["N"]],
  ] as [string, string[]][]
).sort((a, b) => b[0].length - a[0].length);

/** CMU phones of espeak-ng's reading of a word (`-x` output), stress and pauses dropped. */
export function espeakToCmu(espeak: string): string[] {
  const text = espeak.replace(/[',_:%=|!-]+(?![#:LI@-])/g, (m) => (m.includes(":") ? ":" : ""));
  const phones: string[] = [];
  let i = 0;
  while (i < text.length) {
    const hit = ESPEAK.find(([name]) => text.startsWith(name, i));
    if (hit) {
      phones.push(...hit[1]);
      i += hit[0].length;
    } else i++;
  }
  return phones.filter((p) => PHONES.has(p));
}

/** How espeak-ng would say words the dictionary lacks, one call for all of them. */
export async function guessProns(words: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (words.length === 0) return out;
  // One word per line, each its own clause: espeak-ng prints one line of phonemes per clause.
  const { stdout } = await runHelper("espeak-ng", [
    ...["-q", "-x", "-v", "en-us", "--", words.join(".\n")],
  ]);
  const lines = stdout
    .toString()
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  words.forEach((word, i) => {
    const phones = espeakToCmu(lines[i] ?? "");
    if (phones.length > 0) out.set(word, phones);
  });
  return out;
}
