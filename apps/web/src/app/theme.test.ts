import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { theme } from "./theme.ts";

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const shade = merged.primaryShade;
const primary = typeof shade === "number" ? shade : shade.light;
const WHITE = "#ffffff";
const PAGE_GREY = merged.colors.gray[0] ?? "";
// The light-scheme palettes (Mantine's "dark" palette serves the dark scheme only).
const palettes = Object.entries(merged.colors).filter(([name]) => name !== "dark");

describe("the theme reads at WCAG AA (4.5:1)", () => {
  it.each(palettes)("%s: white on a filled button or badge", (_name, colors) => {
    expect(contrast(WHITE, colors[primary] ?? "")).toBeGreaterThanOrEqual(4.5);
  });

  it.each(palettes)("%s: coloured text and links on white and on the page's grey", (_, colors) => {
    expect(contrast(colors[primary] ?? "", WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors[primary] ?? "", PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(palettes)("%s: the text of a light button or badge on its tint", (_, colors) => {
    // Mantine's light variant: shade 9 on shade 1.
    expect(contrast(colors[9] ?? "", colors[1] ?? "")).toBeGreaterThanOrEqual(4.5);
  });

  it("hints (dimmed text, grey 6) on white and on the page's grey", () => {
    const dimmed = merged.colors.gray[6] ?? "";
    expect(contrast(dimmed, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
  });
});
