import { describe, expect, it } from "vitest";
import { linkPattern } from "../areas/help/components/product-link.tsx";
import { GUIDE } from "../areas/help/content/how-to-use.ts";
import { QUESTION_GROUPS } from "../areas/help/content/questions.ts";
import type { HelpText, ProductRef } from "../areas/help/content/types.ts";
import { pagePolicies } from "./router.tsx";

const refsOf = (parts: HelpText[]) =>
  parts.filter((part): part is ProductRef => typeof part !== "string");

const guideRefs = GUIDE.flatMap((section) =>
  section.tasks.flatMap((task) => task.steps.flatMap(refsOf)),
);
const answerRefs = QUESTION_GROUPS.flatMap((group) => group.questions.flatMap((q) => q.see ?? []));

// Beside the router: the links are the help area's, the pages every area's.
describe("the help pages' links", () => {
  it("each open a page the app routes", () => {
    for (const ref of [...guideRefs, ...answerRefs])
      expect(pagePolicies.has(linkPattern(ref.to)), `${ref.label} → ${ref.to}`).toBe(true);
  });

  it("mark each on-screen label with a pair of asterisks", () => {
    const words = GUIDE.flatMap((section) =>
      section.tasks.flatMap((task) => task.steps.flat().filter((p) => typeof p === "string")),
    );
    for (const text of words) expect(text.split("*").length % 2, text).toBe(1);
  });

  it("cover every part of the guide with unique anchors", () => {
    expect(GUIDE.map((s) => s.id)).toEqual([
      "first-day",
      "weekly-routine",
      "grading",
      "reports",
      "parents",
    ]);
    const anchors = GUIDE.flatMap((s) => [s.id, ...s.tasks.map((t) => t.id)]);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(guideRefs.length).toBeGreaterThan(10);
  });
});
