import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testAppForFile } from "../../../../test/own-app.ts";
import { localStorage } from "../../../adapters/storage.ts";
import { ensureCatalog } from "../../../catalog/catalog.ts";
import type { AuthUser } from "../../../core/context.ts";
import { lessons, lessonWords } from "../../../db/schema/index.ts";
import { LessonTracks } from "./service.ts";
import { parseWordCues } from "./vtt.ts";

const ctx = testAppForFile();
beforeAll(async () => {
  await ensureCatalog(ctx.db);
});

const staff = { id: 1, role: "staff" } as AuthUser;

describe("lesson tracks made when missing", () => {
  it("makes a lesson's track once for requests at the same time, one cue per lesson word", async () => {
    const storage = localStorage(mkdtempSync(join(tmpdir(), "refrain-tracks-")));
    const made: number[] = [];
    const tracks = new LessonTracks(ctx.db, storage, {
      generate: true,
      log: (facts) => made.push(facts.lessonId as number),
    });
    const [first] = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .orderBy(asc(lessons.id))
      .limit(1);
    const lessonId = first?.id as number;

    const [audio, again, timings] = await Promise.all([
      tracks.audio(staff, lessonId),
      tracks.audio(staff, lessonId),
      tracks.timings(staff, lessonId),
    ]);
    expect(made).toEqual([lessonId]);
    expect(audio.type).toBe("audio/webm");
    expect(audio.data.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // EBML
    expect(again.etag).toBe(audio.etag);

    const words = await ctx.db
      .select({ text: lessonWords.text })
      .from(lessonWords)
      .where(eq(lessonWords.lessonId, lessonId))
      .orderBy(asc(lessonWords.position));
    const cues = parseWordCues(timings.data.toString(), words.length);
    expect(cues.map((c) => c.text)).toEqual(words.map((w) => w.text));
    expect(cues.map((c) => c.index)).toEqual(words.map((_, i) => i));

    // Kept in storage: a later start serves it without making anything.
    expect((await storage.list(`lessons/${lessonId}`)).sort()).toEqual([
      `lessons/${lessonId}/track.webm`,
      `lessons/${lessonId}/words.vtt`,
    ]);
    const later = new LessonTracks(ctx.db, storage, { generate: false });
    expect((await later.audio(staff, lessonId)).etag).toBe(audio.etag);
  }, 30_000);
});
