import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONSENT_KINDS, RECORDING_UPLOAD_PATH } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import {
  classSettings,
  consentRecords,
  readAlongs,
  recordings,
  users,
} from "../src/db/schema/index.ts";
import type { RoleWorld } from "./authorization.ts";
import type { Reply, TestClient, TestContext } from "./build-test-app.ts";

/**
 * Tiny real recordings made with ffmpeg, as browsers send them: Chromium's WebM (VP8/Opus),
 * Safari's MP4 (H.264/AAC), sound-only WebM (Opus), and bytes that only look like WebM.
 */
export function makeClips() {
  const dir = mkdtempSync(join(tmpdir(), "refrain-clips-"));
  const ff = (...args: string[]) =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  const video = ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=15:duration=2"];
  const sound = ["-f", "lavfi", "-i", "sine=frequency=440:duration=2"];
  ff(...video, ...sound, "-c:v", "libvpx", "-b:v", "200k", "-c:a", "libopus", join(dir, "a.webm"));
  ff(
    ...video,
    ...sound,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    join(dir, "a.mp4"),
  );
  ff(...sound, "-c:a", "libopus", join(dir, "sound.webm"));
  const read = (name: string) => readFileSync(join(dir, name));
  const webm = read("a.webm");
  return {
    webm,
    mp4: read("a.mp4"),
    soundWebm: read("sound.webm"),
    /** A page named .webm: no container at all. */
    notMedia: Buffer.from("<!doctype html><title>clip.webm</title>".repeat(20)),
    /** A WebM's header followed by noise: it sniffs as WebM but ffmpeg cannot read it. */
    corrupt: Buffer.concat([webm.subarray(0, 8), Buffer.alloc(4000, 0x5a)]),
  };
}

/**
 * The class's recording switch on, and both consents on file for every student it has now (a
 * student added later needs `giveConsent`).
 */
export async function allowRecording(ctx: TestContext, teacherId: number, lyricsOnly = false) {
  await ctx.db
    .insert(classSettings)
    .values({ teacherId, recordStudentFluency: true, fluencyLyricsOnly: lyricsOnly })
    .onConflictDoUpdate({ target: classSettings.teacherId, set: { recordStudentFluency: true } });
  const students = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teacherId, teacherId), eq(users.role, "student")));
  await giveConsent(
    ctx,
    students.map((s) => s.id),
    teacherId,
  );
}

/** A student of a new teacher whose class records (allowRecording); `login` signs them in. */
export async function recordingStudent(ctx: TestContext) {
  const teacher = await ctx.factories.user({ role: "teacher" });
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  await allowRecording(ctx, teacher.id);
  return { teacher, student, login: { ...student, teacherUsername: teacher.username } };
}

/** A parent's permission and an admin's approval on file for each student (issue 19). */
export async function giveConsent(ctx: TestContext, studentIds: number[], recordedBy: number) {
  if (studentIds.length === 0) return;
  await ctx.db.insert(consentRecords).values(
    studentIds.flatMap((studentId) =>
      CONSENT_KINDS.map((kind) => ({
        studentId,
        kind,
        method: "school_policy" as const,
        givenOn: "2026-09-01",
        recordedBy,
      })),
    ),
  );
}

export async function readAlongsDone(ctx: TestContext, studentId: number, lessonId: number, n = 3) {
  for (let i = 0; i < n; i++)
    await ctx.db.insert(readAlongs).values({ studentId, lessonId, play: crypto.randomUUID() });
}

const TUS = { "tus-resumable": "1.0.0" };
const encode = (meta: Record<string, string | number>) =>
  Object.entries(meta)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString("base64")}`)
    .join(",");

/** tus creation: the answer's Location names the upload. */
export function createUpload(
  client: TestClient,
  meta: Record<string, string | number>,
  length: number,
) {
  return client.request("POST", RECORDING_UPLOAD_PATH, undefined, {
    ...TUS,
    "upload-length": String(length),
    "upload-metadata": encode(meta),
  });
}

export function patchUpload(client: TestClient, location: string, offset: number, chunk: Buffer) {
  return client.request("PATCH", location, chunk, {
    ...TUS,
    "upload-offset": String(offset),
    "content-type": "application/offset+octet-stream",
  });
}

export function headUpload(client: TestClient, location: string) {
  return client.request("HEAD" as "GET", location, undefined, TUS);
}

/**
 * The browser, now on another server, resumes an upload it stopped at `offset`: HEAD there
 * answers that offset, and the rest of `bytes` completes it. Answers the recording's id.
 */
export async function resumeUpload(
  resumed: TestClient,
  location: string,
  bytes: Buffer,
  offset: number,
) {
  const head = await headUpload(resumed, location);
  expect([head.status, head.headers["upload-offset"]]).toEqual([200, String(offset)]);
  const last = await patchUpload(resumed, location, offset, bytes.subarray(offset));
  expect(last.status).toBe(204);
  return Number(last.headers["recording-id"]);
}

/** A whole upload through the protocol: create, PATCH in two chunks with a HEAD between. */
export async function upload(
  client: TestClient,
  meta: { lessonId: number; classification: string; filetype: string },
  bytes: Buffer,
): Promise<{ created: Reply; last: Reply; recordingId: number | null }> {
  const created = await createUpload(client, meta, bytes.length);
  if (created.status !== 201) return { created, last: created, recordingId: null };
  const location = String(created.headers.location);
  const half = Math.floor(bytes.length / 2);
  await patchUpload(client, location, 0, bytes.subarray(0, half));
  const offset = Number((await headUpload(client, location)).headers["upload-offset"]);
  const last = await patchUpload(client, location, offset, bytes.subarray(offset));
  const id = last.headers["recording-id"];
  return { created, last, recordingId: id === undefined ? null : Number(id) };
}

/**
 * The role world's student does a lesson's read-alongs, which a hot read needs, then uploads
 * `clip` (an MP4) as the hot read: answers the recording's id.
 */
export async function hotRead(ctx: TestContext, world: RoleWorld, lessonId: number, clip: Buffer) {
  await readAlongsDone(ctx, world.people.student.id, lessonId);
  const sent = await upload(
    world.clients.student,
    { lessonId, classification: "hot_read", filetype: "video/mp4" },
    clip,
  );
  return sent.recordingId as number;
}

/** Waits until the job queue has nothing due, then reads the recording. */
export async function processed(ctx: TestContext, id: number) {
  await ctx.jobs.idle();
  const [row] = await ctx.db.select().from(recordings).where(eq(recordings.id, id));
  return row;
}

/** ffprobe's view of a file: its streams' codecs and sizes, and the duration. */
export function ffprobe(path: string) {
  const out = execFileSync("ffprobe", [
    ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
  ]).toString();
  return JSON.parse(out) as {
    format: { duration: string; format_name: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
}

/**
 * A reading's row written straight to the database, without its media: a completed cold read
 * unless `row` says otherwise. Answers its id.
 */
export async function readingRow(
  ctx: TestContext,
  row: { studentId: number; lessonId: number } & Partial<typeof recordings.$inferInsert>,
) {
  const [inserted] = await ctx.db
    .insert(recordings)
    .values({ classification: "cold_read", status: "complete", ...row })
    .returning({ id: recordings.id });
  return inserted?.id as number;
}
