import { describe, expect, it } from "vitest";
import { pageAs } from "../../../components/static-markup.tsx";
import { RosterImportPage } from "./roster-import-page.tsx";

describe("RosterImportPage", () => {
  it("asks staff to choose a district first, and says what shows then", () => {
    const html = pageAs("staff", <RosterImportPage staff />);
    expect(html).toContain("Choose a district");
    expect(html).toContain("Its past imports and the form to upload");
  });

  it("shows a district admin their own district's imports at once", () => {
    const html = pageAs("district_admin", <RosterImportPage />);
    expect(html).not.toContain("Choose a district");
  });
});
