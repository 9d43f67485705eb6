import { READING_LEVELS, splitLyrics } from "@refrain/domain";
import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { examAnswers, examQuestions, lessons, lessonWords } from "../db/schema/index.ts";
import { benchmarks } from "./content/benchmarks.ts";
import { lessons23 } from "./content/lessons-2-3.ts";
import { lessons45 } from "./content/lessons-4-5.ts";
import { lessonsK1 } from "./content/lessons-k-1.ts";
import type { LessonContent } from "./content/types.ts";

/** Our own lesson catalog: song-lyric lessons for Kindergarten to 5th grade and benchmarks. */
export const CATALOG: LessonContent[] = [...lessonsK1, ...lessons23, ...lessons45, ...benchmarks];

const LETTERS = ["A", "B", "C", "D"] as const;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Loads the lesson catalog into an empty lessons table; returns how many lessons it added. */
export async function ensureCatalog(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(lessons);
  if ((existing?.n ?? 0) > 0) return 0;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(lessons)
      .values(
        CATALOG.map((c) => {
          const level = READING_LEVELS.find((l) => l.id === c.planId);
          return {
            slug: c.slug,
            title: c.title,
            planId: c.planId,
            gradeLabel: c.benchmarkGrade
              ? `Grade ${c.benchmarkGrade} Benchmark`
              : (level?.gradeLabel ?? ""),
            benchmarkGrade: c.benchmarkGrade ?? null,
            lexile: c.lexile,
            wordsPerMinute: c.wordsPerMinute,
            storyGenre: c.storyGenre,
            subject: c.subject,
            musicGenre: c.musicGenre,
            logo: `${c.slug}.svg`,
            lyrics: c.lyrics,
            extensionPrompt: c.extensionPrompt,
          };
        }),
      )
      .returning({ id: lessons.id, slug: lessons.slug });
    const idOf = new Map(inserted.map((r) => [r.slug, r.id]));

    const words = CATALOG.flatMap((c) =>
      splitLyrics(c.lyrics).map((w, position) => ({
        lessonId: idOf.get(c.slug) as number,
        position,
        ...w,
      })),
    );
    for (const batch of chunks(words, 2000)) await tx.insert(lessonWords).values(batch);

    const questionRows = CATALOG.flatMap((c) => {
      const perDay = new Map<number, number>();
      return c.questions.map((q) => {
        const position = (perDay.get(q.day) ?? 0) + 1;
        perDay.set(q.day, position);
        return {
          lessonId: idOf.get(c.slug) as number,
          day: q.day,
          position,
          question: q.question,
          source: q,
        };
      });
    });
    const answers: (typeof examAnswers.$inferInsert)[] = [];
    for (const batch of chunks(questionRows, 500)) {
      const ids = await tx
        .insert(examQuestions)
        .values(batch.map(({ source: _s, ...row }) => row))
        .returning({ id: examQuestions.id });
      batch.forEach((row, i) => {
        const questionId = ids[i]?.id as number;
        row.source.answers.forEach((text, a) => {
          answers.push({
            questionId,
            letter: LETTERS[a] as string,
            text,
            correct: a === row.source.correct,
          });
        });
      });
    }
    for (const batch of chunks(answers, 2000)) await tx.insert(examAnswers).values(batch);
  });
  return CATALOG.length;
}
