import { lazy } from "react";
import type { Page } from "../../lib/pages.ts";

const TutorialsPage = lazy(() =>
  import("./pages/tutorials-page.tsx").then((m) => ({ default: m.TutorialsPage })),
);
const HowToUsePage = lazy(() =>
  import("./pages/how-to-use-page.tsx").then((m) => ({ default: m.HowToUsePage })),
);
const QuestionsPage = lazy(() =>
  import("./pages/questions-page.tsx").then((m) => ({ default: m.QuestionsPage })),
);

/** Help and onboarding pages (composed by app/router.tsx). */
export const helpPages: Page[] = [
  { path: "/help/how-to-use", policy: "adults", element: <HowToUsePage /> },
  { path: "/help/questions", policy: "adults", element: <QuestionsPage /> },
  { path: "/tutorials", policy: "adults", element: <TutorialsPage /> },
];
