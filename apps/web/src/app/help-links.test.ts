import { ROLES } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { linkPattern } from "../areas/help/components/product-link.tsx";
import { guideFor } from "../areas/help/content/how-to-use.ts";
import { QUESTION_GROUPS } from "../areas/help/content/questions.ts";
import type { HelpText, ProductRef } from "../areas/help/content/types.ts";
import { groupsFor } from "../areas/help/questions-filter.ts";
import { pagePolicies } from "./router.tsx";

const refsOf = (parts: HelpText[]) =>
  parts.filter((part): part is ProductRef => typeof part !== "string");

const guideRefs = (role: (typeof ROLES)[number]) =>
  guideFor(role).flatMap((section) => section.tasks.flatMap((task) => task.steps.flatMap(refsOf)));

// Beside the router: the links are the help area's, the pages every area's. Each role reads a
// guide and answers of its own (help/audience.ts), so each is checked as that role opens it.
describe("the help pages' links", () => {
  // A page the reader may not open shows as its name in bold (ProductLink), so a link need only
  // name a page the app routes.
  it.each(ROLES)("open, for a %s, only pages the app routes", (role) => {
    const answerRefs = groupsFor(QUESTION_GROUPS, role).flatMap((group) =>
      group.questions.flatMap((q) => q.see ?? []),
    );
    for (const ref of [...guideRefs(role), ...answerRefs])
      expect(pagePolicies.has(linkPattern(ref.to)), `${ref.label} → ${ref.to}`).toBe(true);
  });

  it.each(ROLES)("mark each on-screen label with a pair of asterisks, for a %s", (role) => {
    const words = guideFor(role).flatMap((section) =>
      section.tasks.flatMap((task) => task.steps.flat().filter((p) => typeof p === "string")),
    );
    for (const text of words) expect(text.split("*").length % 2, text).toBe(1);
  });

  it.each(ROLES)("give a %s's guide unique anchors", (role) => {
    const anchors = guideFor(role).flatMap((s) => [s.id, ...s.tasks.map((t) => t.id)]);
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  it("give the teacher the whole classroom guide, with links into the product", () => {
    expect(guideFor("teacher").map((s) => s.id)).toEqual([
      "first-day",
      "weekly-routine",
      "grading",
      "reports",
      "parents",
    ]);
    expect(guideRefs("teacher").length).toBeGreaterThan(10);
  });
});
