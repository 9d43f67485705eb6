import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  consentComplete,
  type FieldErrors,
  fluencyMessages,
  RECORDING_LIMITS,
  RECORDING_UPLOAD_PATH,
  recordingUploadMetadata,
  sniffContainer,
} from "@refrain/domain";
import { Server as TusServer } from "@tus/server";
import { and, count, eq, lt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Storage } from "../../adapters/storage.ts";
import { consentOnFile } from "../../core/consent-on-file.ts";
import type { AppContext } from "../../core/context.ts";
import { AppError, invalid, notFound } from "../../core/errors.ts";
import type { Jobs } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { recordings, recordingUploads, users } from "../../db/schema/index.ts";
import { authOf, requirePolicy } from "../../plugins/guards.ts";
import { requireOpenClass } from "../account/index.ts";
import { queueRecordingProcessing } from "./process.ts";
import { recordingFolder, requireRecordable } from "./service.ts";
import { type UploadStore, uploadStoreOf } from "./upload-store.ts";

/**
 * Resumable uploads (tus 1.0, @tus/server) of a student's reading. Fastify guards each request
 * as any route (CSRF, signed-in student) and checks what tus cannot know: creation's metadata
 * against the student's options, and every later request's upload against the student and the
 * session that created it. Then tus takes the raw request and answers it itself.
 *
 * These routes have no contract: their requests and answers are tus's, not JSON (route.test.ts
 * lists them as such).
 */

/** What creation decided, handed from Fastify's handler to tus's hook for the same request. */
interface Creation {
  studentId: number;
  sessionHash: string;
  lessonId: number;
  classification: "cold_read" | "hot_read" | "benchmark";
  lyricsOnly: boolean;
  declaredType: string;
  declaredBytes: number;
}
const creations = new WeakMap<IncomingMessage, Creation>();

/**
 * How many uploads a student may have open at once: created, not yet whole, and not yet deleted
 * as abandoned (a day untouched). Each may hold RECORDING_LIMITS.maxBytes on disk for that day.
 * A student sends one reading at a time, and a new upload of a reading replaces its older open
 * one (`openUpload`), so retries and re-records never add up: a real student has more than one
 * open only after leaving several readings half-sent. A session may keep 3 (a lesson's cold,
 * hot and benchmark readings); the student a few more, for a second device, and because an
 * ended session's uploads can no longer be resumed and wait for the clean-up. Kept here, not in
 * limits.ts, whose limits count uses in a window of time, not things open now.
 */
const OPEN_UPLOADS = { perSession: 3, perStudent: 5 } as const;

/** tus names uploads with 32 hex digits; anything else names none (and never reaches SQL). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** tus hands its hooks a web Request; on Node it carries the original one. */
const nodeRequestOf = (req: unknown) =>
  (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** A refusal as tus sends it (its hooks throw `{ status_code, body }`), in our JSON envelope. */
const tusRefusal = (status: number, message: string, errors?: FieldErrors) => ({
  status_code: status,
  body: JSON.stringify({ success: false, message, ...(errors && { errors }) }),
});

/** Upload-Metadata: comma-separated `key base64value` pairs. */
export function decodeMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value = ""] = pair.trim().split(" ");
    if (key) out[key] = Buffer.from(value, "base64").toString("utf8");
  }
  return out;
}

/**
 * A whole upload becomes a recording: its bytes must be a recorded container (else it is
 * deleted and refused), and a reading of its kind must not have arrived meanwhile. The file
 * moves into media storage, the recording row appears and the upload's row goes in one
 * transaction; processing is queued after it.
 */
