import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { ResearchPage } from "./research-page.tsx";

describe("ResearchPage", () => {
  const html = staticMarkup(
    <MemoryRouter>
      <ResearchPage />
    </MemoryRouter>,
  );

  it("says plainly that the product itself has not been studied", () => {
    expect(html).toContain("Refrain itself has not been studied");
  });

  it("cites each source it lists, and lists each source it cites", () => {
    const cited = new Set([...html.matchAll(/href="#source-([a-z]+)"/g)].map((m) => m[1]));
    const listed = new Set([...html.matchAll(/id="source-([a-z]+)"/g)].map((m) => m[1]));
    expect([...cited].sort()).toEqual(["germeroth", "nrp", "samuels", "therrien"]);
    expect([...listed].sort()).toEqual([...cited].sort());
  });

  it("leads to the usage reports a principal checks use with", () => {
    expect(html).toContain('href="/school_admin/reports/usage"');
    expect(html).toContain('href="/school_admin/reports/concepts"');
  });
});
