import { z } from "zod";
import { keysOf } from "../validation.ts";

// What a recording is and how far its processing got, as every list of recordings shows it: apart
// from the recording calls' schemas in fluency.ts, so that a student's home, which lists its graded
// readings, does not load them all (issue 40). fluency.ts re-exports it.

/**
 * What a reading is (grading spec §3 `classification`; `stitched` is the cold/hot comparison),
 * with the list's `type` for each: Delete is offered only for types containing " Read".
 */
export const RECORDING_TYPES = {
  cold_read: "Cold Read",
  hot_read: "Hot Read",
  benchmark: "Benchmark",
  stitched: "Comparison",
};
export const CLASSIFICATIONS = keysOf(RECORDING_TYPES);
export type Classification = (typeof CLASSIFICATIONS)[number];
/** The readings a student records; the comparison is made by the server. */
export const RECORDED_CLASSIFICATIONS = ["cold_read", "hot_read", "benchmark"] as const;
export type RecordedClassification = (typeof RECORDED_CLASSIFICATIONS)[number];

/** Where a recording is in processing; `transcode_status` is its readable text. */
export const TRANSCODE_STATUS_TEXT = {
  queued: "Queued",
  processing: "Processing",
  // The spec's row action reads this exact word.
  complete: "Complete",
  failed: "Failed",
};
export const RECORDING_STATUSES = keysOf(TRANSCODE_STATUS_TEXT);
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/**
 * While a reading is queued or processing: about how many seconds until its video is ready
 * (fluency/readiness.ts on the server: the readings ahead of it times the recent pace); null
 * once processed or failed.
 */
export const mediaReadiness = {
  ready_in_seconds: z.number().nullable(),
};

/** An estimate in whole minutes, as people say it: "about 3 minutes", never "about 0". */
export const readyInMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** What a recording is and how far its processing got, as every list of recordings shows it. */
export const recordingState = {
  classification: z.enum(CLASSIFICATIONS),
  type: z.string(),
  status: z.enum(RECORDING_STATUSES),
  transcode_status: z.string(),
};

/** Where the processed video (or M4A) and its picture are served, once processed. */
export const processedMedia = {
  video_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
};