export async function finishUpload(
  deps: { db: Db; media: Storage; jobs: Pick<Jobs, "send">; uploads: UploadStore },
  uploadId: string,
): Promise<number> {
  const { db, media, jobs, uploads } = deps;
  const [upload] = await db
    .select()
    .from(recordingUploads)
    .where(eq(recordingUploads.id, uploadId));
  const discard = () => discardUpload(db, uploads, uploadId);
  // Its student was erased while the last bytes came: their files go, none is left behind.
  if (!upload) {
    await discard();
    throw tusRefusal(404, "Not found");
  }
  const container = sniffContainer(await uploads.head(uploadId));
  if (!container) {
    await discard();
    throw tusRefusal(422, fluencyMessages.notMedia, { file: [fluencyMessages.notMedia] });
  }
  const bytes = await uploads.size(uploadId);
  const id = await db.transaction(async (tx) => {
    // Held until the recording is in: an erasure of the student waits for it and then finds it,
    // or went first, and the student is no longer here.
    const [student] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, upload.studentId))
      .for("key share");
    if (!student) return "erased" as const;
    // Consent withdrawn while the bytes travelled (issue 19): the reading is refused, not kept.
    if (!consentComplete(await consentOnFile(tx, upload.studentId))) return null;
    const [taken] = await tx
      .select({ id: recordings.id })
      .from(recordings)
      .where(
        and(
          eq(recordings.studentId, upload.studentId),
          eq(recordings.lessonId, upload.lessonId),
          eq(recordings.classification, upload.classification),
          ne(recordings.status, "failed"),
        ),
      );
    if (taken) return null;
    const [row] = await tx
      .insert(recordings)
      .values({
        studentId: upload.studentId,
        lessonId: upload.lessonId,
        classification: upload.classification,
        lyricsOnly: upload.lyricsOnly,
        status: "queued",
        sourceType: `${upload.declaredType.split("/")[0]}/${container}`,
        sourceBytes: bytes,
      })
      .returning({ id: recordings.id });
    const recordingId = (row as { id: number }).id;
    const key = `${recordingFolder(recordingId)}/source`;
    await tx.update(recordings).set({ sourceKey: key }).where(eq(recordings.id, recordingId));
    await tx.delete(recordingUploads).where(eq(recordingUploads.id, uploadId));
    // Last inside the transaction: if the move fails, no row claims the file.
    await uploads.moveInto(media, key, uploadId);
    return recordingId;
  });
  if (id === "erased") {
    await discard();
    throw tusRefusal(404, "Not found");
  }
  if (id === null) {
    await discard();
    throw tusRefusal(409, fluencyMessages.notAllowed);
  }
  await queueRecordingProcessing(jobs, id);
  return id;
}

/** An upload's row and files, gone (refused, abandoned). */
async function discardUpload(db: Db, uploads: UploadStore, uploadId: string) {
  await db.delete(recordingUploads).where(eq(recordingUploads.id, uploadId));
  await uploads.remove(uploadId);
}

/**
 * A new upload's row, in place of the student's older open upload of the same reading (a reading
 * recorded again, or sent again after a failure: the older one will never be finished); refused
 * past OPEN_UPLOADS. Returns the replaced uploads, whose files are for the caller to remove.
 */
async function openUpload(db: Db, id: string, creation: Creation): Promise<string[]> {
  const { studentId, sessionHash } = creation;
  return db.transaction(async (tx) => {
    // Held until the row is in: a student's creations count one after another, so a burst of
    // them cannot all find room.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, studentId))
      .for("no key update");
    const replaced = await tx
      .delete(recordingUploads)
      .where(
        and(
          eq(recordingUploads.studentId, studentId),
          eq(recordingUploads.lessonId, creation.lessonId),
          eq(recordingUploads.classification, creation.classification),
        ),
      )
      .returning({ id: recordingUploads.id });
    const [open] = await tx
      .select({
        student: count(),
        session: count(sql`case when ${recordingUploads.sessionHash} = ${sessionHash} then 1 end`),
      })
      .from(recordingUploads)
      .where(eq(recordingUploads.studentId, studentId));
    if (
      (open?.session ?? 0) >= OPEN_UPLOADS.perSession ||
      (open?.student ?? 0) >= OPEN_UPLOADS.perStudent
    )
      throw tusRefusal(429, fluencyMessages.tooManyUploads);
    await tx.insert(recordingUploads).values({ id, ...creation });
    return replaced.map((r) => r.id);
  });
}

/** The clean-up job: uploads untouched for a day, rows and files. */
export async function deleteAbandonedUploads(db: Db, uploads: UploadStore, hours = 24) {
  const stale = await db
    .select({ id: recordingUploads.id })
    .from(recordingUploads)
    .where(lt(recordingUploads.updatedAt, sql`now() - make_interval(hours => ${hours})`));
  for (const { id } of stale) await discardUpload(db, uploads, id);
  return stale.length;
}

