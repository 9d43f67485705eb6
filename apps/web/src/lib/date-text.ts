/**
 * Dates as the web app shows them: the product's one family (domain date-text.ts), read in the
 * viewer's own time zone, e.g. when a recording was viewed: "Mar 4, 2026, 3:05 PM". The
 * teacher's fluency review and report screens keep the MM/DD/YYYY their spec asks for (grading
 * spec §5).
 */
export { dateRangeText, dateText, dateTimeText, timeText } from "@refrain/domain";
