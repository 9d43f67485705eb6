import { createHash } from "node:crypto";
import { LESSON_TRACK_TYPES } from "@refrain/domain";
import { asc, count, eq } from "drizzle-orm";
import type { Storage } from "../../../adapters/storage.ts";
import { recordAudit } from "../../../core/audit.ts";
import type { Auth, AuthUser } from "../../../core/context.ts";
import { invalid, notFound, ownedOr404 } from "../../../core/errors.ts";
import type { LessonTrackStore } from "../../../core/lesson-track-store.ts";
import type { StoredFile } from "../../../core/stored-file.ts";
import type { Db } from "../../../db/client.ts";
import { lessons, lessonWords } from "../../../db/schema/index.ts";
import { studentMayTake } from "../exams.ts";
import { inPool, makeTrack } from "./synthesize.ts";
import { parseWordCues, VttError, writeWordCues } from "./vtt.ts";

/**
 * A lesson's read-along lives in storage by convention, so no table records it:
 * `lessons/<id>/track.<ext>` (the audio; its extension says its type, LESSON_TRACK_TYPES) and
 * `lessons/<id>/words.vtt`.
 */
type TrackExtension = keyof typeof LESSON_TRACK_TYPES;
const EXTENSION_OF = Object.fromEntries(
  Object.entries(LESSON_TRACK_TYPES).map(([ext, type]) => [type, ext as TrackExtension]),
);

const folderOf = (lessonId: number) => `lessons/${lessonId}`;
export const timingsKey = (lessonId: number) => `${folderOf(lessonId)}/words.vtt`;
const trackKey = (lessonId: number, ext: TrackExtension) => `${folderOf(lessonId)}/track.${ext}`;

