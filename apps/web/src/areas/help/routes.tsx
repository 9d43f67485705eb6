import { lazyPage, type Page } from "../../lib/pages.ts";

const TutorialsPage = lazyPage(() =>
  import("./pages/tutorials-page.tsx").then((m) => m.TutorialsPage),
);
const HowToUsePage = lazyPage(() =>
  import("./pages/how-to-use-page.tsx").then((m) => m.HowToUsePage),
);
const QuestionsPage = lazyPage(() =>
  import("./pages/questions-page.tsx").then((m) => m.QuestionsPage),
);

/** Help and onboarding pages (composed by app/router.tsx). */
export const helpPages: Page[] = [
  { path: "/help/how-to-use", policy: "adults", element: <HowToUsePage /> },
  { path: "/help/questions", policy: "adults", element: <QuestionsPage /> },
  { path: "/tutorials", policy: "adults", element: <TutorialsPage /> },
];
