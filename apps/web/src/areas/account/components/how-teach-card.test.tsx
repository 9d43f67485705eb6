import type { HowTeach } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { HowTeachCard } from "./how-teach-card.tsx";

/** The card as the browser first gets it. */
function card(saved: HowTeach | null) {
  return staticMarkup(<HowTeachCard teacherId={7} saved={saved} />);
}

const checkedValues = (html: string) =>
  [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)]
    .filter(([input]) => / checked=""/.test(input))
    .map(([input]) => input.match(/value="([^"]*)"/)?.[1]);

describe("HowTeachCard", () => {
  it("offers both questions with nothing chosen before the teacher answers, and no Save", () => {
    const html = card(null);
    expect(html).toContain("I teach reading in centers");
    expect(html).toContain("I teach the whole group together");
    expect(html).toContain("1 to 3 devices");
    expect(html).toContain("4 or more devices");
    expect(checkedValues(html)).toEqual([]);
    expect(html).not.toContain("Save how I teach");
  });

  it("shows the saved answer chosen, and no Save until something changes", () => {
    const html = card({ how_i_teach: "whole_group", device_number: "4+" });
    expect(checkedValues(html)).toEqual(["whole_group", "4+"]);
    expect(html).not.toContain("Save how I teach");
    expect(html).toContain('aria-labelledby="how-teach-title"');
  });
});
