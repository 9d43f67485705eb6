import { lazyPages, type Page, pagesFor } from "../../lib/pages.ts";

const pages = lazyPages({
  AllLessonsPage: () => import("./pages/all-lessons-page.tsx"),
  LessonPage: () => import("./pages/lesson-page.tsx"),
  ExamPreviewPage: () => import("./pages/exam-preview-page.tsx"),
  ScopeAndSequencePage: () => import("./pages/scope-and-sequence-page.tsx"),
  AssignLessonsPage: () => import("./pages/assign-lessons-page.tsx"),
  WorksheetsPage: () => import("./pages/worksheets-page.tsx"),
  ResourcesPage: () => import("./pages/resources-page.tsx"),
  LessonTracksPage: () => import("./pages/lesson-tracks-page.tsx"),
});

/** The lesson catalog, the teacher's assignments and printables, and staff's tracks (composed by app/router.tsx). */
export const lessonsPages: Page[] = [
  ...pagesFor("adults", {
    "/lessons": <pages.AllLessonsPage />,
    "/lessons/:id": <pages.LessonPage />,
    "/lessons/:id/exam/:day": <pages.ExamPreviewPage />,
    "/scope-and-sequence": <pages.ScopeAndSequencePage />,
  }),
  ...pagesFor("classOwners", {
    "/teacher/assign": <pages.AssignLessonsPage />,
    "/teacher/worksheets": <pages.WorksheetsPage />,
    "/teacher/resources": <pages.ResourcesPage />,
  }),
  ...pagesFor("staff", { "/staff/lessons/tracks": <pages.LessonTracksPage /> }),
];
