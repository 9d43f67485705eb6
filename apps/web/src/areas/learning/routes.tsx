import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = lazyPages({
  LessonPlayerPage: () => import("./pages/lesson-player-page.tsx"),
});

/**
 * The lesson player (composed by app/router.tsx). Students learn here; adults open the same
 * player as a preview (a sample lesson).
 */
export const learningPages: Page[] = pagesFor("signedIn", {
  "/student/learn/:lessonId/:step": <pages.LessonPlayerPage />,
});
