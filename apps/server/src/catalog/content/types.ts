/**
 * The shape of one demo lesson as we write it. Every text here is original to Refrain
 * (never copied lyrics, poems or passages), so the demo world can ship with the product.
 */
export type ReadingLevelId = 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface ExamQuestionContent {
  /** Days 1–3 are multiple-choice comprehension exams. */
  day: 1 | 2 | 3;
  question: string;
  /** Exactly four answer texts, shown as A–D. */
  answers: [string, string, string, string];
  /** Index (0–3) of the one correct answer. */
  correct: 0 | 1 | 2 | 3;
}

export interface LessonContent {
  /** Stable kebab-case key; the generator derives ids from the order of the catalog. */
  slug: string;
  title: string;
  /** 6 Kindergarten, 7 First … 11 Fifth Grade, 12 Benchmark Passages. */
  planId: ReadingLevelId;
  /** Grade a benchmark passage is written for (1–5); only on planId 12. */
  benchmarkGrade?: 1 | 2 | 3 | 4 | 5;
  /** Estimated text difficulty on a Lexile-like scale (e.g. 180 for Kindergarten, 850 for 5th grade). */
  lexile: number;
  /** Read-along tempo in words per minute. */
  wordsPerMinute: number;
  storyGenre: string;
  subject: string;
  musicGenre: string;
  /** Lines separated by "\n", stanzas by a blank line. */
  lyrics: string;
  /** At least four per day 1, 2 and 3. */
  questions: ExamQuestionContent[];
  /** The day 4 written-extension prompt, answered in a few sentences. */
  extensionPrompt: string;
}
