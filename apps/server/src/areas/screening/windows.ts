import {
  defaultWindows,
  type FieldErrors,
  type PassagesByGrade,
  SCREENED_GRADES,
  type WindowSource,
  type WindowsAnswer,
  type WindowsInput,
  type WindowWithPassages,
  windowMessages,
} from "@refrain/domain";
import { and, asc, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { forbidden, invalid } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { benchmarkCalendars, lessons, schools, users } from "../../db/schema/index.ts";

/**
 * A school year's benchmark windows (issue 39, docs/decisions/0037): a district's bind its
 * schools; a school's own apply where its district set none; a teacher with no school sets their
 * own class's; a year nobody set uses the defaults.
 */

/** The calendars that may apply to a caller's students: their district's, school's, own. */
export interface CalendarScope {
  districtId: number | null;
  schoolId: number | null;
  /** A teacher with no school: their class's own. */
  teacherId: number | null;
}

type Caller = Pick<Auth["user"], "id" | "role" | "schoolId" | "districtId">;

/** Whose windows a caller's students read in: through their school to its district. */
export async function scopeOf(db: Db, caller: Caller): Promise<CalendarScope> {
  const none = { districtId: null, schoolId: null, teacherId: null };
  if (caller.role === "district_admin") return { ...none, districtId: caller.districtId };
  if (caller.schoolId === null)
    return caller.role === "teacher" ? { ...none, teacherId: caller.id } : none;
  const [school] = await db
    .select({ districtId: schools.districtId })
    .from(schools)
    .where(eq(schools.id, caller.schoolId));
  return { districtId: school?.districtId ?? null, schoolId: caller.schoolId, teacherId: null };
}

/** The scope of a class, by its owner: the students' windows are their teacher's. */
export async function scopeOfClass(db: Db, teacherId: number): Promise<CalendarScope> {
  const [owner] = await db
    .select({
      id: users.id,
      role: users.role,
      schoolId: users.schoolId,
      districtId: users.districtId,
    })
    .from(users)
    .where(eq(users.id, teacherId));
  if (!owner) return { districtId: null, schoolId: null, teacherId: null };
  return scopeOf(db, owner);
}

/** Each screened grade's benchmark passages, in catalog order. */
export async function passageChoices(
  db: Db,
): Promise<Record<string, { id: number; title: string }[]>> {
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, grade: lessons.benchmarkGrade })
    .from(lessons)
    .where(isNotNull(lessons.benchmarkGrade))
    .orderBy(asc(lessons.id));
  const choices: Record<string, { id: number; title: string }[]> = {};
  for (const grade of SCREENED_GRADES) choices[grade] = [];
  for (const row of rows) choices[String(row.grade)]?.push({ id: row.id, title: row.title });
  return choices;
}

/** The windows of a year nobody set: the usual months, each grade reading its first three passages. */
export function defaultCalendar(
  year: number,
  choices: Record<string, { id: number }[]>,
): WindowWithPassages[] {
  const passages = Object.fromEntries(
    SCREENED_GRADES.map((g) => [String(g), (choices[g] ?? []).slice(0, 3).map((c) => c.id)]),
  ) as PassagesByGrade;
  return defaultWindows(`${year}-07-01`).map((w) => ({ ...w, passages }));
}

