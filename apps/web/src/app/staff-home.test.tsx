import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { leadsQuery } from "../areas/leads/api/list-leads.ts";
import { staticMarkup } from "../components/static-markup.tsx";
import { PagePoliciesContext } from "../lib/pages.ts";
import { STAFF_MENU } from "./menus.ts";
import { pagePolicies } from "./router.tsx";
import { STAFF_PAGES_ABOUT, StaffHome } from "./staff-home.tsx";

/** The staff home as the browser first gets it, with `client`'s answers already at hand. */
const home = (client = new QueryClient()) =>
  staticMarkup(
    <MemoryRouter>
      <PagePoliciesContext value={pagePolicies}>
        <StaffHome firstName="Sam" />
      </PagePoliciesContext>
    </MemoryRouter>,
    client,
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");

describe("StaffHome", () => {
  it("leads to every staff page, each with what it is for", () => {
    const html = home();
    expect(html).toContain("Welcome, Sam");
    for (const { entries } of STAFF_MENU)
      for (const { label, path } of entries) {
        expect(html, path).toContain(`href="${path}"`);
        expect(html, path).toContain(`>${label}<`);
        expect(html, path).toContain(STAFF_PAGES_ABOUT[path] ?? "no words for this page");
      }
    expect(html).toContain("Loading leads...");
  });

  it("counts the leads, as the inbox's first page answers", () => {
    const client = new QueryClient();
    client.setQueryData(leadsQuery({ page: 1 }).queryKey, {
      success: true as const,
      data: { leads: [], total: 12, page: 1, pageSize: 50 },
    });
    expect(home(client)).toContain("12 leads");
    client.setQueryData(leadsQuery({ page: 1 }).queryKey, {
      success: true as const,
      data: { leads: [], total: 0, page: 1, pageSize: 50 },
    });
    expect(home(client)).toContain("No leads yet");
  });
});
