/** The recorders: readings made with ffmpeg, uploaded with tus as the web app uploads them. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { RECORDING_UPLOAD_PATH } from "@refrain/domain";
import type { HttpClient } from "../../apps/server/test/http-client.ts";
import { type Answer, call, checkFailed, data, nextServer, servers } from "./measure.ts";
import { nextRecorder, type Student } from "./people.ts";
import {
  between,
  CHUNK_BYTES,
  dayMs,
  dayOver,
  MAX_UPLOADS,
  pick,
  since,
  think,
  UPLOAD_EVERY_S,
} from "./settings.ts";
import {
  type LessonRecordings,
  readAlong,
  signOut,
  studentHome,
  studentSession,
} from "./students.ts";

interface Clip {
  bytes: Buffer;
  type: string;
  seconds: number;
}
export interface Upload {
  id: number;
  student: string;
  teacher: string;
  lessonId: number;
  classification: string;
  bytes: number;
  /** ms since the day began, at the last chunk's answer. */
  lastByteAt: number;
  status: string;
  /** Seconds from the row's creation (the last byte) to processed, by the database's clock. */
  processSeconds: number | null;
  gradedAt: number | null;
  feedback: string | null;
}
export const uploads = new Map<number, Upload>();
/** Uploads begun; counted here only, read by the report (an import is read-only). */
export let uploadStarts = 0;
/** Made by makeClips before the day. */
export let clips: { video: Clip[]; sound: Clip };
let nextUploadAt = 0;

/** When the first upload may begin, in ms since the day began; set as the day begins. */
export function scheduleFirstUpload(atMs: number) {
  nextUploadAt = atMs;
}

/** Readings made as Chromium's MediaRecorder sends them: VP8/Opus WebM, noisy like a webcam. */
export function makeClips() {
  const dir = mkdtempSync(join(tmpdir(), "refrain-soak-clips-"));
  const ff = (...args: string[]) =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  const video = (seconds: number, hz: number) => {
    const path = join(dir, `reading-${seconds}.webm`);
    ff(
      ...["-f", "lavfi", "-i", `testsrc2=size=640x360:rate=15:duration=${seconds}`],
      ...["-f", "lavfi", "-i", `sine=frequency=${hz}:duration=${seconds}`],
      ...["-vf", "noise=alls=12:allf=t", "-c:v", "libvpx", "-deadline", "realtime"],
      ...["-cpu-used", "8", "-b:v", "500k", "-c:a", "libopus", "-b:a", "48k", path],
    );
    return { bytes: readFileSync(path), type: "video/webm", seconds };
  };
  const soundPath = join(dir, "sound.webm");
  ff(
    ...["-f", "lavfi", "-i", "sine=frequency=300:duration=30"],
    ...["-c:a", "libopus", "-b:a", "48k", soundPath],
  );
  clips = {
    video: [video(20, 330), video(30, 392), video(45, 440)],
    sound: { bytes: readFileSync(soundPath), type: "audio/webm", seconds: 30 },
  };
  rmSync(dir, { recursive: true, force: true });
}

/** Waits for the next upload's turn: one every SOAK_UPLOAD_EVERY seconds or so, in all. */
async function uploadTurn(): Promise<boolean> {
  const now = since();
  const wait = Math.max(0, nextUploadAt - now);
  nextUploadAt = Math.max(now, nextUploadAt) + UPLOAD_EVERY_S * 1000 * between(0.7, 1.3);
  if (wait > 0) await sleep(Math.min(wait, Math.max(0, dayMs - since())));
  return !dayOver && uploadStarts < MAX_UPLOADS;
}

const TUS = { "tus-resumable": "1.0.0" };