const etagOf = (data: Buffer) =>
  `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;

export interface LessonTracksOptions {
  /** Make a missing track with espeak-ng and ffmpeg when it is asked for (`npm start`). */
  generate: boolean;
  log?: (facts: Record<string, unknown>, message: string) => void;
}

/**
 * The lessons' tracks and word timings. With `generate`, a track that does not exist yet is
 * made on first request (once, however many ask at the same time) and kept in storage, so the
 * player never waits for more than its own lesson; `makeMissing` fills in the rest.
 */
export class LessonTracks implements LessonTrackStore {
  private readonly making = new Map<number, Promise<void>>();
  private readonly db: Db;
  private readonly storage: Storage;
  private readonly options: LessonTracksOptions;

  constructor(db: Db, storage: Storage, options: LessonTracksOptions) {
    this.db = db;
    this.storage = storage;
    this.options = options;
  }

  /** The audio's key in storage, if there is one. */
  private async trackKeyOf(lessonId: number): Promise<string | undefined> {
    const keys = await this.storage.list(folderOf(lessonId));
    return keys.find((k) => /\/track\.\w+$/.test(k));
  }

  private async lessonWordsOf(lessonId: number) {
    return this.db
      .select({ text: lessonWords.text, line: lessonWords.line })
      .from(lessonWords)
      .where(eq(lessonWords.lessonId, lessonId))
      .orderBy(asc(lessonWords.position));
  }

  /** Makes the lesson's track unless it has one (made or uploaded). */
  ensure(lessonId: number): Promise<void> {
    const running = this.making.get(lessonId);
    if (running) return running;
    const work = (async () => {
      if (await this.trackKeyOf(lessonId)) return;
      const started = performance.now();
      const track = await makeTrack(await this.lessonWordsOf(lessonId));
      // Timings first: the audio's presence is what says the lesson has its track.
      await this.storage.put(timingsKey(lessonId), Buffer.from(writeWordCues(track.cues)));
      await this.storage.put(trackKey(lessonId, "webm"), track.audio);
      this.options.log?.(
        {
          lessonId,
          words: track.cues.length,
          seconds: Math.round(track.duration),
          ms: Math.round(performance.now() - started),
        },
        "lesson track made",
      );
    })().finally(() => this.making.delete(lessonId));
    this.making.set(lessonId, work);
    return work;
  }

  /** Makes every lesson's missing track, `concurrency` at a time; the time it took, in ms. */
  async makeMissing(concurrency = 2): Promise<{ made: number; ms: number }> {
    const started = performance.now();
    const ids = (
      await this.db.select({ id: lessons.id }).from(lessons).orderBy(asc(lessons.id))
    ).map((r) => r.id);
    const have = new Set(
      (await this.storage.list("lessons"))
        .filter((k) => /\/track\.\w+$/.test(k))
        .map((k) => Number(k.split("/")[1])),
    );
    const missing = ids.filter((id) => !have.has(id));
    await inPool(missing, concurrency, (id) => this.ensure(id));
    return { made: missing.length, ms: Math.round(performance.now() - started) };
  }

  private async mayOpen(user: AuthUser, lessonId: number) {
    const [row] = await this.db
      .select({ id: lessons.id, planId: lessons.planId })
      .from(lessons)
      .where(eq(lessons.id, lessonId));
    const lesson = ownedOr404(row);
    if (user.role === "student") await studentMayTake(this.db, user.id, lesson);
  }

  /** The lesson's audio, for a student who may open the lesson or any adult. */
  async audio(user: AuthUser, lessonId: number): Promise<StoredFile> {
    await this.mayOpen(user, lessonId);
    if (this.options.generate) await this.ensure(lessonId);
    const key = await this.trackKeyOf(lessonId);
    const data = key ? await this.storage.get(key) : null;
    if (!key || !data) throw notFound();
    const ext = key.slice(key.lastIndexOf(".") + 1) as TrackExtension;
    return {
      data,
      type: LESSON_TRACK_TYPES[ext] ?? "application/octet-stream",
      etag: etagOf(data),
    };
  }

  /** The lesson's word timings (WebVTT), for the same callers as its audio. */
  async timings(user: AuthUser, lessonId: number): Promise<StoredFile> {
    await this.mayOpen(user, lessonId);
    if (this.options.generate) await this.ensure(lessonId);
    const data = ownedOr404(await this.storage.get(timingsKey(lessonId)));
    return { data, type: "text/vtt; charset=utf-8", etag: etagOf(data) };
  }

  /** Staff replace a lesson's audio: one of LESSON_TRACK_TYPES (routes.ts limits its size). */
  async replaceAudio(auth: Auth, lessonId: number, type: string, data: unknown, ip: string) {
    await this.mayOpen(auth.user, lessonId);
    const ext = EXTENSION_OF[type.split(";")[0]?.trim().toLowerCase() ?? ""];
    if (!ext || !Buffer.isBuffer(data))
      throw invalid({
        file: [`Upload the track as ${Object.values(LESSON_TRACK_TYPES).join(", ")}.`],
      });
    if (data.length === 0) throw invalid({ file: ["The track is empty."] });
    const old = await this.trackKeyOf(lessonId);
    await this.storage.put(trackKey(lessonId, ext), data);
    if (old && old !== trackKey(lessonId, ext)) await this.storage.delete(old);
    await recordAudit(this.db, {
      actor: auth,
      action: "lessons.track.replace",
      target: null,
      ip,
      details: { lessonId, type: LESSON_TRACK_TYPES[ext], bytes: data.length },
    });
    return { success: true as const, message: "The lesson's track was replaced." };
  }

  /** Staff replace a lesson's word timings: WebVTT whose cues are the lesson's words, in order. */
  async replaceTimings(auth: Auth, lessonId: number, type: string, data: unknown, ip: string) {
    await this.mayOpen(auth.user, lessonId);
    if (type.split(";")[0]?.trim().toLowerCase() !== "text/vtt" || !Buffer.isBuffer(data))
      throw invalid({ file: ["Upload the timings as a WebVTT file (text/vtt)."] });
    const [words] = await this.db
      .select({ n: count() })
      .from(lessonWords)
      .where(eq(lessonWords.lessonId, lessonId));
    try {
      parseWordCues(new TextDecoder("utf-8", { fatal: true }).decode(data), words?.n ?? 0);
    } catch (error) {
      if (error instanceof VttError) throw invalid({ file: [error.message] });
      if (error instanceof TypeError) throw invalid({ file: ["The file is not UTF-8 text."] });
      throw error;
    }
    await this.storage.put(timingsKey(lessonId), data);
    await recordAudit(this.db, {
      actor: auth,
      action: "lessons.timings.replace",
      target: null,
      ip,
      details: { lessonId, bytes: data.length },
    });
    return { success: true as const, message: "The lesson's word timings were replaced." };
  }
}
