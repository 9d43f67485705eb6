import { EMAIL_MIN_ROWS, EMAIL_RECIPIENTS_MAX, validEmails } from "@refrain/domain";

/**
 * The address rows of the teacher e-mail summary (classroom spec "Teacher email summary"):
 * at least EMAIL_MIN_ROWS rows, the first filled from a comma-separated placeholder list, and
 * never more rows than one send may reach.
 */
export function initialRows(placeholder = ""): string[] {
  const given = placeholder
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .slice(0, EMAIL_RECIPIENTS_MAX);
  return [...given, ...Array<string>(Math.max(0, EMAIL_MIN_ROWS - given.length)).fill("")];
}

/** Remove Email takes the last row, and is off at EMAIL_MIN_ROWS rows or fewer. */
export const canRemoveRow = (rows: readonly string[]) => rows.length > EMAIL_MIN_ROWS;

/** Add Email is off once there are as many rows as one send may reach. */
export const canAddRow = (rows: readonly string[]) => rows.length < EMAIL_RECIPIENTS_MAX;

/** Send is off while sending and when no row holds a valid address. */
export const canSend = (rows: readonly string[], sending: boolean) =>
  !sending && validEmails(rows).length > 0;

/** A row with text that is not a valid address: shown as an error once the teacher leaves it. */
export const rowIsInvalid = (entry: string) =>
  entry.trim() !== "" && validEmails([entry]).length === 0;
