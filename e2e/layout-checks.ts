/** What the journey that looks at every page checks of its layout, besides axe (every-page.spec.ts). */
import type { Page } from "@playwright/test";

/** One thing wrong in a page's layout, with the element it is about. */
export interface LayoutFinding {
  check: "horizontal scroll" | "clipped text" | "control out of sight";
  element: string;
  detail: string;
}

/**
 * What is wrong with the page's layout as the viewport shows it now:
 * - horizontal scroll: the document is wider than the window. Named by the elements that stick
 *   out of a parent that fits (the culprits, not every ancestor they widen).
 * - clipped text: an element whose own text (its text nodes, or inline elements holding only
 *   text) overflows a box that hides the rest (overflow hidden or clip, an ellipsis, a line
 *   clamp), so a label reads cut off. Deliberate truncation that gives the whole text in a
 *   `title` (the browser's tooltip) on it or an ancestor is fine; so is what is visually hidden
 *   for screen readers (a box of 1 px) and what is not shown at all. A text field whose value
 *   is wider than the field counts too.
 * - control out of sight: a button, link or field beyond the right edge of a box that scrolls
 *   sideways (a wide table), where nothing shows it is there.
 */
export function layoutFindings(page: Page): Promise<LayoutFinding[]> {
  return page.evaluate(() => {
    const found: LayoutFinding[] = [];
    const nameOf = (element: Element) => {
      const tag = element.tagName.toLowerCase();
      const role = element.getAttribute("role");
      const label = element.getAttribute("aria-label");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      return `<${tag}${role ? ` role="${role}"` : ""}${label ? ` aria-label="${label}"` : ""}> "${text}"`;
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true })
      );
    };

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      const width = root.clientWidth;
      for (const element of document.body.querySelectorAll("*")) {
        const parent = element.parentElement;
        if (!parent || !shown(element)) continue;
        const right = element.getBoundingClientRect().right;
        if (right > width + 1 && parent.getBoundingClientRect().right <= width + 1)
          found.push({
            check: "horizontal scroll",
            element: nameOf(element),
            detail: `ends at ${Math.round(right)} px in a window ${width} px wide`,
          });
      }
      if (found.length === 0)
        found.push({
          check: "horizontal scroll",
          element: "<html>",
          detail: `${root.scrollWidth} px wide in a window ${width} px wide`,
        });
    }

    // Inline elements that hold only text: a label's words in <strong> or <a> are its own text.
    const textOnly = (element: Element) =>
      element.querySelector(
        ":not(span, strong, em, b, i, a, abbr, code, small, mark, bdi, time)",
      ) === null;
    const ownText = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      ) ||
      (element.childElementCount > 0 && textOnly(element) && Boolean(element.textContent?.trim()));
    // A text field whose value does not fit reads cut off too (a student's password in the
    // roster, say): what is typed is shown, not scrolled to.
    for (const input of document.body.querySelectorAll<HTMLInputElement>(
      "input:is([type=text], [type=email], [type=password], :not([type]))",
    )) {
      if (!input.value || !shown(input) || input.scrollWidth <= input.clientWidth + 1) continue;
      found.push({
        check: "clipped text",
        element: `<input aria-label="${input.getAttribute("aria-label") ?? ""}"> "${input.value}"`,
        detail: `value ${input.scrollWidth} px wide in a field of ${input.clientWidth} px`,
      });
    }
    for (const element of document.body.querySelectorAll("*")) {
      if (element.matches("input, textarea, select, svg *, script, style")) continue;
      const style = getComputedStyle(element);
      const hidesX =
        ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      const hidesY = ["hidden", "clip"].includes(style.overflowY);
      if (!hidesX && !hidesY) continue;
      if (!ownText(element) || !shown(element)) continue;
      const cutX = hidesX && element.scrollWidth > element.clientWidth + 1;
      const cutY = hidesY && element.scrollHeight > element.clientHeight + 1;
      if (!cutX && !cutY) continue;
      if (element.closest("[title]")?.getAttribute("title")?.trim()) continue;
      found.push({
        check: "clipped text",
        element: nameOf(element),
        detail: cutX
          ? `text ${element.scrollWidth} px wide in a box of ${element.clientWidth} px`
          : `text ${element.scrollHeight} px high in a box of ${element.clientHeight} px`,
      });
    }
    // A button, link or field that a sideways-scrolling box (a wide table) holds beyond its
    // right edge: a person sees no sign of it until they scroll that box.
    for (const control of document.body.querySelectorAll("button, a[href], input, select")) {
      if (!shown(control)) continue;
      let box = control.parentElement;
      while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) {
        box = box.parentElement;
      }
      if (!box || box === document.body || box.scrollWidth <= box.clientWidth) continue;
      const right = control.getBoundingClientRect().right;
      const edge = box.getBoundingClientRect().left + box.clientWidth;
      if (right > edge + 1)
        found.push({
          check: "control out of sight",
          element: nameOf(control),
          detail: `ends ${Math.round(right - edge)} px beyond the right edge of a box that scrolls sideways`,
        });
    }
    return found;
  });
}
