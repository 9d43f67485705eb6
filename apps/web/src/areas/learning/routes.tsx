import { lazyPage, type Page } from "../../lib/pages.ts";

const LessonPlayerPage = lazyPage(() =>
  import("./pages/lesson-player-page.tsx").then((m) => m.LessonPlayerPage),
);

/** The lesson player (composed by app/router.tsx). */
export const learningPages: Page[] = [
  // Students learn here; adults open the same player as a preview (a sample lesson).
  { path: "/student/learn/:lessonId/:step", policy: "signedIn", element: <LessonPlayerPage /> },
];
