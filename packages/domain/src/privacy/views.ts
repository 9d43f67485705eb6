/** Who watched a recording (issue 19): each view is logged, and the log is shown and exported. */
export const VIEWER_KINDS = [
  "teacher",
  "admin",
  "impersonating_admin",
  "shared_link",
  "staff",
] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];
