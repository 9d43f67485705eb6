import { lazyPage, type Page } from "../../lib/pages.ts";

const AllLessonsPage = lazyPage(() =>
  import("./pages/all-lessons-page.tsx").then((m) => m.AllLessonsPage),
);
const LessonPage = lazyPage(() => import("./pages/lesson-page.tsx").then((m) => m.LessonPage));
const ExamPreviewPage = lazyPage(() =>
  import("./pages/exam-preview-page.tsx").then((m) => m.ExamPreviewPage),
);
const ScopeAndSequencePage = lazyPage(() =>
  import("./pages/scope-and-sequence-page.tsx").then((m) => m.ScopeAndSequencePage),
);
const AssignLessonsPage = lazyPage(() =>
  import("./pages/assign-lessons-page.tsx").then((m) => m.AssignLessonsPage),
);
const WorksheetsPage = lazyPage(() =>
  import("./pages/worksheets-page.tsx").then((m) => m.WorksheetsPage),
);
const ResourcesPage = lazyPage(() =>
  import("./pages/resources-page.tsx").then((m) => m.ResourcesPage),
);
const LessonTracksPage = lazyPage(() =>
  import("./pages/lesson-tracks-page.tsx").then((m) => m.LessonTracksPage),
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
