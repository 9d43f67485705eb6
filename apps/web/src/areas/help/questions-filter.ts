import type { Role } from "@refrain/domain";
import { readable } from "./audience.ts";
import type { QuestionGroup } from "./content/questions.ts";

/**
 * The Q and A page's search, kept pure so it is tested without a browser: what a query
 * matches, and which parts of a text to highlight. Matching ignores case and accents ("resume"
 * finds "résumé") and typographic quotes, and every word of the query must occur in the question
 * or its answer.
 */

const QUOTES: Record<string, string> = { "‘": "'", "’": "'", "“": '"', "”": '"' };

/** One character (code point) as the search compares it: may become several, or none. */
function foldChar(char: string): string {
  return (QUOTES[char] ?? char).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The text as the search compares it, with where each of its characters came from in the
 * original (`origins[i]` is the original index of folded character `i`), so a match found in
 * the folded text can be marked in the original one.
 */
export function foldText(text: string): { folded: string; origins: number[] } {
  let folded = "";
  const origins: number[] = [];
  let index = 0;
  for (const char of text) {
    const out = foldChar(char);
    folded += out;
    for (let i = 0; i < out.length; i++) origins.push(index);
    index += char.length;
  }
  return { folded, origins };
}

/** The query's words, folded, without repeats; none for a blank query. */
export function searchTerms(query: string): string[] {
  return [...new Set(foldText(query).folded.split(/\s+/).filter(Boolean))];
}

/** Does every term occur somewhere in `texts`? */
function matchesAll(texts: readonly string[], terms: readonly string[]): boolean {
  const haystack = texts.map((text) => foldText(text).folded).join("\n");
  return terms.every((term) => haystack.includes(term));
}

export interface QuestionSearch {
  /** The groups with their matching questions, in the order given; groups left empty are dropped. */
  groups: QuestionGroup[];
  /** How many questions matched. */
  count: number;
  /** The folded words searched for; none when the query is blank (everything shows). */
  terms: string[];
}

/** The questions whose question or answer holds every word of `query`. */
export function filterQuestions(groups: readonly QuestionGroup[], query: string): QuestionSearch {
  const terms = searchTerms(query);
  const kept = groups
    .map((group) => ({
      ...group,
      questions:
        terms.length === 0
          ? group.questions
          : group.questions.filter((q) => matchesAll([q.question, q.answer], terms)),
    }))
    .filter((group) => group.questions.length > 0);
  return {
    groups: kept,
    count: kept.reduce((sum, group) => sum + group.questions.length, 0),
    terms,
  };
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * `text` cut into runs that match one of `terms` and runs that do not, in order; overlapping
 * or touching matches make one run. Joined again, the runs give `text` back unchanged.
 */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const { folded, origins } = foldText(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      const start = origins[at] as number;
      const last = origins[at + term.length - 1] as number;
      // Past the whole last character (two code units above U+FFFF) and any accent that follows
      // it as a mark of its own, which folds to nothing: up to the next compared character.
      const width = (text.codePointAt(last) ?? 0) > 0xffff ? 2 : 1;
      const end = Math.max(origins[at + term.length] ?? text.length, last + width);
      ranges.push([start, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: TextPart[] = [];
  let done = 0;
  for (const [start, end] of ranges) {
    if (end <= done) continue;
    if (start > done) parts.push({ text: text.slice(done, start), match: false });
    const from = Math.max(start, done);
    const previous = parts.at(-1);
    if (previous?.match && from === done) previous.text += text.slice(from, end);
    else parts.push({ text: text.slice(from, end), match: true });
    done = end;
  }
  if (done < text.length) parts.push({ text: text.slice(done), match: false });
  return parts;
}

/**
 * The groups `role` reads, with the questions of them they read (audience.ts), the reader's own
 * group first (a school admin sees the school admins' questions on top), the rest as given.
 */
export function groupsFor(groups: readonly QuestionGroup[], role: Role): QuestionGroup[] {
  const shown = readable(
    role,
    groups,
    (group) => group.questions,
    (group, questions) => ({ ...group, questions }),
  );
  const own = shown.filter((group) => group.role === role);
  return [...own, ...shown.filter((group) => group.role !== role)];
}
