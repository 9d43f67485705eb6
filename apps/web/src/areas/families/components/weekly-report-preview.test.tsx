import { MantineProvider } from "@mantine/core";
import type { ManagedStudent } from "@refrain/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WeeklyReportPreview } from "./weekly-report-preview.tsx";

const student = (id: number, firstname: string): ManagedStudent => ({
  id,
  firstname,
  lastname: "Lee",
  parent_email: null,
  send_weekly_report: false,
  send_parent_emails: false,
  send_weekly_report_unsubscribed: null,
  send_parent_emails_unsubscribed: null,
  parent_language: "es",
  parent_email_bouncing: null,
});

/** The section as the browser first gets it, with the server's answer for `cached` already in. */
function section(students: ManagedStudent[], cached?: { id: number; subject: string }) {
  const client = new QueryClient();
  if (cached)
    client.setQueryData(["families", "weekly-preview", cached.id], {
      subject: cached.subject,
      html: "<p>Hola</p>",
      language: "es",
    });
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <WeeklyReportPreview students={students} />
      </QueryClientProvider>
    </MantineProvider>,
  );
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
