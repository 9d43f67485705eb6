import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = lazyPages({
  TutorialsPage: () => import("./pages/tutorials-page.tsx"),
  HowToUsePage: () => import("./pages/how-to-use-page.tsx"),
  QuestionsPage: () => import("./pages/questions-page.tsx"),
});

/** Help and onboarding pages (composed by app/router.tsx). */
export const helpPages: Page[] = pagesFor("adults", {
  "/help/how-to-use": <pages.HowToUsePage />,
  "/help/questions": <pages.QuestionsPage />,
  "/tutorials": <pages.TutorialsPage />,
});
