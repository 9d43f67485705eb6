import { z } from "zod";
import { contract } from "../contract.ts";
import { privacyCall, privacyStudentCall } from "../privacy.ts";
import { dataResponse, idParam, messageResponse } from "../validation.ts";

/** A per-student export (issue 19): a ZIP of everything Refrain holds about one student. */
export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Hours a finished export can be downloaded (EXPORT_LINK_HOURS): then its file is removed. */
export const EXPORT_LINK_HOURS_DEFAULT = 4;

/** What the page shows of one export; the state a person reads is `stateOfExport`. */
export const studentExport = z.object({
  id: z.number(),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  bytes: z.number().nullable(),
  /** Who asked for it, by name (a teacher or an admin). */
  requestedBy: z.string(),
});
export type StudentExport = z.infer<typeof studentExport>;

/** An export as a person reads it: waiting, downloadable once, or closed and why. */
export type ExportState = "working" | "ready" | "downloaded" | "expired" | "failed";

export function stateOfExport(
  e: Pick<StudentExport, "status" | "expiresAt" | "downloadedAt">,
  now: Date,
): ExportState {
  if (e.status === "queued" || e.status === "running") return "working";
  if (e.status === "failed") return "failed";
  if (e.downloadedAt) return "downloaded";
  if (e.expiresAt && new Date(e.expiresAt) <= now) return "expired";
  return "ready";
}

export const exportMessages = {
  requested: "The export has started. It is ready to download in a minute or two.",
  linkGone: "This download link was already used or has expired. Ask for a new export.",
  notReady: "This export is not ready to download.",
  noParentEmail: "The student has no parent email on file.",
  parentNotMailable:
    "The parent unsubscribed from emails, or their address refuses mail. Nothing was sent.",
  sent: "The download link was emailed to the parent.",
};

const exportParams = z.object({ exportId: idParam });

export const exportCalls = {
  request: contract({
    ...privacyStudentCall,
    method: "POST",
    path: "/privacy/students/:studentId/exports",
    summary: "Start an export of everything Refrain holds about one student (a ZIP built by a job)",
    response: z.object({ success: z.literal(true), message: z.string(), data: studentExport }),
  }),
  list: contract({
    ...privacyStudentCall,
    method: "GET",
    path: "/privacy/students/:studentId/exports",
    summary: "A student's exports, newest first, with their progress and state",
    response: dataResponse(
      z.object({
        exports: z.array(studentExport),
        /** Whether "Send to parent" applies: the caller owns the class and an address is on file. */
        canSendToParent: z.boolean(),
      }),
    ),
  }),
  /**
   * A fresh single-use link for a finished export. Only the token's SHA-256 is stored, so the
   * link is made when someone is there to use it; a newer link replaces the older one.
   */
  link: contract({
    ...privacyCall,
    policy: "reportReaders",
    method: "POST",
    path: "/privacy/exports/:exportId/link",
    summary: "A single-use download link for a finished export (replaces any earlier link)",
    params: exportParams,
    response: dataResponse(z.object({ url: z.string(), expiresAt: z.string() })),
  }),
  send: contract({
    ...privacyCall,
    policy: "classOwners",
    method: "POST",
    path: "/privacy/exports/:exportId/send",
    summary: "Email a single-use download link to the student's parent address on file",
    params: exportParams,
    response: messageResponse,
  }),
  /** The link is the key (it may be e-mailed to a parent): no sign-in, one download. */
  download: contract({
    ...privacyCall,
    policy: "public",
    method: "GET",
    path: "/privacy/exports/:token",
    summary: "Download an export's ZIP once; a used or expired link answers 410",
    params: z.object({ token: z.string().min(1).max(100) }),
    file: "application/zip",
    opensFromLink: true,
  }),
};
