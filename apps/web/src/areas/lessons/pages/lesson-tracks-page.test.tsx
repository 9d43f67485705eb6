import { describe, expect, it } from "vitest";
import { pageAs } from "../../../components/static-markup.tsx";
import { LessonTracksPage } from "./lesson-tracks-page.tsx";

describe("LessonTracksPage", () => {
  it("says what to choose and what shows then, before a lesson is chosen", () => {
    const html = pageAs("staff", <LessonTracksPage />);
    expect(html).toContain("Choose a lesson");
    expect(html).toContain("Its read-along track plays here");
    expect(html).not.toContain("Word timings (WebVTT)");
  });
});
