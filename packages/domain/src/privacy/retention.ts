/**
 * How long a recording's media is kept (issue 19). A district may shorten the product's
 * default: 0 keeps nothing after grading; otherwise media goes this many days after the
 * recording was made, or at the default (end of its school year plus the grace), if sooner.
 */
export const RETENTION_LIMITS = { minDays: 0, maxDays: 730 } as const;
