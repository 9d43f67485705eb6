/** A per-student export (issue 19): a ZIP of everything Refrain holds about one student. */
export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
