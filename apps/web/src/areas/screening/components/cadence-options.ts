import { CADENCE_DAYS, CADENCE_LABELS } from "@refrain/domain";

/** How often a monitored student reads, as the plan forms' select offers it. */
export const CADENCE_OPTIONS = CADENCE_DAYS.map((days) => ({
  value: String(days),
  label: CADENCE_LABELS[days],
}));
