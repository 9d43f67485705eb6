import { BENCHMARK_PLAN_ID, type CatalogResponse, type LessonSummary } from "@refrain/domain";

/**
 * The Scope and Sequence page's reading of the catalog, kept pure so it is tested without a
 * browser: per reading level its lessons in order of difficulty, the span of their Lexile
 * measures and read-along tempos, and the genres and subjects it covers.
 */

export type CatalogLevel = CatalogResponse["data"]["levels"][number];

export interface Range {
  min: number;
  max: number;
}

/** A genre or subject and how many of the level's lessons have it. */
export interface Tally {
  name: string;
  lessons: number;
}

export interface LevelScope {
  id: number;
  name: string;
  /** From the lowest Lexile measure to the highest; equal measures by title. */
  lessons: LessonSummary[];
  lexile: Range;
  wpm: Range;
  storyGenres: Tally[];
  subjects: Tally[];
  musicGenres: Tally[];
}

export interface ScopeAndSequence {
  /** The reading levels students are placed on, in level order. */
  levels: LevelScope[];
  /** The benchmark passages, which measure progress rather than teach; null when there are none. */
  benchmarks: LevelScope | null;
}

/** The smallest and largest of `values`; null for none. */
export function rangeOf(values: readonly number[]): Range | null {
  if (values.length === 0) return null;
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** "120–230", or "140" when the range is one value. */
export const rangeText = ({ min, max }: Range) => (min === max ? `${min}` : `${min}–${max}`);

/** Each name with its number of lessons, the most common first, then by name; blanks dropped. */
export function tally(names: readonly string[]): Tally[] {
  const counts = new Map<string, number>();
  for (const raw of names) {
    const name = raw.trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, lessons]) => ({ name, lessons }))
    .sort((a, b) => b.lessons - a.lessons || a.name.localeCompare(b.name));
}

function levelScope(level: CatalogLevel): LevelScope | null {
  const lessons = [...level.lessons].sort(
    (a, b) => a.lexile_measure - b.lexile_measure || a.ltitle.localeCompare(b.ltitle),
  );
  const lexile = rangeOf(lessons.map((l) => l.lexile_measure));
  const wpm = rangeOf(lessons.map((l) => l.wordspermin));
  if (!lexile || !wpm) return null;
  return {
    id: level.id,
    name: level.name,
    lessons,
    lexile,
    wpm,
    storyGenres: tally(lessons.map((l) => l.storygenre)),
    subjects: tally(lessons.map((l) => l.subject)),
    musicGenres: tally(lessons.map((l) => l.musicgenre)),
  };
}

/** The catalog's levels as the page shows them; levels without lessons are left out. */
export function scopeAndSequence(levels: readonly CatalogLevel[]): ScopeAndSequence {
  const scopes = [...levels]
    .sort((a, b) => a.id - b.id)
    .flatMap((level) => levelScope(level) ?? []);
  return {
    levels: scopes.filter((scope) => scope.id !== BENCHMARK_PLAN_ID),
    benchmarks: scopes.find((scope) => scope.id === BENCHMARK_PLAN_ID) ?? null,
  };
}

/** From zero to the highest value rounded up to `step`: the common axis of the range bars. */
export function scaleOf(ranges: readonly Range[], step: number): Range {
  const top = Math.max(0, ...ranges.map((r) => r.max));
  return { min: 0, max: Math.max(step, Math.ceil(top / step) * step) };
}

/** Where a range sits on a scale, in percent of its width: from `left`, `width` wide. */
export function barPosition(range: Range, scale: Range): { left: number; width: number } {
  const span = scale.max - scale.min;
  const at = (value: number) => Math.min(100, Math.max(0, ((value - scale.min) / span) * 100));
  const left = at(range.min);
  return { left, width: at(range.max) - left };
}
