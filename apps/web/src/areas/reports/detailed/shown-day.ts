// Made once: making an Intl.DateTimeFormat takes about 35 times as long as using one, and a report
// has a row per attempt.
const DAY = new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "numeric" });

/**
 * The teacher's calendar day of an instant (ISO 8601), as the screen shows dates: MM/DD/YYYY
 * (grading spec §5). Local, not UTC: an attempt made on a Monday evening in California is a
 * Tuesday in UTC but a Monday to its teacher.
 */
export function shownDay(iso: string): string {
  return DAY.format(new Date(iso));
}
