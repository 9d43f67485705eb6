import { Table } from "@mantine/core";
import type { ManagedStudent } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { aManagedStudent } from "../managed-student-fixture.ts";
import { ParentRow } from "./parent-row.tsx";

const student = (patch: Partial<ManagedStudent> = {}) =>
  aManagedStudent({
    parent_email: "mom@home.example",
    send_weekly_report: true,
    send_parent_emails: true,
    parent_language: "es",
    ...patch,
  });

/** The row as the browser first gets it. */
function row(s: ManagedStudent) {
  return staticMarkup(
    <Table>
      <Table.Tbody>
        <ParentRow student={s} hidden={false} />
      </Table.Tbody>
    </Table>,
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
