import type { Role, SessionUser } from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { sessionQuery } from "../../../lib/session.ts";
import { ViewerRoleContext } from "../../../lib/viewer-role.ts";
import { PersonalizePage } from "./personalize-page.tsx";

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

/** The page's introduction as its owner first gets it (the class loads after). */
function page(role: Role) {
  const client = new QueryClient();
  client.setQueryData(sessionQuery.queryKey, { user: user(role), csrfToken: "t" });
  return staticMarkup(
    <MemoryRouter>
      <ViewerRoleContext value={role}>
        <PersonalizePage />
      </ViewerRoleContext>
    </MemoryRouter>,
    client,
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
}

describe("PersonalizePage", () => {
  it("leads a teacher to their class's defaults in Settings and Preferences", () => {
    const html = page("teacher");
    expect(html).toContain("Each student's reading level and lesson settings.");
    expect(html).toContain("To change several students, tick them");
    expect(html).toContain("A setting at Default follows your class's defaults in");
    expect(html).toContain('href="/teacher/7/settings"');
  });

  it("tells a parent, who has no class preferences, that Default is Refrain's standard setting", () => {
    const html = page("parent");
    expect(html).toContain("Each child's reading level and lesson settings.");
    expect(html).toContain("To change several children, tick them");
    expect(html).toContain("A setting at Default follows Refrain's standard setting.");
    // Its words, not its markup's class attributes.
    expect(html.replace(/<[^>]*>/g, " ")).not.toMatch(/class/i);
    expect(html).not.toContain("Settings and Preferences");
    expect(html).not.toContain('href="/teacher/7/settings"');
  });
});
