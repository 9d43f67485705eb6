// Made once: making an Intl.DateTimeFormat takes about 35 times as long as using one, and the list
// has a row per recording.
const DAY = new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "numeric" });
const TIME = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** The list's Created At: local time as MM/DD/YYYY and the time, e.g. "03/07/2026 9:05 AM". */
export function createdAt(iso: string): string {
  const date = new Date(iso);
  return `${DAY.format(date)} ${TIME.format(date)}`;
}
