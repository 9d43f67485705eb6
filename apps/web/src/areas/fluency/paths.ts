import type { RecordingsTab } from "./api/recordings.ts";

/** The review page's address of a tab, which the page reads back from `?tab=`. */
export const reviewPath = (tab: RecordingsTab) => `/teacher/fluency/videos?tab=${tab}`;
