import type { MailTemplate } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import {
  type ConnectDraft,
  canSend,
  connectBody,
  subjectAfterPick,
  toggleAll,
} from "./parent-connect.ts";

const welcome: MailTemplate = {
  id: "welcome",
  title: "Welcome",
  subject: "Welcome to {teacher_name}'s reading class",
  token_list: ["teacher_name"],
};
const blank: MailTemplate = {
  id: "blank-note",
  title: "Blank",
  subject: "A note from {teacher_name}",
  token_list: ["teacher_name", "custom_message"],
};
const listed = [{ id: 1 }, { id: 2 }];
const draft = (patch: Partial<ConnectDraft> = {}): ConnectDraft => ({
  templateId: "welcome",
  subject: welcome.subject,
  customMessage: "",
  selected: new Set([1]),
  ...patch,
});

describe("Send (§5 Parent mail send)", () => {
  it("is on with recipients, a subject and a template without a message editor", () => {
    expect(canSend(draft(), welcome, listed, false)).toBe(true);
  });

  it("is off without a template, recipients or a subject, and while sending", () => {
    expect(canSend(draft(), null, listed, false)).toBe(false);
    expect(canSend(draft({ selected: new Set() }), welcome, listed, false)).toBe(false);
    expect(canSend(draft({ subject: "   " }), welcome, listed, false)).toBe(false);
    expect(canSend(draft(), welcome, listed, true)).toBe(false);
  });

  it("counts only ticked students still on the list", () => {
    expect(canSend(draft({ selected: new Set([9]) }), welcome, listed, false)).toBe(false);
  });

  it("needs the message where the template's token list holds custom_message", () => {
    expect(canSend(draft({ customMessage: " \n " }), blank, listed, false)).toBe(false);
    expect(canSend(draft({ customMessage: "Field trip Friday" }), blank, listed, false)).toBe(true);
  });
});

describe("the composer's helpers", () => {
  it("sends the message only for a template that holds it", () => {
    const d = draft({ customMessage: "Hi", selected: new Set([2, 1, 9]) });
    expect(connectBody(d, welcome, listed)).toEqual({
      subject: welcome.subject,
      student_ids: [1, 2],
    });
    expect(connectBody(d, blank, listed)).toMatchObject({ custom_message: "Hi" });
  });

  it("prefills the subject from the template and keeps one the teacher wrote", () => {
    expect(subjectAfterPick("", null, blank)).toBe(blank.subject);
    expect(subjectAfterPick(welcome.subject, welcome, blank)).toBe(blank.subject);
    expect(subjectAfterPick("My own words", welcome, blank)).toBe("My own words");
  });

  it("selects all, then none", () => {
    expect([...toggleAll(new Set([1]), listed)]).toEqual([1, 2]);
    expect([...toggleAll(new Set([1, 2]), listed)]).toEqual([]);
  });
});
