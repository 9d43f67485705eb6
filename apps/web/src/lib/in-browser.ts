import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * False where the server draws a page and while the app takes such a page over, true once it has
 * and wherever the app draws the page itself. What the server cannot know (the viewer's time
 * zone) then shows once it is known rather than wrong first, and the app finds the page as the
 * server drew it (decision 0040).
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
