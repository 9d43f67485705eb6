import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RequirePolicy } from "../../app/guards.tsx";

const TutorialsPage = lazy(() =>
  import("./pages/tutorials-page.tsx").then((m) => ({ default: m.TutorialsPage })),
);
const HowToUsePage = lazy(() =>
  import("./pages/how-to-use-page.tsx").then((m) => ({ default: m.HowToUsePage })),
);
const QuestionsPage = lazy(() =>
  import("./pages/questions-page.tsx").then((m) => ({ default: m.QuestionsPage })),
);

/** Help and onboarding pages (spread into the app's pages, router.tsx). */
export const helpPages: RouteObject[] = [
  {
    path: "/help/how-to-use",
    element: (
      <RequirePolicy policy="adults">
        <HowToUsePage />
      </RequirePolicy>
    ),
  },
  {
    path: "/help/questions",
    element: (
      <RequirePolicy policy="adults">
        <QuestionsPage />
      </RequirePolicy>
    ),
  },
  {
    path: "/tutorials",
    element: (
      <RequirePolicy policy="adults">
        <TutorialsPage />
      </RequirePolicy>
    ),
  },
];
