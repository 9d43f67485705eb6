import { useEffect } from "react";

/**
 * Sent on the window once the app has taken over a page: a prerendered page's boot script
 * (src/boot.ts) presses again what was pressed before then.
 */
export const PAGE_READY = "refrain:page-ready";

/**
 * Rendered beside a page in its Suspense boundary, whose content commits together: its effect
 * runs once the page itself has rendered or, prerendered, been hydrated. The event follows the
 * effects rather than coming from within them: an input event a listener sends (prerendered-
 * page.ts) must be handled as one the browser sends, which React cannot do inside its effects.
 */
export function PageReady() {
  useEffect(() => {
    queueMicrotask(() => dispatchEvent(new Event(PAGE_READY)));
  }, []);
  return null;
}
