import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { PAGE_READY } from "./page-ready.ts";

/**
 * Taking over a page the server drew (src/prerender.tsx, main.tsx, decision 0040).
 *
 * Its inline styles (Mantine sets its components' variables in `style`), kept
 * out of the HTML: the pages' policy allows no style attribute, only <style> elements with the
 * page's nonce (decision record 0008). The drawing moves each into a rule of such an element, for
 * the element marked with its number; the app puts them back as the element's own style (through
 * the CSSOM, which the policy does not govern) before React takes the page over, so that React
 * finds the page as it drew it.
 */
const ATTRIBUTE = "data-prerendered-style";

/** The id of the data block that carries the styles, in order, for `restoreStyles`. */
export const STYLES_BLOCK = "prerendered-styles";

/** The id of the data block with the answers the page was drawn with, for `takeQueries`. */
export const QUERIES_BLOCK = "prerendered-queries";

/**
 * The answers of the calls the page was drawn with (a student's lessons, the sign-on buttons),
 * put where the app's first render reads them, so that it draws the page the server drew.
 */
export function takeQueries(client: QueryClient) {
  const block = document.getElementById(QUERIES_BLOCK);
  if (!block?.textContent) return;
  const answers: [QueryKey, unknown][] = JSON.parse(block.textContent);
  for (const [key, data] of answers) client.setQueryData(key, data);
  block.remove();
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/**
 * The page's HTML with each `style` attribute replaced by a numbered mark, its stylesheet (the
 * mark's rule beats a component's class rule, as the attribute did) and the styles themselves.
 */
export function takeStyles(html: string): { html: string; css: string; styles: string[] } {
  const styles: string[] = [];
  const marked = html.replace(/ style="([^"]*)"/g, (_, escaped: string) => {
    const style = escaped.replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? "");
    if (style.includes("<")) throw new Error(`A style cannot go into a stylesheet: ${style}`);
    let index = styles.indexOf(style);
    if (index < 0) index = styles.push(style) - 1;
    return ` ${ATTRIBUTE}="${index}"`;
  });
  const css = styles.map((style, index) => `#app [${ATTRIBUTE}="${index}"]{${style}}`).join("\n");
  return { html: marked, css, styles };
}

/** Gives each marked element of `root` its style back, and drops the marks. */
export function restoreStyles(root: HTMLElement) {
  const block = document.getElementById(STYLES_BLOCK);
  if (!block?.textContent) return;
  const styles: string[] = JSON.parse(block.textContent);
  for (const element of root.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)) {
    element.style.cssText = styles[Number(element.getAttribute(ATTRIBUTE))] ?? "";
    element.removeAttribute(ATTRIBUTE);
  }
  block.remove();
}

/**
 * What is typed into the page's fields before React has taken them over, given to React once it
 * has. React keeps a field's text as it hydrates it but not in the form's state: the form would
 * send the field empty, and its next render would empty it. The app's script may arrive after
 * the first keystrokes, and the page's own part after more (its chunk), so the fields are read
 * now and at each input until the page is ready. Each is then set as a browser sets it on a
 * keystroke, React's own record of the field's value emptied first so that the input event
 * reads as the change it is.
 */
export function keepTyped(root: HTMLElement) {
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input, textarea",
  )) {
    if (field.value !== field.defaultValue) typed.set(field, field.value);
  }
  const record = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      typed.set(field, field.value);
    }
  };
  root.addEventListener("input", record, true);
  addEventListener(
    PAGE_READY,
    () => {
      root.removeEventListener("input", record, true);
      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        const { selectionStart, selectionEnd } = field;
        const setValue = Object.getOwnPropertyDescriptor(
          Object.getPrototypeOf(field),
          "value",
        )?.set;
        field.value = "";
        setValue?.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
        // An e-mail field has no caret to put back (its selection is null).
        if (document.activeElement === field && selectionStart !== null) {
          field.setSelectionRange(selectionStart, selectionEnd);
        }
      }
    },
    { once: true },
  );
}
