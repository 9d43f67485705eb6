// What other areas may use of the lessons area (apps/web/src/borders.test.ts keeps them to it).
export { useExamData } from "./api/get-exam-data.ts";
export { useLesson } from "./api/get-lesson.ts";
export { QuestionVoices } from "./components/voice-button.tsx";