interface Resolved {
  windows: WindowWithPassages[];
  source: WindowSource;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** A year's calendar row as the resolution reads it. */
interface CalendarRow {
  districtId: number | null;
  schoolId: number | null;
  teacherId: number | null;
  windows: WindowWithPassages[];
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
}

/** The year's calendars of any of the districts, schools and schoolless teachers named. */
export async function calendarRows(
  db: Db,
  year: number,
  owners: { districtIds: number[]; schoolIds: number[]; teacherIds: number[] },
): Promise<CalendarRow[]> {
  const conditions: SQL[] = [];
  if (owners.districtIds.length > 0)
    conditions.push(inArray(benchmarkCalendars.districtId, owners.districtIds));
  if (owners.schoolIds.length > 0)
    conditions.push(inArray(benchmarkCalendars.schoolId, owners.schoolIds));
  if (owners.teacherIds.length > 0)
    conditions.push(inArray(benchmarkCalendars.teacherId, owners.teacherIds));
  if (conditions.length === 0) return [];
  return db
    .select({
      districtId: benchmarkCalendars.districtId,
      schoolId: benchmarkCalendars.schoolId,
      teacherId: benchmarkCalendars.teacherId,
      windows: benchmarkCalendars.windows,
      updatedAt: benchmarkCalendars.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(benchmarkCalendars)
    .leftJoin(users, eq(users.id, benchmarkCalendars.updatedBy))
    .where(and(eq(benchmarkCalendars.schoolYear, year), or(...conditions)));
}

/**
 * The calendar in force for a scope among rows: its district's binds it, else its school's,
 * else the schoolless teacher's own; undefined when none was set (the defaults apply).
 */
export function calendarFor(
  rows: readonly CalendarRow[],
  scope: CalendarScope,
): CalendarRow | undefined {
  const of = (match: (r: CalendarRow) => boolean) => rows.find(match);
  return (
    (scope.districtId === null ? undefined : of((r) => r.districtId === scope.districtId)) ??
    (scope.schoolId === null ? undefined : of((r) => r.schoolId === scope.schoolId)) ??
    (scope.teacherId === null ? undefined : of((r) => r.teacherId === scope.teacherId))
  );
}

/** The windows in force for a scope and year, and who set them. */
export async function windowsIn(
  db: Db,
  scope: CalendarScope,
  year: number,
  choices?: Record<string, { id: number }[]>,
): Promise<Resolved> {
  const ids = (id: number | null) => (id === null ? [] : [id]);
  const rows = await calendarRows(db, year, {
    districtIds: ids(scope.districtId),
    schoolIds: ids(scope.schoolId),
    teacherIds: ids(scope.teacherId),
  });
  const found = calendarFor(rows, scope);
  if (found) {
    const name = [found.firstName, found.lastName].filter(Boolean).join(" ");
    return {
      windows: found.windows,
      source: found.districtId !== null ? "district" : found.schoolId !== null ? "school" : "class",
      updatedAt: found.updatedAt,
      updatedBy: name || null,
    };
  }
  return {
    windows: defaultCalendar(year, choices ?? (await passageChoices(db))),
    source: "default",
    updatedAt: null,
    updatedBy: null,
  };
}

/**
 * Whether a caller may set their scope's windows: a district admin always, a school admin where
 * the district set none, a teacher with no school.
 */
const editableBy = (caller: Caller, source: WindowSource) =>
  caller.role === "district_admin" ||
  (caller.role === "school_admin" && source !== "district") ||
  (caller.role === "teacher" && caller.schoolId === null);

/** The windows a caller's students read in for a year, with the passages to choose from. */
export async function windowsFor(db: Db, caller: Caller, year: number): Promise<WindowsAnswer> {
  const choices = await passageChoices(db);
  const resolved = await windowsIn(db, await scopeOf(db, caller), year, choices);
  return {
    year,
    windows: resolved.windows,
    source: resolved.source,
    editable: editableBy(caller, resolved.source),
    choices,
    updatedAt: resolved.updatedAt?.toISOString() ?? null,
    updatedBy: resolved.updatedBy,
  };
}

/** The owner column and id a caller's windows are saved under. */
function ownerOf(caller: Caller): Partial<CalendarScope> {
  if (caller.role === "district_admin" && caller.districtId !== null)
    return { districtId: caller.districtId };
  if (caller.role === "school_admin" && caller.schoolId !== null)
    return { schoolId: caller.schoolId };
  if (caller.role === "teacher" && caller.schoolId === null) return { teacherId: caller.id };
  throw forbidden(windowMessages.setBySchool);
}

/** Every passage named must be a benchmark passage of its grade; else 422 on that grade. */
function checkPassages(
  input: WindowsInput,
  choices: Record<string, { id: number }[]>,
): FieldErrors | null {
  const errors: FieldErrors = {};
  input.windows.forEach((w, i) => {
    for (const grade of SCREENED_GRADES) {
      const allowed = new Set((choices[grade] ?? []).map((c) => c.id));
      if (!w.passages[grade].every((id) => allowed.has(id)))
        errors[`windows.${i}.passages.${grade}`] = [windowMessages.notPassage];
    }
  });
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Sets the year's windows for the caller's district, school or family. */
export async function saveWindows(
  db: Db,
  auth: Pick<Auth, "user" | "impersonator">,
  input: WindowsInput,
  ip: string,
): Promise<WindowsAnswer> {
  const caller = auth.user;
  const owner = ownerOf(caller);
  const choices = await passageChoices(db);
  const problems = checkPassages(input, choices);
  if (problems) throw invalid(problems);
  await db.transaction(async (tx) => {
    const current = await windowsIn(tx, await scopeOf(tx, caller), input.year, choices);
    if (!editableBy(caller, current.source)) throw forbidden(windowMessages.setByDistrict);
    const [key] = Object.keys(owner) as [keyof CalendarScope];
    const column = benchmarkCalendars[key];
    const changes = { windows: input.windows, updatedBy: caller.id, updatedAt: new Date() };
    await tx
      .insert(benchmarkCalendars)
      .values({ ...owner, schoolYear: input.year, ...changes })
      .onConflictDoUpdate({
        target: [column, benchmarkCalendars.schoolYear],
        targetWhere: isNotNull(column),
        set: changes,
      });
    await recordAudit(tx, {
      actor: auth,
      action: "screening.windows",
      target: null,
      ip,
      details: {
        owner,
        year: input.year,
        windows: input.windows.map(({ season, start, end }) => ({ season, start, end })),
      },
    });
  });
  return windowsFor(db, caller, input.year);
}

/** Each school's windows for a year: its district's, else its own, else the defaults. */
export async function calendarsOf(
  db: Db,
  schoolRows: readonly { id: number; districtId: number | null }[],
  year: number,
): Promise<Map<number, WindowWithPassages[]>> {
  const rows = await calendarRows(db, year, {
    districtIds: [
      ...new Set(schoolRows.flatMap((s) => (s.districtId === null ? [] : [s.districtId]))),
    ],
    schoolIds: schoolRows.map((s) => s.id),
    teacherIds: [],
  });
  const defaults = defaultCalendar(year, await passageChoices(db));
  return new Map(
    schoolRows.map((school) => [
      school.id,
      calendarFor(rows, { districtId: school.districtId, schoolId: school.id, teacherId: null })
        ?.windows ?? defaults,
    ]),
  );
}
