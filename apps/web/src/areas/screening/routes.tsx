import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = lazyPages({
  WindowsPage: () => import("./pages/windows-page.tsx"),
  ClassScreeningPage: () => import("./pages/class-screening-page.tsx"),
});

/** Screening and progress monitoring pages (composed by app/router.tsx). */
export const screeningPages: Page[] = [
  ...pagesFor("windowSetters", { "/screening/windows": <pages.WindowsPage /> }),
  ...pagesFor("classOwners", { "/screening/class": <pages.ClassScreeningPage /> }),
];
