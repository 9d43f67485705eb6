import {
  type BenchmarkReading,
  type DateRange,
  fluencyFiguresOf,
  type GraphResponse,
  type GraphType,
  goalStatus,
  gradeOfPlan,
  type LessonScoreRow,
  readingLevel,
  type StudentReport,
} from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { studentsOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { detailedReport } from "./detailed.ts";
import { reportGraph } from "./graphs.ts";

/**
 * One student's report for a date range: the Conference Reports page's summary and the PDF
 * report's content. Lesson rows are the detailed report's; fluency figures and the goal come
 * from the graph answers (graphs.ts), so the summary matches the charts drawn beside it.
 */

const teachers = alias(users, "teacher");

/** The teacher's student with their grade and class; 404 for anyone else's. */
async function reportStudent(db: Db, teacherId: number, studentId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      planId: users.planId,
      teacherFirst: teachers.firstName,
      teacherLast: teachers.lastName,
    })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .where(and(eq(users.id, studentId), studentsOf(teacherId)));
  return ownedOr404(row);
}

/** One graph of the student over the range, as `GET /teacher/reports/graphs` answers it. */
export function studentGraph<T extends GraphType>(
  db: Db,
  user: AuthUser,
  studentId: number,
  range: DateRange,
  type: T,
) {
  return reportGraph(db, user, {
    type,
    student_id: studentId,
    from_date: range.start_date,
    to_date: range.end_date,
  }) as Promise<Extract<GraphResponse, { type: T }>>;
}

/** Whether any of the row's work (a day taken, the latest date) falls in the range. */
function workedIn(row: LessonScoreRow, range: DateRange): boolean {
  const days = [...row.scores.days.map((d) => d.date), row.scores.most_recent_date];
  return days.some((at) => {
    const day = at?.slice(0, 10);
    return day !== undefined && day >= range.start_date && day <= range.end_date;
  });
}

/**
 * The benchmark readings the goal is judged on, from the graph's rows (a date's row is the
 * average of that date's readings; a student rarely reads two benchmarks on one day, and then
 * the two are averaged either way). Noon keeps each date's season whatever the time zone.
 */
const benchmarkReadings = (rows: Extract<GraphResponse, { type: "fluency_benchmark" }>["data"]) =>
  rows.flatMap((r): BenchmarkReading[] =>
    Array.from({ length: r.readings }, () => ({
      wcpm: r.wpm,
      at: new Date(`${r.date}T12:00:00Z`),
    })),
  );

export async function studentReport(
  db: Db,
  user: AuthUser,
  studentId: number,
  range: DateRange,
): Promise<StudentReport> {
  const student = await reportStudent(db, user.id, studentId);
  const [report, benchmark, coldHot] = await Promise.all([
    detailedReport(db, user.id, studentId),
    studentGraph(db, user, studentId, range, "fluency_benchmark"),
    studentGraph(db, user, studentId, range, "fluency_cold_hot"),
  ]);
  const planId = student.planId ?? 6;
  const goal = goalStatus(gradeOfPlan(planId), benchmarkReadings(benchmark.data));
  const lessons = [...report.completed, ...report.assigned, ...report.incompleted]
    .filter((row) => workedIn(row, range))
    .sort((a, b) =>
      (b.scores.most_recent_date ?? "").localeCompare(a.scores.most_recent_date ?? ""),
    );
  return {
    student: {
      id: student.id,
      name: `${student.firstName} ${student.lastName}`.trim(),
      grade: readingLevel(planId)?.gradeLabel ?? "",
      teacher: `${student.teacherFirst} ${student.teacherLast}`.trim(),
    },
    start_date: range.start_date,
    end_date: range.end_date,
    goal,
    lessons,
    figures: fluencyFiguresOf(benchmark.data, coldHot.data),
  };
}
