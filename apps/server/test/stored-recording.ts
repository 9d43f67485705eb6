import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { mediaStore } from "../src/adapters/storage.ts";
import { recordingFolder } from "../src/areas/fluency/index.ts";
import { recordingGrades, recordingShares, recordings } from "../src/db/schema/index.ts";
import type { TestContext } from "./build-test-app.ts";

/**
 * A processed recording written straight to the database and the media store, without an
 * upload or ffmpeg: for tests about who watched it and how long it is kept.
 */
export async function storedRecording(
  ctx: TestContext,
  opts: {
    studentId: number;
    lessonId: number;
    createdAt?: Date;
    gradedAt?: Date | null;
    classification?: "cold_read" | "hot_read" | "stitched";
    coldId?: number;
    hotId?: number;
  },
) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({
      studentId: opts.studentId,
      lessonId: opts.lessonId,
      classification: opts.classification ?? "cold_read",
      status: "complete",
      createdAt: opts.createdAt ?? new Date(),
      gradedAt: opts.gradedAt ?? null,
      coldId: opts.coldId ?? null,
      hotId: opts.hotId ?? null,
      videoType: "video/mp4",
    })
    .returning({ id: recordings.id });
  const id = row?.id as number;
  const media = mediaStore(ctx.config);
  const folder = recordingFolder(id);
  await media.put(`${folder}/source.webm`, Buffer.from("source"));
  await media.put(`${folder}/video.mp4`, randomBytes(4096));
  await media.put(`${folder}/thumbnail.jpg`, Buffer.from("jpeg"));
  await ctx.db
    .update(recordings)
    .set({
      sourceKey: `${folder}/source.webm`,
      videoKey: `${folder}/video.mp4`,
      thumbnailKey: `${folder}/thumbnail.jpg`,
    })
    .where(eq(recordings.id, id));
  if (opts.gradedAt)
    await ctx.db.insert(recordingGrades).values({
      recordingId: id,
      accuracy: -2,
      expression: 4,
      selectedWordIds: [],
      wpm: 88,
      createdAt: opts.gradedAt,
    });
  return id;
}

/** A family's link to a recording, as sharing makes it; returns the token and the share. */
export async function storedShare(
  ctx: TestContext,
  recordingId: number,
  teacherId: number,
  email: string,
) {
  const token = randomBytes(24).toString("base64url");
  const [share] = await ctx.db
    .insert(recordingShares)
    .values({
      recordingId,
      teacherId,
      email,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: recordingShares.id });
  return { token, shareId: share?.id as number };
}
