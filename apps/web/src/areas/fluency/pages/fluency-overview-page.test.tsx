import type { Role } from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { pageAs } from "../../../components/static-markup.tsx";
import { tutorialQuery } from "../../help/index.ts";
import { FluencyOverviewPage } from "./fluency-overview-page.tsx";

/** The page as its owner first sees it, once its tour has answered (the counts load after). */
function page(role: Role) {
  const client = new QueryClient();
  client.setQueryData(tutorialQuery("fluency_review").queryKey, { success: false });
  return pageAs(role, <FluencyOverviewPage />, client);
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
