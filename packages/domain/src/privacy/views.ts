import { z } from "zod";
import { contract } from "../contract.ts";
import { privacyCall, privacyStudentCall } from "../privacy.ts";
import { dataResponse, idParam, keysOf } from "../validation.ts";
import { retentionFields } from "./retention.ts";

/** Who watched a recording (issue 19): each view is logged, and the log is shown and exported. */
export const VIEWER_KIND_LABELS = {
  teacher: "Teacher",
  admin: "Admin",
  impersonating_admin: "Admin acting as the teacher",
  shared_link: "Family link",
  staff: "Refrain staff",
};
export const VIEWER_KINDS = keysOf(VIEWER_KIND_LABELS);
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/**
 * One viewer's views of one recording within this window count once: a player fetches a video
 * in many byte ranges, and seeking or pausing and playing again is the same viewing.
 */
export const VIEW_WINDOW_MINUTES = 30;

const recordingView = z.object({
  /** ISO 8601. */
  viewedAt: z.string(),
  kind: z.enum(VIEWER_KINDS),
  /** The viewer's name (the admin's, when acting as the teacher); null for a family link. */
  viewerName: z.string().nullable(),
  /** The viewer's role ("teacher", "school_admin" …); null for a family link. */
  viewerRole: z.string().nullable(),
  /** The teacher an admin acted as. */
  onBehalfOfName: z.string().nullable(),
  /** The address a family link was sent to. */
  sentTo: z.string().nullable(),
});
export type RecordingView = z.infer<typeof recordingView>;

const studentRecording = z.object({
  id: z.number(),
  lessonTitle: z.string(),
  /** The reading's kind, as the teacher's lists name it ("Cold Read" …). */
  type: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  ...retentionFields,
  /** Newest first. */
  views: z.array(recordingView),
});
export type StudentRecordingViews = z.infer<typeof studentRecording>;

export const viewCalls = {
  student: contract({
    ...privacyStudentCall,
    method: "GET",
    path: "/privacy/students/:studentId/views",
    summary: "A student's recordings, how long each is kept, and who viewed each when",
    response: dataResponse(z.array(studentRecording)),
  }),
  recording: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "GET",
    path: "/privacy/recordings/:recordingId/views",
    summary: "Who viewed one recording of the caller's class, newest first",
    params: z.object({ recordingId: idParam }),
    response: dataResponse(z.array(recordingView)),
  }),
};
