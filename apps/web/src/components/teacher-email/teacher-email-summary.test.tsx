import { DEFAULT_EMAIL_MESSAGES } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../static-markup.tsx";
import { TeacherEmailSummary } from "./teacher-email-summary.tsx";

/** The summary as the browser first gets it (the preview loads after). */
function summary(placeholder?: string) {
  return staticMarkup(<TeacherEmailSummary view="colleague" placeholder={placeholder} />);
}

const button = (html: string, label: string) =>
  html.match(new RegExp(`<button(?:(?!<button).)*?${label}</span>`, "s"))?.[0] ?? "";

describe("TeacherEmailSummary", () => {
  it("starts with the default message, three empty rows, Send and Remove Email off", () => {
    const html = summary();
    expect(html).toContain(DEFAULT_EMAIL_MESSAGES.colleague);
    expect(html.match(/aria-label="Email address \d+"/g)).toHaveLength(3);
    expect(button(html, "Send")).toContain("disabled");
    expect(button(html, "Remove Email")).toContain("disabled");
    expect(button(html, "Add Email")).not.toContain("disabled");
  });

  it("fills its rows from the placeholder list, and Send is on once one is a valid address", () => {
    const html = summary("head@school.example, not-an-address, a@b.example, c@d.example");
    expect(html.match(/aria-label="Email address \d+"/g)).toHaveLength(4);
    expect(html).toContain('value="head@school.example"');
    expect(button(html, "Send")).not.toContain("disabled");
    expect(button(html, "Remove Email")).not.toContain("disabled");
    expect(html).toContain("Will send to 3 addresses.");
  });
});
