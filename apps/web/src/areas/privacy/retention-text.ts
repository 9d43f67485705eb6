import type { RecordingRetention } from "@refrain/domain";
import { dateText } from "../../lib/date-text.ts";

/** A retention day, in UTC as the server decides it (midnight UTC): "Jul 30, 2027". */
export const dayOf = (iso: string) => dateText(iso, { timeZone: "UTC" });

/** How long a recording's media is kept, or that retention removed it (grades stay). */
export function keptUntilText(kept: Omit<RecordingRetention, "id">): string {
  if (kept.purgedAt) return `Video removed on ${dayOf(kept.purgedAt)} — grades kept`;
  if (kept.untilGraded) return `Kept until graded (at most until ${dayOf(kept.keptUntil)})`;
  return `Kept until ${dayOf(kept.keptUntil)}`;
}
