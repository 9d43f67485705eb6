import { existsSync } from "node:fs";
import { join } from "node:path";
import { fluencyMessages, RECORDING_LIMITS } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import {
  allowRecording,
  createUpload,
  ffprobe,
  headUpload,
  makeClips,
  patchUpload,
  processed,
  readAlongsDone,
  upload,
} from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { auditLog, recordings, recordingUploads, users } from "../../db/schema/index.ts";

let ctx: TestContext;
let world: Awaited<ReturnType<typeof roleClients>>;
let clips: ReturnType<typeof makeClips>;
let lessons: Awaited<ReturnType<typeof catalogLessons>>;
const media = (key: string) => join(ctx.config.DATA_DIR, "media", key);

beforeAll(async () => {
  clips = makeClips();
  ctx = await buildTestApp({}, { jobs: { recordingRetryDelaySeconds: 1 } });
  world = await roleClients(ctx);
  lessons = await catalogLessons(ctx);
  await allowRecording(ctx, world.people.teacher.id);
});
afterAll(() => ctx.close());

const webm = { classification: "cold_read", filetype: "video/webm;codecs=vp8,opus" };

describe("a student's reading, from upload to a playable video", () => {
  let coldId: number;
  let hotId: number;

  it("offers a cold read before the first read-along", async () => {
    const lessonId = lessons.second[0] as number;
    const { status, body } = await world.clients.student.get(`/student/recordings/${lessonId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      allowed: true,
      lyricsOnly: false,
      options: { cold_read: "available", hot_read: "locked", benchmark: "none" },
      recordings: [],
    });
  });

  it("takes a WebM in two chunks, resumed from HEAD's offset, and processes it to H.264 MP4", async () => {
    const lessonId = lessons.second[0] as number;
    const sent = await upload(world.clients.student, { ...webm, lessonId }, clips.webm);
    expect(sent.created.status).toBe(201);
    expect(sent.last.status).toBe(204);
    expect(sent.recordingId).toBeGreaterThan(0);
    coldId = sent.recordingId as number;
    expect(await ctx.db.select().from(recordingUploads)).toEqual([]);
    const row = await processed(ctx, coldId);
    expect(row).toMatchObject({ status: "complete", classification: "cold_read", failure: null });
    expect(row?.durationSeconds).toBeGreaterThan(1.5);
    expect(row?.durationSeconds).toBeLessThan(2.6);
    const probe = ffprobe(media(row?.videoKey as string));
    const video = probe.streams.find((s) => s.codec_type === "video");
    expect(video).toMatchObject({ codec_name: "h264", height: 360 });
    expect(probe.streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
    expect(existsSync(media(row?.thumbnailKey as string))).toBe(true);
    const { body } = await world.clients.student.get(`/student/recordings/${lessonId}`);
    expect(body.data.options.cold_read).toBe("sent");
    expect(body.data.recordings[0]).toMatchObject({ id: coldId, transcode_status: "Complete" });
  });
});