/** A tus upload of `clip`: creation, then 2 MB chunks to alternating servers. */
async function uploadReading(
  client: HttpClient,
  student: Student,
  lessonId: number,
  classification: "cold_read" | "hot_read",
  clip: Clip,
) {
  uploadStarts++;
  const meta = { lessonId, classification, filetype: clip.type };
  const first = nextServer();
  const created = await call(client, "recording: upload create", "POST", RECORDING_UPLOAD_PATH, {
    server: first,
    expect: [201],
    headers: {
      ...TUS,
      "upload-length": String(clip.bytes.length),
      "upload-metadata": Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString("base64")}`)
        .join(","),
    },
  });
  const location = String(created.headers.get("location"));
  const path = location.startsWith("http") ? new URL(location).pathname : location;
  // At least two chunks, so every upload changes server half-way.
  const chunk = Math.min(CHUNK_BYTES, Math.ceil(clip.bytes.length / 2));
  let server = first;
  let last: Answer | undefined;
  for (let offset = 0; offset < clip.bytes.length; offset += chunk) {
    server = (server + 1) % servers.length;
    const end = Math.min(clip.bytes.length, offset + chunk);
    if (offset > 0 && Math.random() < 0.25) {
      // A client that lost its connection asks where the upload stands before going on.
      const head = await call(client, "recording: upload offset", "HEAD", path, {
        server,
        headers: TUS,
      });
      const at = Number(head.headers.get("upload-offset"));
      if (at !== offset)
        checkFailed("recording: upload offset", server, `offset ${at}, sent ${offset}`);
    }
    last = await call(
      client,
      end === clip.bytes.length ? "recording: upload last chunk" : "recording: upload chunk",
      "PATCH",
      path,
      {
        server,
        expect: [204],
        body: clip.bytes.subarray(offset, end),
        headers: {
          ...TUS,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
      },
    );
  }
  const id = Number(last?.headers.get("recording-id"));
  if (!(id > 0)) checkFailed("recording: upload last chunk", server, "no Recording-Id");
  uploads.set(id, {
    id,
    student: student.username,
    teacher: student.teacher,
    lessonId,
    classification,
    bytes: clip.bytes.length,
    lastByteAt: since(),
    status: "queued",
    processSeconds: null,
    gradedAt: null,
    feedback: null,
  });
  return id;
}

async function recordingOptions(client: HttpClient, lessonId: number) {
  return data<LessonRecordings>(
    await call(client, "recording: options", "GET", `/student/recordings/${lessonId}`),
  );
}

/** A recorder: a cold read, three read-alongs, a hot read, one student after another. */
export async function recorder() {
  while (!dayOver && uploadStarts < MAX_UPLOADS) {
    const student = nextRecorder();
    if (!student) {
      await think(5, 10);
      continue;
    }
    await studentSession(student, async (client) => {
      const home = await studentHome(client);
      const fresh = home.progress.filter((p) => p.readAlongs === 0);
      const practised = home.progress.filter((p) => p.readAlongs >= 3);
      let cold: { lesson: number; options: LessonRecordings } | undefined;
      for (const p of fresh.slice(0, 4)) {
        const options = await recordingOptions(client, p.lessonid);
        if (options.allowed && options.options.cold_read === "available") {
          cold = { lesson: p.lessonid, options };
          break;
        }
      }
      const clipOf = (o: LessonRecordings) => (o.lyricsOnly ? clips.sound : pick(clips.video));
      let lessonForHot: number | undefined;
      if (cold) {
        // No turn: the day or the uploads are over, which ends the loop too.
        if (!(await uploadTurn())) return;
        await uploadReading(client, student, cold.lesson, "cold_read", clipOf(cold.options));
        await recordingOptions(client, cold.lesson);
        for (let i = 0; i < 3 && !dayOver; i++) {
          await readAlong(client, cold.lesson);
          await think(1, 3);
        }
        lessonForHot = cold.lesson;
      }
      let hot = false;
      const hotCandidates =
        lessonForHot === undefined ? practised.slice(0, 3).map((p) => p.lessonid) : [lessonForHot];
      for (const lesson of hotCandidates) {
        if (dayOver) break;
        const options = await recordingOptions(client, lesson);
        if (!options.allowed || options.options.hot_read !== "available") continue;
        if (await uploadTurn()) {
          await uploadReading(client, student, lesson, "hot_read", clipOf(options));
          await recordingOptions(client, lesson);
          hot = true;
        }
        break;
      }
      if (!cold && !hot) student.recorded = true;
      await studentHome(client);
      await signOut(client, false);
    });
  }
}
