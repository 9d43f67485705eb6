import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = lazyPages({
  TutorialsPage: () => import("./pages/tutorials-page.tsx"),
  HowToUsePage: () => import("./pages/how-to-use-page.tsx"),
  QuestionsPage: () => import("./pages/questions-page.tsx"),
});

/** Help and onboarding pages (composed by app/router.tsx). */
export const helpPages: Page[] = [
  { path: "/help/how-to-use", policy: "adults", element: <pages.HowToUsePage /> },
  { path: "/help/questions", policy: "adults", element: <pages.QuestionsPage /> },
  { path: "/tutorials", policy: "adults", element: <pages.TutorialsPage /> },
];
