import type { RecordingRow } from "@refrain/domain";

/**
 * What a recording row's action column offers (grading spec §2 "Fluency review page", §4
 * "Recording list"; classroom spec §4 "Recording row action"):
 * - `view`: graded, View Grades;
 * - `compare`: processed comparison, View Comparison;
 * - `grade`: processed reading, Grade Video;
 * - `failed`: processing failed, its status with Retry;
 * - `status`: still processing, its status with animated dots.
 */
export type RowActionKind = "view" | "compare" | "grade" | "failed" | "status";

export interface RowAction {
  kind: RowActionKind;
  /** Delete is offered only for ungraded rows whose type contains "Read". */
  deletable: boolean;
  /**
   * Retry is offered wherever processing failed: beside View Grades too, since a grade stands
   * whatever became of the video (a demo reading graded before its media was made, say).
   */
  retriable: boolean;
}

type ActionFields = Pick<RecordingRow, "graded_at" | "transcode_status" | "type" | "status">;

export function rowAction(row: ActionFields): RowAction {
  const deletable = row.graded_at === null && row.type.includes("Read");
  const retriable = row.status === "failed";
  if (row.graded_at !== null) return { kind: "view", deletable, retriable };
  // The spec reads the status text itself: "if the transcode is Complete".
  if (row.transcode_status === "Complete")
    return { kind: row.type === "Comparison" ? "compare" : "grade", deletable, retriable };
  return { kind: retriable ? "failed" : "status", deletable, retriable };
}

/** The button's words for the kinds that open the grading modal. */
export const ROW_ACTION_LABELS = {
  view: "View Grades",
  compare: "View Comparison",
  grade: "Grade Video",
} as const;
