/** What other parts of the server may use of the lessons area: everything else in it is its own. */
export { assignLessons } from "./assignments.ts";
export { studentMayTake } from "./exams.ts";
export { lessonsArea } from "./routes.ts";
export { lessonSummaryColumns, presentLesson } from "./service.ts";
export { LessonTracks } from "./tracks/service.ts";
export { canMakeTracks, inPool, speak, spokenForm, wavSamples } from "./tracks/synthesize.ts";
export { writeVtt } from "./tracks/vtt.ts";
