import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSecondApp, buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import {
  createUpload,
  headUpload,
  makeClips,
  patchUpload,
  recordingStudent,
  resumeUpload,
} from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { startS3 } from "../../../test/s3.ts";
import { s3Storage } from "../../adapters/s3-storage.ts";
import { mediaStore } from "../../adapters/storage.ts";
import { recordings, recordingUploads } from "../../db/schema/index.ts";
import { uploadStoreOf } from "./upload-store.ts";
import { deleteAbandonedUploads } from "./uploads.ts";

/**
 * Uploads on an S3-compatible bucket (MEDIA_STORE=s3, @tus/s3-store): each app server has its own
 * data directory, as on machines of their own, and an upload begun on one finishes on another.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let ctx: TestContext;
let lessonId: number;
let otherLessonId: number;
/** The student, with their teacher's username to sign in. */
let student: Awaited<ReturnType<typeof recordingStudent>>["login"];
beforeAll(async () => {
  s3 = await startS3();
  ctx = await buildTestApp(s3.env);
  const lessons = (await catalogLessons(ctx)).second;
  lessonId = lessons[0] as number;
  otherLessonId = lessons[1] as number;
  ({ login: student } = await recordingStudent(ctx));
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

/** What the bucket holds under a folder. */
const bucketKeys = (folder: string) => s3Storage(s3.settings).list(folder);

describe("uploads in the bucket", () => {
  it("resume on another server: parts of over 5 MB and a short last one, then the recording", async () => {
    const first = ctx.client();
    await first.signIn(student);
    // A real clip, padded past S3's 5 MiB part: the first PATCH makes a whole part, the rest
    // waits as the short `.part` object until the last bytes come.
    const bytes = Buffer.concat([makeClips().webm, Buffer.alloc(6 * 1024 * 1024)]);
    const created = await createUpload(
      first,
      { lessonId, classification: "cold_read", filetype: "video/webm" },
      bytes.length,
    );
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/\/[0-9a-f]{32}$/);
    const cut = 5 * 1024 * 1024 + 1000;
    expect((await patchUpload(first, location, 0, bytes.subarray(0, cut))).status).toBe(204);

    const other = await buildSecondApp(ctx, {
      DATA_DIR: mkdtempSync(join(tmpdir(), "refrain-data-other-")),
    });
    try {
      const id = await resumeUpload(first.sameBrowserOn(other.app), location, bytes, cut);
      const [row] = await ctx.db.select().from(recordings).where(eq(recordings.id, id));
      expect(row?.sourceBytes).toBe(bytes.length);
      expect(await mediaStore(ctx.config).size(`recordings/${id}/source`)).toBe(bytes.length);
      // The upload's objects went with it: nothing is left in the uploads folder.
      expect(await bucketKeys("uploads")).toEqual([]);
      expect(await ctx.db.select().from(recordingUploads)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("refuses another student's resume, and cleans up abandoned uploads", async () => {
    const client = ctx.client();
    await client.signIn(student);
    const bytes = makeClips().webm;
    const created = await createUpload(
      client,
      { lessonId: otherLessonId, classification: "cold_read", filetype: "video/webm" },
      bytes.length,
    );
    const location = String(created.headers.location);
    const half = Math.floor(bytes.length / 2);
    const patched = await patchUpload(client, location, 0, bytes.subarray(0, half));
    expect([created.status, patched.status, patched.body]).toEqual([201, 204, ""]);
    const id = location.split("/").pop() as string;
    expect(await bucketKeys("uploads")).toEqual(
      expect.arrayContaining([`uploads/${id}.info`, `uploads/${id}.part`]),
    );

    const classmate = await ctx.factories.user({ role: "student", teacherId: student.teacherId });
    const stranger = ctx.client();
    await stranger.signIn({ ...classmate, teacherUsername: student.teacherUsername });
    expect((await headUpload(stranger, location)).status).toBe(404);

    // A day later the clean-up finds it abandoned: its row and every object go.
    await ctx.db.update(recordingUploads).set({ updatedAt: new Date(Date.now() - 25 * 3600_000) });
    expect(await deleteAbandonedUploads(ctx.db, uploadStoreOf(ctx.config))).toBe(1);
    expect(await bucketKeys("uploads")).toEqual([]);
  });
});
