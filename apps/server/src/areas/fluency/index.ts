/** What other parts of the server may use of the fluency area: everything else in it is its own. */
export { forgetAdaptationsOf } from "./adaptation.ts";
export { cachedReadingClip, planReading, type ReadingClip } from "./demo-media.ts";
export { processRecording, queueRecordingProcessing } from "./process.ts";
export { fluencyQueues, strandedRecordings } from "./queues.ts";
export { fluencyArea } from "./routes.ts";
export { recordingFolder } from "./service.ts";
export { uploadKeys, uploadStoreOf, uploadsDir } from "./upload-store.ts";
export { finishUpload } from "./uploads.ts";
