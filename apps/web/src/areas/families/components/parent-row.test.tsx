import { MantineProvider, Table } from "@mantine/core";
import type { ManagedStudent } from "@refrain/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ParentRow } from "./parent-row.tsx";

const student = (patch: Partial<ManagedStudent> = {}): ManagedStudent => ({
  id: 7,
  firstname: "Ana",
  lastname: "Lee",
  parent_email: "mom@home.example",
  send_weekly_report: true,
  send_parent_emails: true,
  send_weekly_report_unsubscribed: null,
  send_parent_emails_unsubscribed: null,
  parent_language: "es",
  parent_email_bouncing: null,
  ...patch,
});

/** The row as the browser first gets it. */
function row(s: ManagedStudent) {
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <Table>
          <Table.Tbody>
            <ParentRow student={s} hidden={false} />
          </Table.Tbody>
        </Table>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("ParentRow", () => {
  it("shows the address, both boxes ticked and the language, with labels naming the student", () => {
    const html = row(student());
    expect(html).toContain('value="mom@home.example"');
    expect(html).toContain('aria-label="Weekly report for Ana Lee"');
    expect(
      html.match(/type="checkbox"[^>]*checked=""|checked=""[^>]*type="checkbox"/g),
    ).toHaveLength(2);
    expect(html).toMatch(/<option value="es" selected="">Español<\/option>/);
    expect(html).not.toContain("unsubscribed from");
  });

  it("locks an unsubscribed box, unticked, with the date the parent left, and warns of bounces", () => {
    const html = row(
      student({
        send_weekly_report_unsubscribed: "2025-03-04T12:00:00Z",
        parent_email_bouncing: "2025-05-06T12:00:00Z",
      }),
    );
    expect(html).toContain("The parent unsubscribed from the weekly report on");
    expect(html).toContain("2025");
    expect(html).toContain('aria-label="Weekly report for Ana Lee (unsubscribed)"');
    expect(html).toContain('aria-describedby="parent-7-weekly_report"');
    expect(html).toContain("Mail to this address was refused on");
    expect(html.match(/checked=""/g)).toHaveLength(1);
  });
});
