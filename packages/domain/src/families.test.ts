import { describe, expect, it } from "vitest";
import {
  autoSubscribes,
  familiesCalls,
  looksLikeEmail,
  type ManagedStudent,
  parentRowChanged,
} from "./families.ts";

const saved: ManagedStudent = {
  id: 7,
  firstname: "Ava",
  lastname: "Lee",
  parent_email: "mom@example.org",
  send_weekly_report: true,
  send_parent_emails: false,
  send_weekly_report_unsubscribed: null,
  send_parent_emails_unsubscribed: null,
  parent_language: "en",
  parent_email_bouncing: null,
};

describe("looksLikeEmail (spec §4: non-space, at sign, domain with a dot)", () => {
  it.each([
    "mom@example.org",
    "a@b.c",
    "  dad@school.k12.or.us  ",
    "first.last+tag@mail.example.com",
  ])("%s looks like an address", (value) => {
    expect(looksLikeEmail(value)).toBe(true);
  });

  it.each([
    "",
    "   ",
    "mom",
    "mom@",
    "mom@example",
    "@example.org",
    "mom@example.",
    "mom @example.org",
    "mom@exa mple.org",
  ])("%j does not", (value) => {
    expect(looksLikeEmail(value)).toBe(false);
  });
});

describe("autoSubscribes", () => {
  // Every combination of: was the field empty, does the new text look valid, edited before.
  it.each([
    [null, "mom@example.org", false, true],
    ["", "mom@example.org", false, true],
    ["  ", "mom@example.org", false, true],
    [null, "mom@example.org", true, false],
    [null, "mom@", false, false],
    [null, "mom@", true, false],
    ["old@example.org", "mom@example.org", false, false],
    ["old@example.org", "mom@example.org", true, false],
    ["old@example.org", "mom@", false, false],
  ] as const)("previous %j, next %j, edited %s → %s", (previous, next, edited, expected) => {
    expect(autoSubscribes(previous, next, edited)).toBe(expected);
  });
});

describe("parentRowChanged", () => {
  it("is false for the saved row itself and for a blank or padded spelling of the same", () => {
    expect(parentRowChanged(saved, saved)).toBe(false);
    expect(parentRowChanged({ ...saved, parent_email: "  mom@example.org " }, saved)).toBe(false);
    const none = { ...saved, parent_email: null };
    expect(parentRowChanged({ ...none, parent_email: "  " }, none)).toBe(false);
    expect(parentRowChanged({ ...none, parent_email: "" }, none)).toBe(false);
  });

  it.each([
    ["the address", { parent_email: "dad@example.org" }],
    ["the address cleared", { parent_email: "" }],
    ["the weekly report", { send_weekly_report: false }],
    ["parent e-mails", { send_parent_emails: true }],
    ["the language", { parent_language: "es" as const }],
  ])("is true when %s changes", (_what, change) => {
    expect(parentRowChanged({ ...saved, ...change }, saved)).toBe(true);
  });
});

describe("familiesCalls.parents save", () => {
  const save = familiesCalls.parents.save.body;
  const student = {
    id: 7,
    parent_email: " mom@example.org ",
    send_weekly_report: true,
    send_parent_emails: true,
    parent_language: "es",
  };

  it("trims the address and takes a blank one", () => {
    expect(save.parse({ verb: "save", student }).student.parent_email).toBe("mom@example.org");
    expect(
      save.parse({ verb: "save", student: { ...student, parent_email: "" } }).student.parent_email,
    ).toBe("");
  });

  it("refuses an address that is not a bare mailbox, and an unknown language", () => {
    expect(
      save.safeParse({ verb: "save", student: { ...student, parent_email: "mom@" } }).success,
    ).toBe(false);
    expect(
      save.safeParse({ verb: "save", student: { ...student, parent_language: "fr" } }).success,
    ).toBe(false);
  });
});
