import type { ManagedStudent } from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { aManagedStudent } from "../managed-student-fixture.ts";
import { WeeklyReportPreview } from "./weekly-report-preview.tsx";

const student = (id: number, firstname: string) =>
  aManagedStudent({ id, firstname, parent_language: "es" });

/** The section as the browser first gets it, with the server's answer for `cached` already in. */
function section(students: ManagedStudent[], cached?: { id: number; subject: string }) {
  const client = new QueryClient();
  if (cached)
    client.setQueryData(["families", "weekly-preview", cached.id], {
      subject: cached.subject,
      html: "<p>Hola</p>",
      language: "es",
    });
  return staticMarkup(<WeeklyReportPreview students={students} />, client);
}

describe("WeeklyReportPreview", () => {
  it("previews the first student's report with its subject in a mail frame", () => {
    const html = section([student(7, "Ana"), student(8, "Ben")], {
      id: 7,
      subject: "La semana de Ana",
    });
    expect(html).toContain("Preview a weekly report");
    expect(html).toContain('value="Ana Lee"');
    expect(html).toContain("La semana de Ana");
    expect(html).toContain('title="Preview of the weekly report"');
  });

  it("shows no letter before the server answered", () => {
    const html = section([student(7, "Ana")]);
    expect(html).not.toContain("<iframe");
  });
});
