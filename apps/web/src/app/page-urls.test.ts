import { describe, expect, it } from "vitest";
import { pagePolicies } from "./router.tsx";

/**
 * The every-page journey (e2e/every-page.spec.ts) opens every page of every role from
 * e2e/page-urls.json; this keeps that list equal to the router's pages and their policies, so a
 * page added without a URL there fails here rather than go unchecked.
 */
const [listed] = Object.values(
  import.meta.glob<Record<string, { policy: string; url: string }>>(
    "../../../../e2e/page-urls.json",
    {
      eager: true,
      import: "default",
    },
  ),
);
if (!listed) throw new Error("e2e/page-urls.json is missing");

describe("the every-page journey's page list", () => {
  it("has every page of the router, with its policy", () => {
    const pages = Object.fromEntries(pagePolicies);
    expect(
      Object.fromEntries(Object.entries(listed).map(([pattern, { policy }]) => [pattern, policy])),
    ).toEqual(pages);
  });

  it("opens each page by a URL of its own pattern, parameters filled", () => {
    for (const [pattern, { url }] of Object.entries(listed)) {
      const path = url.split("?")[0] as string;
      expect(path.split("/").length, pattern).toBe(pattern.split("/").length);
      expect(url, pattern).not.toContain(":");
    }
  });
});
