import { z } from "zod";
import { messages, text } from "./validation.ts";

/**
 * A bare mailbox, `local@domain.tld`, in ASCII: no display name, group, angle brackets, comment,
 * quoted local part, IP literal, comma, semicolon or whitespace. Mail libraries read
 * `x<victim@school.org>` or `g:victim@school.org;` as the victim's address, so anything looser
 * lets one form send to someone other than the address it checked and counted.
 */
export const EMAIL_PATTERN = z.regexes.email;

/** The most an address may have (RFC 5321's path limit less the angle brackets). */
const EMAIL_MAX = 254;

/**
 * A required e-mail field, trimmed: "Field is required" when blank, the length message past
 * `max`, and "Field must be a valid email address." for anything but a bare mailbox.
 */
export function emailField(max: number = EMAIL_MAX) {
  return text()
    .trim()
    .min(1, { message: messages.required, abort: true })
    .max(max, messages.maxChars(max))
    .regex(EMAIL_PATTERN, messages.email);
}

/** An e-mail field that may be left blank (then null); otherwise as strict as `emailField`. */
export function optionalEmailField(max: number = EMAIL_MAX) {
  return text()
    .trim()
    .max(max, messages.maxChars(max))
    .refine((value) => value === "" || EMAIL_PATTERN.test(value), messages.email)
    .nullable()
    .default(null);
}

/**
 * The mailbox an address reaches, for counting messages per recipient: lower-cased, without a
 * `+tag` and without dots in the local part. Many providers deliver `Ann.Lee+x@` and `annlee@`
 * to the same person, so every such spelling shares one counter (two people whose addresses
 * differ only that way share one too, which only ever counts more).
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const local = (lower.slice(0, at).split("+")[0] ?? "").replaceAll(".", "");
  return `${local}@${lower.slice(at + 1)}`;
}
