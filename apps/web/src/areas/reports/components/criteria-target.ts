import { DATE_SHORTCUTS, type DateShortcut, shortcutRange } from "@refrain/domain";

/**
 * What a report's criteria pick (grading spec §2 "Report criteria selector"): the date range as
 * YYYY-MM-DD, and the people the report is about. Absent ids are not chosen (or not offered).
 */
export interface CriteriaValues {
  start_date: string;
  end_date: string;
  /** A student's id, or "overall" for the whole class. */
  student_id?: number | "overall";
  teacher_id?: number;
  school_id?: number;
  admin_id?: number;
}

export const PLACEHOLDERS = [
  "admin_id",
  "school_id",
  "student_id",
  "teacher_id",
  "start_date",
  "end_date",
] as const;

/**
 * The report's URL from its target template, e.g.
 * "/teacher/reports/detailed/{student_id}?start_date={start_date}&end_date={end_date}". A query
 * parameter whose placeholder has no value is left out (the report takes its default); a path
 * without one would name another page, so that throws.
 */
export function fillTarget(template: string, values: CriteriaValues): string {
  const fill = (part: string) =>
    part.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name as keyof CriteriaValues];
      if (!PLACEHOLDERS.includes(name as (typeof PLACEHOLDERS)[number])) {
        throw new Error(`Unknown placeholder ${whole} in ${template}`);
      }
      if (value === undefined) throw new MissingValue(whole);
      return encodeURIComponent(String(value));
    });
  const [path = "", query] = template.split("?", 2);
  const filledPath = fill(path);
  if (query === undefined) return filledPath;
  const params = query.split("&").flatMap((pair) => {
    try {
      return [fill(pair)];
    } catch (error) {
      if (error instanceof MissingValue) return [];
      throw error;
    }
  });
  return params.length > 0 ? `${filledPath}?${params.join("&")}` : filledPath;
}

class MissingValue extends Error {
  constructor(placeholder: string) {
    super(`No value for ${placeholder}`);
  }
}

/**
 * Today as the teacher's calendar has it, at UTC midnight: the domain's shortcuts count UTC
 * days, and an evening in California is already tomorrow in UTC.
 */
export function localToday(now = new Date()): Date {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** The shortcut that picks exactly this range today, if one does (it shows as chosen). */
export function shortcutOf(start: string, end: string, today: Date): DateShortcut | null {
  return (
    DATE_SHORTCUTS.find((shortcut) => {
      const range = shortcutRange(shortcut, today);
      return range.start === start && range.end === end;
    }) ?? null
  );
}
