import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "../../../test/classes.ts";
import { filesUnder } from "../../../test/files.ts";
import {
  allowRecording,
  createUpload,
  makeClips,
  patchUpload,
  readingRow,
} from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import type { Storage } from "../../adapters/storage.ts";
import { mediaFiles } from "../../adapters/storage.ts";
import { recordings, recordingUploads } from "../../db/schema/index.ts";
import { finishUpload, processRecording, uploadStoreOf, uploadsDir } from "../fluency/index.ts";

// Deleting a student races their upload or its processing: nothing of the reading may be left
// (erase.test.ts erases a student at rest).
const ctx = testAppForFile();
let lessonIds: number[];

beforeAll(async () => {
  lessonIds = (await catalogLessons(ctx)).second;
});

/** A signed-in teacher of their own. */
async function teacherSignedIn() {
  const { owner, client } = await signedInOwner(ctx);
  return { teacher: owner, client };
}

describe("deleting a student while their reading is uploaded or processed", () => {
  it("refuses the rest of an upload and leaves none of its bytes", async () => {
    const { teacher, client } = await teacherSignedIn();
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    // Recording on, with the student's consents on file (issue 19).
    await allowRecording(ctx, teacher.id);
    const pupil = ctx.client();
    await pupil.signIn({ ...student, teacherUsername: teacher.username });
    const clip = makeClips().webm;
    const meta = {
      lessonId: lessonIds[0] as number,
      classification: "cold_read",
      filetype: "video/webm",
    };
    const created = await createUpload(pupil, meta, clip.length);
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const half = Math.floor(clip.length / 2);
    expect((await patchUpload(pupil, location, 0, clip.subarray(0, half))).status).toBe(204);
    const uploadId = location.split("/").pop() as string;
    expect(await filesUnder(uploadsDir(ctx.config.DATA_DIR))).toContain(uploadId);

    await client.post("/teacher/students", { verb: "delete", student: { id: student.id } });
    const rest = await patchUpload(pupil, location, half, clip.subarray(half));
    expect([401, 404]).toContain(rest.status);
    await ctx.jobs.idle();
    const left = await filesUnder(uploadsDir(ctx.config.DATA_DIR));
    expect(left.filter((f) => f.startsWith(uploadId))).toEqual([]);
    expect(
      await ctx.db.select().from(recordings).where(eq(recordings.studentId, student.id)),
    ).toEqual([]);
  });

  it("refuses an upload whose last bytes arrive after the erasure, and removes them", async () => {
    const { teacher, client } = await teacherSignedIn();
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const uploadId = "b".repeat(32);
    await ctx.db.insert(recordingUploads).values({
      id: uploadId,
      studentId: student.id,
      sessionHash: "s",
      lessonId: lessonIds[0] as number,
      classification: "cold_read",
      lyricsOnly: false,
      declaredType: "video/webm",
      declaredBytes: 10,
    });
    await client.post("/teacher/students", { verb: "delete", student: { id: student.id } });
    await ctx.jobs.idle();
    // The upload's completion was on its way: its bytes land after the erasure's job ran.
    const uploads = uploadStoreOf(ctx.config);
    await uploads.files.put(uploadId, makeClips().webm);
    const finishing = finishUpload(
      { db: ctx.db, media: mediaFiles(ctx.config.DATA_DIR), jobs: ctx.jobs, uploads },
      uploadId,
    );
    await expect(finishing).rejects.toMatchObject({ status_code: 404 });
    expect(await filesUnder(uploadsDir(ctx.config.DATA_DIR))).not.toContain(uploadId);
  });

  it("lets a processing run that outlives its reading leave no file behind", async () => {
    const { teacher, client } = await teacherSignedIn();
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const media = mediaFiles(ctx.config.DATA_DIR);
    const id = await readingRow(ctx, {
      studentId: student.id,
      lessonId: lessonIds[0] as number,
      status: "queued",
      sourceKey: "placeholder",
    });
    await media.put(`recordings/${id}/source`, makeClips().webm);
    await ctx.db
      .update(recordings)
      .set({ sourceKey: `recordings/${id}/source` })
      .where(eq(recordings.id, id));
    // The student is erased (and the erasure's job has run) while ffmpeg works: just before
    // the run stores its first output.
    let erased = false;
    const racing: Storage = {
      ...media,
      async putFile(key, path) {
        if (!erased) {
          erased = true;
          await client.post("/teacher/students", { verb: "delete", student: { id: student.id } });
          await ctx.jobs.idle();
        }
        return media.putFile(key, path);
      },
    };
    await processRecording(
      { db: ctx.db, media: racing, log: pino({ level: "silent" }), send: ctx.jobs.send },
      id,
      { lastTry: true },
    );
    expect(erased).toBe(true);
    expect(await media.list(`recordings/${id}`)).toEqual([]);
  });
});
