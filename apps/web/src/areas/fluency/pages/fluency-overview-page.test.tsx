import type { Role, SessionUser } from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { sessionQuery } from "../../../lib/session.ts";
import { ViewerRoleContext } from "../../../lib/viewer-role.ts";
import { FluencyOverviewPage } from "./fluency-overview-page.tsx";

const user = (role: Role): SessionUser => ({
  id: 7,
  role,
  username: "pat",
  firstName: "Pat",
  lastName: "Lee",
  fullname: "Pat Lee",
  schoolId: null,
  districtId: null,
  impersonated: false,
  impersonator: null,
  signupComplete: true,
});

/** The page as its owner first gets it (the counts load after). */
function page(role: Role) {
  const client = new QueryClient();
  client.setQueryData(sessionQuery.queryKey, { user: user(role), csrfToken: "t" });
  return staticMarkup(
    <MemoryRouter>
      <ViewerRoleContext value={role}>
        <FluencyOverviewPage />
      </ViewerRoleContext>
    </MemoryRouter>,
    client,
  ).replaceAll("&#x27;", "'");
}

describe("FluencyOverviewPage", () => {
  it("shows a teacher their class's readings and where to switch recording on", () => {
    const html = page("teacher");
    expect(html).toContain("Your class's readings");
    expect(html).toContain("In Settings and Preferences, turn on");
    expect(html).toContain('href="/teacher/7/settings"');
  });

  it("shows a parent their children's readings, and no switch their settings do not have", () => {
    const html = page("parent");
    expect(html).toContain("Your children's readings");
    expect(html).toContain("your children's lessons do not record readings.");
    expect(html).not.toContain("class's readings");
    expect(html).not.toContain("In Settings and Preferences");
    expect(html).not.toContain('href="/teacher/7/settings"');
  });
});
