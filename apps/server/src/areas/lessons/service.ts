import {
  type AssignableLesson,
  BENCHMARK_PLAN_ID,
  type CatalogResponse,
  type LessonDetail,
  type LessonSummary,
  type LessonsByLevelResponse,
  lessonsCalls,
  pathOf,
  READING_LEVELS,
} from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { lessons, lessonWords } from "../../db/schema/index.ts";

/** The columns a lesson card shows (`presentLesson`): not the lyrics or the prompt. */
export const lessonSummaryColumns = {
  id: lessons.id,
  title: lessons.title,
  gradeLabel: lessons.gradeLabel,
  planId: lessons.planId,
  storyGenre: lessons.storyGenre,
  subject: lessons.subject,
  musicGenre: lessons.musicGenre,
  lexile: lessons.lexile,
  wordsPerMinute: lessons.wordsPerMinute,
};
type LessonRow = Pick<typeof lessons.$inferSelect, keyof typeof lessonSummaryColumns>;

export const logoUrl = (lessonId: number) => pathOf(lessonsCalls.logo, { lessonId });
/** Benchmark passages share one fixed logo (classroom spec §3 "Lesson"). */
export const BENCHMARK_LOGO_URL = lessonsCalls.benchmarkLogo.path;
export const worksheetUrl = (lessonId: number) => pathOf(lessonsCalls.worksheet, { lessonId });

export function presentLesson(l: LessonRow): LessonSummary {
  return {
    lessonid: l.id,
    ltitle: l.title,
    logo_url: logoUrl(l.id),
    gradeLabel: l.gradeLabel,
    planid: l.planId,
    storygenre: l.storyGenre,
    subject: l.subject,
    musicgenre: l.musicGenre,
    lexile_measure: l.lexile,
    wordspermin: l.wordsPerMinute,
  };
}

/** Every lesson, grouped by reading level in level order. */
export async function listCatalog(db: Db): Promise<CatalogResponse["data"]> {
  const rows = await db
    .select(lessonSummaryColumns)
    .from(lessons)
    .orderBy(asc(lessons.planId), asc(lessons.id));
  return {
    levels: READING_LEVELS.map((level) => ({
      id: level.id,
      name: level.name,
      gradeLabel: level.gradeLabel,
      lessons: rows.filter((l) => l.planId === level.id).map(presentLesson),
    })).filter((level) => level.lessons.length > 0),
  };
}

/**
 * The assignment and worksheets pages' lessons: reading level name → its lessons, levels in
 * order (JSON keeps the insertion order of non-numeric keys).
 */
export async function listLessonsByLevel(db: Db): Promise<LessonsByLevelResponse["data"]> {
  const rows = await db.select().from(lessons).orderBy(asc(lessons.planId), asc(lessons.id));
  const data: Record<string, AssignableLesson[]> = {};
  for (const level of READING_LEVELS) {
    const ofLevel = rows.filter((l) => l.planId === level.id);
    if (ofLevel.length === 0) continue;
    data[level.name] = ofLevel.map((l) => ({
      id: l.id,
      title: l.title,
      grade_level: l.gradeLabel,
      reading_level: level.name,
      subject: l.subject,
      storygenre: l.storyGenre,
      musicgenre: l.musicGenre,
      lexile: l.lexile,
      wpm: l.wordsPerMinute,
      worksheet: worksheetUrl(l.id),
      logo: l.planId === BENCHMARK_PLAN_ID ? BENCHMARK_LOGO_URL : logoUrl(l.id),
    }));
  }
  return data;
}

export async function getLesson(db: Db, lessonId: number): Promise<LessonDetail> {
  const lesson = ownedOr404((await db.select().from(lessons).where(eq(lessons.id, lessonId)))[0]);
  const words = await db
    .select({ id: lessonWords.id, text: lessonWords.text, line: lessonWords.line })
    .from(lessonWords)
    .where(eq(lessonWords.lessonId, lessonId))
    .orderBy(asc(lessonWords.position));
  return {
    ...presentLesson(lesson),
    lyrics: lesson.lyrics,
    words,
    extensionPrompt: lesson.extensionPrompt,
  };
}

const PALETTE = ["#2f9e44", "#1971c2", "#e8590c", "#9c36b5", "#0c8599", "#c2255c", "#5f3dc4"];

/** A lesson's logo, drawn from its title: our own artwork, no third-party images. */
export async function lessonLogoSvg(db: Db, lessonId: number): Promise<string> {
  const [lesson] = await db
    .select({ title: lessons.title, planId: lessons.planId })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  const found = ownedOr404(lesson);
  const color = PALETTE[found.planId % PALETTE.length];
  const letters = found.title
    .replace(/^Grade \d Benchmark:\s*/, "")
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !/^(the|a|an|of|and|in|on|to)$/i.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="">
<rect width="120" height="120" rx="18" fill="${color}"/>
<circle cx="92" cy="28" r="9" fill="#fff" opacity=".35"/><rect x="99" y="8" width="4" height="22" fill="#fff" opacity=".35"/>
<text x="60" y="76" font-family="system-ui, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text>
</svg>`;
}

/** The one logo every benchmark passage shows: a gauge, since benchmarks measure. */
export const BENCHMARK_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="">
<rect width="120" height="120" rx="18" fill="#343a40"/>
<path d="M24 80a36 36 0 0 1 72 0" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".35"/>
<path d="M24 80a36 36 0 0 1 52-32" fill="none" stroke="#69db7c" stroke-width="8" stroke-linecap="round"/>
<line x1="60" y1="80" x2="82" y2="56" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
<circle cx="60" cy="80" r="7" fill="#fff"/>
<text x="60" y="106" font-family="system-ui, sans-serif" font-size="13" font-weight="700" fill="#fff" text-anchor="middle" letter-spacing="1">BENCHMARK</text>
</svg>`;
