import { lazy } from "react";
import type { Page } from "../../lib/pages.ts";

const AllLessonsPage = lazy(() =>
  import("./pages/all-lessons-page.tsx").then((m) => ({ default: m.AllLessonsPage })),
);
const LessonPage = lazy(() =>
  import("./pages/lesson-page.tsx").then((m) => ({ default: m.LessonPage })),
);
const ExamPreviewPage = lazy(() =>
  import("./pages/exam-preview-page.tsx").then((m) => ({ default: m.ExamPreviewPage })),
);
const ScopeAndSequencePage = lazy(() =>
  import("./pages/scope-and-sequence-page.tsx").then((m) => ({
    default: m.ScopeAndSequencePage,
  })),
);
const AssignLessonsPage = lazy(() =>
  import("./pages/assign-lessons-page.tsx").then((m) => ({ default: m.AssignLessonsPage })),
);
const WorksheetsPage = lazy(() =>
  import("./pages/worksheets-page.tsx").then((m) => ({ default: m.WorksheetsPage })),
);
const ResourcesPage = lazy(() =>
  import("./pages/resources-page.tsx").then((m) => ({ default: m.ResourcesPage })),
);
const LessonTracksPage = lazy(() =>
  import("./pages/lesson-tracks-page.tsx").then((m) => ({ default: m.LessonTracksPage })),
);

/** The lesson catalog, the teacher's assignments and printables, and staff's tracks (composed by app/router.tsx). */
export const lessonsPages: Page[] = [
  { path: "/lessons", policy: "adults", element: <AllLessonsPage /> },
  { path: "/lessons/:id", policy: "adults", element: <LessonPage /> },
  { path: "/lessons/:id/exam/:day", policy: "adults", element: <ExamPreviewPage /> },
  { path: "/scope-and-sequence", policy: "adults", element: <ScopeAndSequencePage /> },
  { path: "/teacher/assign", policy: "classOwners", element: <AssignLessonsPage /> },
  { path: "/teacher/worksheets", policy: "classOwners", element: <WorksheetsPage /> },
  { path: "/teacher/resources", policy: "classOwners", element: <ResourcesPage /> },
  { path: "/staff/lessons/tracks", policy: "staff", element: <LessonTracksPage /> },
];
