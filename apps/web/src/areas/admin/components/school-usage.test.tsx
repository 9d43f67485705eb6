import type { UsageTotals } from "@refrain/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { SchoolUsageCard } from "./school-usage.tsx";

const year: UsageTotals = {
  student_learning_time: 1234,
  teacher_investment_time: 60,
  active_students: 18,
  active_teachers: 2,
  minutes_spent_reading: 700,
  comprehension_practice_time: 300,
};
const range = { start_date: "2026-07-01", end_date: "2026-11-29" };

/** A school of the district summary as the browser first gets it. */
const card = (teachers: number, students: number) =>
  staticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SchoolUsageCard
          school={{
            id: 4,
            name: "Johnson Creek Primary",
            teachers,
            students,
            school_year: year,
            last_30_days: year,
          }}
          range={range}
          expanded={false}
          onToggle={() => undefined}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("SchoolUsageCard", () => {
  it("offers a school with people its details, concepts and the toggle", () => {
    const html = card(2, 20);
    expect(html).toContain("2 teachers · 20 students");
    expect(html).toContain("1,234 min of student learning · 18 active students this school year");
    expect(html).toContain('aria-label="Expand Johnson Creek Primary"');
    expect(html).toContain('aria-label="Details for Johnson Creek Primary"');
    expect(html).toContain('aria-label="Concepts for Johnson Creek Primary"');
  });

  it("says a school with nobody in it has no teachers yet, and offers no view that is empty", () => {
    const html = card(0, 0);
    expect(html).toContain("No teachers yet");
    expect(html).toContain('href="/district_admin/roster"');
    expect(html).not.toContain("Expand");
    expect(html).not.toContain("Details for");
    expect(html).not.toContain("Concepts for");
    expect(html).not.toContain("Loading usage");
  });
});
