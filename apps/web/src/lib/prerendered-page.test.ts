import { describe, expect, it } from "vitest";
import { takeStyles } from "./prerendered-page.ts";

describe("takeStyles", () => {
  it("moves each style attribute into a numbered rule, the same style under one number", () => {
    const { html, css, styles } = takeStyles(
      '<p style="--text-fz:var(--mantine-font-size-sm);text-align:center" class="t">a</p>' +
        '<a style="color:inherit" href="/x">b</a><p style="--text-fz:var(--mantine-font-size-sm);text-align:center">c</p>',
    );
    expect(html).toBe(
      '<p data-prerendered-style="0" class="t">a</p><a data-prerendered-style="1" href="/x">b</a>' +
        '<p data-prerendered-style="0">c</p>',
    );
    expect(styles).toEqual([
      "--text-fz:var(--mantine-font-size-sm);text-align:center",
      "color:inherit",
    ]);
    expect(css).toBe(
      '#app [data-prerendered-style="0"]{--text-fz:var(--mantine-font-size-sm);text-align:center}\n' +
        '#app [data-prerendered-style="1"]{color:inherit}',
    );
  });

  it("reads the attribute's entities as the browser would", () => {
    const { styles } = takeStyles(
      '<div style="font-family:&#x27;Segoe UI&#x27;, &quot;Inter&quot;;content:&amp;"></div>',
    );
    expect(styles).toEqual([`font-family:'Segoe UI', "Inter";content:&`]);
  });

  it("refuses a style that could end the stylesheet it goes into", () => {
    expect(() => takeStyles('<div style="content:&lt;/style&gt;"></div>')).toThrow();
  });

  it("leaves a page without styles as it is", () => {
    expect(takeStyles("<main><h1>Hi</h1></main>")).toEqual({
      html: "<main><h1>Hi</h1></main>",
      css: "",
      styles: [],
    });
  });
});
