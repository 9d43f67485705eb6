import type { RecordingRetention } from "@refrain/domain";

/** A day as the privacy pages show it, in UTC as the server decides it: "Jul 30, 2027". */
export const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** How long a recording's media is kept, or that retention removed it (grades stay). */
export function keptUntilText(kept: Omit<RecordingRetention, "id">): string {
  if (kept.purgedAt) return `Video removed on ${dayOf(kept.purgedAt)} — grades kept`;
  if (kept.untilGraded) return `Kept until graded (at most until ${dayOf(kept.keptUntil)})`;
  return `Kept until ${dayOf(kept.keptUntil)}`;
}
