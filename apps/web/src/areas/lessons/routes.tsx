import { lazyPages, type Page } from "../../lib/pages.ts";

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
  { path: "/lessons", policy: "adults", element: <pages.AllLessonsPage /> },
  { path: "/lessons/:id", policy: "adults", element: <pages.LessonPage /> },
  { path: "/lessons/:id/exam/:day", policy: "adults", element: <pages.ExamPreviewPage /> },
  { path: "/scope-and-sequence", policy: "adults", element: <pages.ScopeAndSequencePage /> },
  { path: "/teacher/assign", policy: "classOwners", element: <pages.AssignLessonsPage /> },
  { path: "/teacher/worksheets", policy: "classOwners", element: <pages.WorksheetsPage /> },
  { path: "/teacher/resources", policy: "classOwners", element: <pages.ResourcesPage /> },
  { path: "/staff/lessons/tracks", policy: "staff", element: <pages.LessonTracksPage /> },
];