/** The routes of the tus endpoint, in the fluency area. */
export function registerRecordingUploads({ app, db, config, media, jobs, now }: AppContext) {
  const uploads = uploadStoreOf(config);
  const tus = new TusServer({
    path: RECORDING_UPLOAD_PATH,
    datastore: uploads.datastore,
    maxSize: RECORDING_LIMITS.maxBytes,
    // URLs name an upload by its 32 hex digits; the store may file it under a folder.
    namingFunction: () => uploads.storeId(randomBytes(16).toString("hex")),
    generateUrl: (_req, { path, id }) => `${path}/${uploads.idOf(id)}`,
    getFileIdFromRequest: (_req, last) =>
      last && UPLOAD_ID.test(last) ? uploads.storeId(last) : undefined,
    async onUploadCreate(req, upload) {
      const creation = creations.get(nodeRequestOf(req) as IncomingMessage);
      if (!creation) throw tusRefusal(404, "Not found");
      const replaced = await openUpload(db, uploads.idOf(upload.id), creation);
      for (const id of replaced) await uploads.remove(id);
      return {};
    },
    async onUploadFinish(_req, upload) {
      const id = await finishUpload({ db, media, jobs, uploads }, uploads.idOf(upload.id));
      return { headers: { "Recording-Id": id } };
    },
  });

  // tus reads the body itself, as it arrives: Fastify leaves the stream alone.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) =>
    done(null),
  );
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const guard = requirePolicy("students");

  app.route({
    method: "POST",
    url: RECORDING_UPLOAD_PATH,
    onRequest: [guard],
    // A new reading is new work: a lapsed class may not record (decision 0024).
    preHandler: [requireOpenClass({ db, now })],
    handler: async (request, reply) => {
      const auth = authOf(request);
      const parsed = recordingUploadMetadata.safeParse(
        decodeMetadata(request.headers["upload-metadata"] as string | undefined),
      );
      if (!parsed.success) {
        const issues = parsed.error.issues;
        if (issues.some((i) => (i as { params?: { notFound?: boolean } }).params?.notFound))
          throw notFound();
        const errors: FieldErrors = {};
        for (const issue of issues) {
          const field = String(issue.path[0]);
          errors[field] = [...(errors[field] ?? []), issue.message];
        }
        throw invalid(errors);
      }
      const length = Number(request.headers["upload-length"]);
      if (!Number.isSafeInteger(length) || length <= 0)
        throw invalid({ file: [fluencyMessages.notMedia] });
      if (length > RECORDING_LIMITS.maxBytes)
        throw new AppError("too_large", fluencyMessages.tooLarge);
      const { lessonId, classification, filetype } = parsed.data;
      const { lyricsOnly } = await requireRecordable(db, auth.user.id, lessonId, classification);
      creations.set(request.raw, {
        studentId: auth.user.id,
        sessionHash: auth.sessionId,
        lessonId,
        classification,
        lyricsOnly,
        declaredType: filetype,
        declaredBytes: length,
      });
      await handOver(request, reply);
    },
  });

  // Resuming: only the student and the session that created the upload reach it.
  const owned = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const { uploadId } = request.params as { uploadId: string };
    if (!UPLOAD_ID.test(uploadId)) throw notFound();
    const [row] = await db
      .update(recordingUploads)
      .set({ updatedAt: new Date() })
      .where(
        and(
          eq(recordingUploads.id, uploadId),
          eq(recordingUploads.studentId, auth.user.id),
          eq(recordingUploads.sessionHash, auth.sessionId),
        ),
      )
      .returning({ id: recordingUploads.id });
    if (!row) throw notFound();
  };
  for (const method of ["HEAD", "PATCH"] as const)
    app.route({
      method,
      url: `${RECORDING_UPLOAD_PATH}/:uploadId`,
      onRequest: [guard],
      preHandler: [owned],
      handler: handOver,
    });
  // The student abandons an upload (tus termination): its row goes with its files.
  app.route({
    method: "DELETE",
    url: `${RECORDING_UPLOAD_PATH}/:uploadId`,
    onRequest: [guard],
    preHandler: [owned],
    handler: async (request, reply) => {
      const { uploadId } = request.params as { uploadId: string };
      await discardUpload(db, uploads, uploadId);
      return reply.code(204).header("tus-resumable", "1.0.0").send();
    },
  });
}
