import {
  dateText as dayIn,
  dateTimeText as momentIn,
  dateRangeText as rangeIn,
} from "@refrain/domain";

/*
 * Dates the server writes into text (mail, PDFs, the pages it renders, messages): the product's
 * one family (domain date-text.ts) in the reader's locale, en-US unless a family's. The server
 * does not know the reader's time zone, so a day is UTC's and a moment says it is in UTC.
 */
const UTC = "UTC";

/** A day: "Nov 29, 2026". */
export const dateText = (at: Date | string, locale?: string) =>
  dayIn(at, { locale, timeZone: UTC });

/** A moment: "Nov 29, 2026, 2:35 AM UTC". */
export const dateTimeText = (at: Date | string, locale?: string) =>
  momentIn(at, { locale, timeZone: UTC, zoneName: true });

/** A range of days, both ends included: "Nov 23 – Nov 29, 2026". */
export const dateRangeText = (start: Date | string, end: Date | string, locale?: string) =>
  rangeIn(start, end, { locale, timeZone: UTC });
