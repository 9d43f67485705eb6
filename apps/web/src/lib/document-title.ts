// biome-ignore lint/style/noRestrictedImports: the one place the app sets a page's title with it.
import { useDocumentTitle as useTabTitle } from "@mantine/hooks";
import { createContext, useContext } from "react";

/** Where the server, drawing a page (src/prerender.tsx), is told the page's title. */
export const DrawnTitle = createContext<((title: string) => void) | null>(null);

/**
 * The page's title, in the browser's tab and in what a screen reader says of the page as it
 * opens. A page the server draws has it in its <title>: the browser's effect that sets it runs
 * only once the app takes the page over (decision 0040).
 */
export function useDocumentTitle(title: string) {
  useContext(DrawnTitle)?.(title);
  useTabTitle(title);
}
