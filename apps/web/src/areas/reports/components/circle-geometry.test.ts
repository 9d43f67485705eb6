import { describe, expect, it } from "vitest";
import { CIRCLE_DEFAULTS, circleGeometry } from "./circle-geometry.ts";

describe("circleGeometry", () => {
  it("takes the §9 defaults: radius 125, a stroke 10 % of it, out of 100", () => {
    const g = circleGeometry({ amount: 82 });
    expect(g.size).toBe(250);
    expect(g.center).toBe(125);
    expect(g.strokeWidth).toBe(12.5);
    expect(g.ringRadius).toBe(118.75);
    expect(g.circumference).toBeCloseTo(2 * Math.PI * 118.75);
    expect(g.fraction).toBe(0.82);
    expect(g.dashOffset).toBeCloseTo(g.circumference * 0.18);
    expect(g.title).toBe("82%");
    expect(CIRCLE_DEFAULTS.color).toBe("#41B883");
    expect(CIRCLE_DEFAULTS.animationDuration).toBe(2000);
    expect(CIRCLE_DEFAULTS.remainderColor).toBe("transparent");
  });

  it("puts the title at half height alone, at a quarter with a caption at 65 %", () => {
    expect(circleGeometry({ amount: 1 }).titleY).toBe(125);
    const captioned = circleGeometry({ amount: 1, caption: "class average" });
    expect(captioned.titleY).toBe(62.5);
    expect(captioned.captionY).toBe(162.5);
  });

  it("fills the title template and scales to another total, radius and thickness", () => {
    const g = circleGeometry({
      amount: 6,
      total: 8,
      radius: 50,
      thickness: 20,
      titleTemplate: "{amount} of {total} ({percent}%)",
    });
    expect(g.title).toBe("6 of 8 (75%)");
    expect(g.strokeWidth).toBe(10);
    expect(g.ringRadius).toBe(45);
    expect(g.dashOffset).toBeCloseTo(2 * Math.PI * 45 * 0.25);
  });

  it("keeps the ring between empty and full", () => {
    expect(circleGeometry({ amount: 130 }).fraction).toBe(1);
    expect(circleGeometry({ amount: 130 }).dashOffset).toBe(0);
    expect(circleGeometry({ amount: -5 }).fraction).toBe(0);
    expect(circleGeometry({ amount: 3, total: 0 }).fraction).toBe(0);
    expect(circleGeometry({ amount: 0, total: 0 }).title).toBe("0%");
  });
});
