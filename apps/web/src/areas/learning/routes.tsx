import { lazyPages, type Page } from "../../lib/pages.ts";

const pages = lazyPages({
  LessonPlayerPage: () => import("./pages/lesson-player-page.tsx"),
});

/** The lesson player (composed by app/router.tsx). */
export const learningPages: Page[] = [
  // Students learn here; adults open the same player as a preview (a sample lesson).
  {
    path: "/student/learn/:lessonId/:step",
    policy: "signedIn",
    element: <pages.LessonPlayerPage />,
  },
];
