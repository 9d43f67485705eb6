import { z } from "zod";
import { contract } from "../contract.ts";
import { privacyCall } from "../privacy.ts";
import { dataResponse, idParam } from "../validation.ts";

/**
 * How long a recording's media is kept (issue 19, docs/decisions/0026). The product's rule
 * (RECORDING_RETENTION) is either the end of the school year the recording was made in plus a
 * grace period, or a number of days after it was made. A district may shorten it
 * (`districts.recording_retention_days`); the earlier date wins. 0 days keeps nothing after
 * grading: a graded reading's media goes at the next daily run, an ungraded one waits until it
 * is graded or until the school-year date, whichever comes first. The row and its grades stay.
 */
export const RETENTION_LIMITS = { minDays: 0, maxDays: 730 } as const;
export const RETENTION_DEFAULTS = { graceDays: 30, outboxDays: 90 } as const;

const DAY_MS = 86_400_000;

/**
 * The last day of the school year `at` falls in: 30 June (00:00 UTC), this year's until the end
 * of June, next year's from 1 July. A school's site licence ends on the same day.
 */
export function schoolYearEnd(at: Date): Date {
  const year = at.getUTCMonth() >= 6 ? at.getUTCFullYear() + 1 : at.getUTCFullYear();
  return new Date(Date.UTC(year, 5, 30));
}

/** The product's rule: `days` null keeps media to the school year's end plus `graceDays`. */
export interface ProductRetention {
  days: number | null;
  graceDays: number;
}

export interface KeptUntil {
  /** When the media is due to go: the first daily run at or after it removes it. */
  until: Date;
  /** Kept only until it is graded (a 0-day rule, not graded yet); `until` is the fallback. */
  untilGraded: boolean;
}

/**
 * When a recording's media is due to go. `gradedAt` is the reading's grading time; for a
 * comparison (never graded itself) the later of its two parts' once both are graded, else null.
 */
export function recordingKeptUntil(
  recording: { createdAt: Date; gradedAt: Date | null },
  product: ProductRetention,
  districtDays: number | null,
): KeptUntil {
  const schoolYear: KeptUntil = {
    until: new Date(schoolYearEnd(recording.createdAt).getTime() + product.graceDays * DAY_MS),
    untilGraded: false,
  };
  const byDays = (days: number): KeptUntil => {
    if (days > 0)
      return { until: new Date(recording.createdAt.getTime() + days * DAY_MS), untilGraded: false };
    if (recording.gradedAt) return { until: recording.gradedAt, untilGraded: false };
    return { ...schoolYear, untilGraded: true };
  };
  const productRule = product.days === null ? schoolYear : byDays(product.days);
  if (districtDays === null) return productRule;
  const districtRule = byDays(districtDays);
  return districtRule.until.getTime() <= productRule.until.getTime() ? districtRule : productRule;
}

/** A retention period in days, typed in a form (blank: the product's default). */
export const retentionDays = z
  .number({
    error: `Enter a whole number of days from ${RETENTION_LIMITS.minDays} to ${RETENTION_LIMITS.maxDays}.`,
  })
  .int(
    `Enter a whole number of days from ${RETENTION_LIMITS.minDays} to ${RETENTION_LIMITS.maxDays}.`,
  )
  .min(RETENTION_LIMITS.minDays, "Days cannot be below 0.")
  .max(RETENTION_LIMITS.maxDays, `Days cannot be more than ${RETENTION_LIMITS.maxDays}.`);

export const districtRetentionBody = z.strictObject({ days: retentionDays.nullable() });
export type DistrictRetentionInput = z.infer<typeof districtRetentionBody>;

const districtRetention = z.object({
  /** The district's own days, or null for the product's default. */
  days: z.number().nullable(),
  /** The product's default in words, e.g. "the end of the school year (June 30) plus 30 days". */
  productDefault: z.string(),
});
export type DistrictRetention = z.infer<typeof districtRetention>;

/** The product's rule in words, for the district's settings and the teacher's pages. */
export function describeRetention(product: ProductRetention): string {
  if (product.days === null)
    return `until the end of the school year it was made in (June 30) plus ${product.graceDays} days`;
  if (product.days === 0) return "until it is graded";
  return `for ${product.days} days after it was made`;
}

/** How long a recording's media are kept, as the retention and view-log pages show it. */
export const retentionFields = {
  /** ISO 8601: when the media is due to go. */
  keptUntil: z.string(),
  untilGraded: z.boolean(),
  /** ISO 8601 once retention removed the media; the grades stay. */
  purgedAt: z.string().nullable(),
};

const recordingRetention = z.object({ id: z.number(), ...retentionFields });
export type RecordingRetention = z.infer<typeof recordingRetention>;

export const retentionMessages = {
  districtSaved: "Recording retention saved",
  removed: "This video was removed under the retention policy; its grades are kept.",
} as const;

export const retentionCalls = {
  classRecordings: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "GET",
    path: "/privacy/recordings/retention",
    summary: "How long each recording of the caller's class is kept, and which were removed",
    response: dataResponse(z.array(recordingRetention)),
  }),
  district: contract({
    ...privacyCall,
    policy: "districtAdmins",
    method: "GET",
    path: "/privacy/districts/:districtId/retention",
    summary: "The district admin's district's recording retention",
    params: z.object({ districtId: idParam }),
    response: dataResponse(districtRetention),
  }),
  updateDistrict: contract({
    ...privacyCall,
    policy: "districtAdmins",
    method: "POST",
    path: "/privacy/districts/:districtId/retention",
    summary: "Shorten the district's recording retention (blank: the product's default)",
    params: z.object({ districtId: idParam }),
    body: districtRetentionBody,
    response: z.object({ success: z.literal(true), data: districtRetention, message: z.string() }),
  }),
};
