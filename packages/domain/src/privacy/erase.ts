/** What a deletion ledger row names (ids only, never a name): see docs/decisions/0026. */
export const ERASED_SUBJECTS = ["student", "teacher", "parent", "recording_media"] as const;
export type ErasedSubject = (typeof ERASED_SUBJECTS)[number];
