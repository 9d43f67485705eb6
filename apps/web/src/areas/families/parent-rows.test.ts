import { describe, expect, it } from "vitest";
import { aManagedStudent } from "./managed-student-fixture.ts";
import {
  afterResubscribe,
  afterSave,
  draftOf,
  isTicked,
  languageOf,
  matchesSearch,
  needsSave,
  rowFieldErrors,
  saveInput,
  setList,
  typeAddress,
} from "./parent-rows.ts";

const saved = aManagedStudent;

describe("parent e-mail rows", () => {
  it("switch both boxes on when a first valid-looking address is typed into an empty field", () => {
    const student = saved();
    const partial = typeAddress(draftOf(student), student, "mom@home", false);
    expect(partial.switchedOn).toBe(false);
    expect(partial.draft.send_weekly_report).toBe(false);

    const typed = typeAddress(partial.draft, student, "mom@home.example", false);
    expect(typed.switchedOn).toBe(true);
    expect(typed.draft).toMatchObject({
      parent_email: "mom@home.example",
      send_weekly_report: true,
      send_parent_emails: true,
    });
  });

  it("leave the boxes alone once the field was edited, or when it held an address", () => {
    const empty = saved();
    expect(typeAddress(draftOf(empty), empty, "mom@home.example", true).switchedOn).toBe(false);
    const held = saved({ parent_email: "old@home.example" });
    const typed = typeAddress(draftOf(held), held, "new@home.example", false);
    expect(typed.switchedOn).toBe(false);
    expect(typed.draft.send_weekly_report).toBe(false);
  });

  it("never switch on, tick or set a box the parent unsubscribed from", () => {
    const student = saved({ send_parent_emails_unsubscribed: "2025-03-04T10:00:00Z" });
    const typed = typeAddress(draftOf(student), student, "mom@home.example", false);
    expect(typed.draft.send_weekly_report).toBe(true);
    expect(typed.draft.send_parent_emails).toBe(false);

    const on = saved({ send_parent_emails: true, send_parent_emails_unsubscribed: "2025-03-04" });
    expect(isTicked(draftOf(on), on, "parent_emails")).toBe(false);
    expect(setList(draftOf(on), on, "parent_emails", false)).toEqual(draftOf(on));
    expect(setList(draftOf(on), on, "weekly_report", true).send_weekly_report).toBe(true);
  });

  it("save only when a subscription-relevant field changed, the address trimmed", () => {
    const student = saved({ parent_email: "mom@home.example" });
    const draft = draftOf(student);
    expect(needsSave({ ...draft, parent_email: " mom@home.example " }, student)).toBe(false);
    expect(needsSave({ ...draft, parent_language: "es" }, student)).toBe(true);
    expect(needsSave({ ...draft, send_parent_emails: true }, student)).toBe(true);
    expect(saveInput(7, { ...draft, parent_email: "  " })).toEqual({
      id: 7,
      parent_email: null,
      send_weekly_report: false,
      send_parent_emails: false,
      parent_language: "en",
    });
  });

  it("keep what was typed while a save was on its way, taking the rest from the answer", () => {
    const sent = {
      ...draftOf(saved()),
      parent_email: "mom@home.example ",
      send_weekly_report: true,
    };
    const typedSince = { ...sent, parent_email: "mom@home.exam" };
    const answer = saved({ parent_email: "mom@home.example", send_weekly_report: true });
    expect(afterSave(typedSince, sent, answer).parent_email).toBe("mom@home.exam");
    expect(afterSave(sent, sent, answer).parent_email).toBe("mom@home.example");
  });

  it("after a resubscribe take only that box from the answer", () => {
    const typing = { ...draftOf(saved()), parent_email: "new@home.exa" };
    const answer = saved({ parent_email: "old@home.example", send_weekly_report: true });
    expect(afterResubscribe(typing, "weekly_report", answer)).toEqual({
      ...typing,
      send_weekly_report: true,
    });
  });

  it("keep the server's field messages against the row's fields, else none", () => {
    expect(
      rowFieldErrors({ "student.parent_email": ["Field must be a valid email address."] }),
    ).toEqual({ parent_email: ["Field must be a valid email address."] });
    expect(rowFieldErrors({ parent_email: ["Too long"] })).toEqual({ parent_email: ["Too long"] });
    expect(rowFieldErrors({ "student.id": ["Not yours"], _: ["Bad"] })).toBeNull();
    expect(rowFieldErrors(undefined)).toBeNull();
  });

  it("find students by name or parent address, and read only known languages", () => {
    const student = saved({ parent_email: "mom@home.example" });
    expect(matchesSearch(student, "  ")).toBe(true);
    expect(matchesSearch(student, "ana lee")).toBe(true);
    expect(matchesSearch(student, "HOME.ex")).toBe(true);
    expect(matchesSearch(student, "bo")).toBe(false);
    expect(languageOf("es", "en")).toBe("es");
    expect(languageOf("fr", "en")).toBe("en");
  });
});
