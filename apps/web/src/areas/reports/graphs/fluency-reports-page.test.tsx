import type { Role } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { pageAs } from "../../../components/static-markup.tsx";
import { FluencyReportsPage } from "./fluency-reports-page.tsx";

/** The page as its owner first gets it: every graph still loading. */
const page = (role: Role) => pageAs(role, <FluencyReportsPage />);

describe("FluencyReportsPage", () => {
  it("shows a teacher every graph of their class, the benchmark first", () => {
    const html = page("teacher");
    expect(html).toContain("Loaded 0 of 4 graphs");
    expect(html).toContain("The benchmark chart sets correct words per minute");
    expect(html).toContain('value="Overall (whole class)"');
  });

  it("shows a parent only the exam graph, in their words: a home class records no readings", () => {
    const html = page("parent");
    expect(html).toContain("Loaded 0 of 1 graph<");
    expect(html).toContain("your children");
    expect(html).not.toContain("benchmark chart");
    expect(html).toContain('value="Overall (all my children)"');
    expect(html).not.toContain("Whole class");
  });
});
