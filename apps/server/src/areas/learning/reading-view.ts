import { DEFAULT_READING_VIEW, type ReadingView } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { requireStudentOf } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import { readingViews } from "../../db/schema/index.ts";

/** A student's reading view; the default one until the student or their teacher chooses. */
export async function readingViewOf(db: Db, studentId: number): Promise<ReadingView> {
  const [row] = await db
    .select({
      textSize: readingViews.textSize,
      dyslexiaFriendly: readingViews.dyslexiaFriendly,
      lineFocus: readingViews.lineFocus,
    })
    .from(readingViews)
    .where(eq(readingViews.studentId, studentId));
  return row ?? DEFAULT_READING_VIEW;
}

/** Keeps a student's reading view, whole: the schema checked every field already. */
export async function saveReadingView(
  db: Db,
  studentId: number,
  view: ReadingView,
): Promise<ReadingView> {
  await db
    .insert(readingViews)
    .values({ studentId, ...view })
    .onConflictDoUpdate({
      target: readingViews.studentId,
      set: { ...view, updatedAt: new Date() },
    });
  return view;
}

/** A teacher's student's reading view; another teacher's student reads as missing (404). */
export async function studentReadingView(db: Db, teacherId: number, studentId: number) {
  await requireStudentOf(db, teacherId, studentId);
  return readingViewOf(db, studentId);
}

/** The teacher sets the reading view of one of their students (404 for anyone else's). */
export async function saveStudentReadingView(
  db: Db,
  teacherId: number,
  studentId: number,
  view: ReadingView,
) {
  await requireStudentOf(db, teacherId, studentId);
  return saveReadingView(db, studentId, view);
}
