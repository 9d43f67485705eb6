import type { Role } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { pageAs } from "../../../components/static-markup.tsx";
import { PersonalizePage } from "./personalize-page.tsx";

/** The page's introduction as its owner first gets it (the class loads after). */
const page = (role: Role) => pageAs(role, <PersonalizePage />);

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
