// What other areas may use of the fluency area (apps/web/src/borders.test.ts keeps them to it).
export { useMyGradedReadings } from "./api/student-readings.ts";
export { MyReadings } from "./components/my-readings.tsx";
export { LazyStudentRecordingsPopup } from "./components/student-recordings-popup-lazy.tsx";
