/** Reading-level plan ids (classroom spec §3); 12 holds the benchmark passages. */
export const READING_LEVELS = [
  { id: 6, name: "Kindergarten", gradeLabel: "Kindergarten" },
  { id: 7, name: "First Grade", gradeLabel: "1st Grade" },
  { id: 8, name: "Second Grade", gradeLabel: "2nd Grade" },
  { id: 9, name: "Third Grade", gradeLabel: "3rd Grade" },
  { id: 10, name: "Fourth Grade", gradeLabel: "4th Grade" },
  { id: 11, name: "Fifth Grade", gradeLabel: "5th Grade" },
  { id: 12, name: "Benchmark Passages", gradeLabel: "All Benchmarks" },
] as const;
export type ReadingLevel = (typeof READING_LEVELS)[number];
export type PlanId = ReadingLevel["id"];
/** Levels a student can be placed on (benchmarks are not a class level). */
export const STUDENT_PLAN_IDS = [6, 7, 8, 9, 10, 11] as const;
export const BENCHMARK_PLAN_ID = 12;

export function readingLevel(planId: number): ReadingLevel | undefined {
  return READING_LEVELS.find((level) => level.id === planId);
}

export const GRADE_TAG_KEYS = [
  "kindergarten",
  "first-grade",
  "second-grade",
  "third-grade",
  "fourth-grade",
  "fifth-grade",
  "all-benchmarks",
  "unknown",
] as const;
export type GradeTagKey = (typeof GRADE_TAG_KEYS)[number];

/** The grade tag's key, derived from the grade text (classroom spec §3 "Grade tag"). */
export function gradeTagKey(gradeText: string): GradeTagKey {
  const t = gradeText.toLowerCase();
  if (t.includes("benchmark")) return "all-benchmarks";
  if (t.includes("kinder")) return "kindergarten";
  const ordinals: [RegExp, GradeTagKey][] = [
    [/\b(1st|first)\b/, "first-grade"],
    [/\b(2nd|second)\b/, "second-grade"],
    [/\b(3rd|third)\b/, "third-grade"],
    [/\b(4th|fourth)\b/, "fourth-grade"],
    [/\b(5th|fifth)\b/, "fifth-grade"],
  ];
  return ordinals.find(([re]) => re.test(t))?.[1] ?? "unknown";
}

/**
 * Whether a grade label says no more than a reading level's name ("1st Grade" beside "First
 * Grade", "Kindergarten" beside "Kindergarten"), so that showing both would repeat it. A
 * benchmark's label names its grade, which "Benchmark Passages" does not.
 */
export function gradeLabelRepeats(levelName: string, gradeLabel: string): boolean {
  if (levelName.trim().toLowerCase() === gradeLabel.trim().toLowerCase()) return true;
  const key = gradeTagKey(levelName);
  return key !== "unknown" && key !== "all-benchmarks" && key === gradeTagKey(gradeLabel);
}

/** A word of a lesson's text with its stable id, as graders and readers refer to it. */
export interface LessonWord {
  id: number;
  text: string;
  line: number;
}

/**
 * Splits lyrics into words with their line numbers. Stanza breaks (blank lines) keep their
 * line numbers so the text can be laid out again exactly.
 */
export function splitLyrics(lyrics: string): { text: string; line: number }[] {
  const words: { text: string; line: number }[] = [];
  lyrics.split("\n").forEach((lineText, line) => {
    for (const word of lineText.split(/\s+/)) if (word) words.push({ text: word, line });
  });
  return words;
}
