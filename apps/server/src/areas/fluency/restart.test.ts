import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { fromPglite, PgBoss } from "pg-boss";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSecondApp, buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import {
  createUpload,
  makeClips,
  patchUpload,
  processed,
  recordingStudent,
  resumeUpload,
} from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { mediaFiles } from "../../adapters/storage.ts";
import { recordings, recordingUploads } from "../../db/schema/index.ts";
import { startJobs } from "../../jobs/index.ts";
import { strandedRecordings } from "./queues.ts";
import { uploadStoreOf, uploadsDir } from "./upload-store.ts";
import { deleteAbandonedUploads } from "./uploads.ts";

/**
 * Restarts: a server stopped mid-upload (the student resumes on the next one), and a worker
 * stopped mid-job (the job is redone after it expires). The supervisor looks for expired jobs
 * every second and a retry waits one; the jobs keep their real expiry, so ffmpeg has its real
 * time however busy the machine is, and the abandoned job is made old instead of waited for.
 */
const TUNING = { recordingRetryDelaySeconds: 1, expiryCheckSeconds: 1 };

let ctx: TestContext;
let clips: ReturnType<typeof makeClips>;
let lessonId: number;
/** The student, with their teacher's username to sign in. */
let student: Awaited<ReturnType<typeof recordingStudent>>["login"];
beforeAll(async () => {
  clips = makeClips();
  ctx = await buildTestApp({}, { jobs: TUNING });
  lessonId = (await catalogLessons(ctx)).second[0] as number;
  ({ login: student } = await recordingStudent(ctx));
});
afterAll(() => ctx.close());

/** The job queue as another process on the same database sees it: it neither works nor supervises. */
function anotherProcessQueue() {
  const { connection } = ctx.database;
  const common = { schema: "pgboss", supervise: false, schedule: false };
  return "url" in connection
    ? new PgBoss({ ...common, connectionString: connection.url, max: 2 })
    : new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: "pglite" });
}

describe("a server restarted mid-upload", () => {
  it("lets the student resume from the offset on the next server, and the recording arrives whole", async () => {
    const first = ctx.client();
    await first.signIn(student);
    const bytes = clips.webm;
    const created = await createUpload(
      first,
      { lessonId, classification: "cold_read", filetype: "video/webm" },
      bytes.length,
    );
    const location = String(created.headers.location);
    const half = Math.floor(bytes.length / 2);
    expect((await patchUpload(first, location, 0, bytes.subarray(0, half))).status).toBe(204);

    // The next server: same database, same data directory, a new process's memory.
    const next = await buildSecondApp(ctx);
    try {
      const id = await resumeUpload(first.sameBrowserOn(next.app), location, bytes, half);
      const row = await processed(ctx, id);
      expect(row?.status).toBe("complete");
      expect(row?.sourceBytes).toBe(bytes.length);
      expect(await ctx.db.select().from(recordingUploads)).toEqual([]);
    } finally {
      await next.close();
    }
  });
});

describe("a worker stopped mid-job", () => {
  it("has its job redone after the job expires, to Complete", async () => {
    // The recording as an upload or the demo leaves it: a queued row and its source file.
    const [row] = await ctx.db
      .insert(recordings)
      .values({ studentId: student.id, lessonId, classification: "hot_read", status: "queued" })
      .returning({ id: recordings.id });
    const id = row?.id as number;
    const source = join(ctx.config.DATA_DIR, "clip.mp4");
    writeFileSync(source, clips.mp4);
    await mediaFiles(ctx.config.DATA_DIR).putFile(`recordings/${id}/source`, source);
    await ctx.db
      .update(recordings)
      .set({ sourceKey: `recordings/${id}/source` })
      .where(eq(recordings.id, id));

    // The server's worker stops; another process takes the job, claims the recording and dies.
    await ctx.jobs.stop();
    const dying = anotherProcessQueue();
    await dying.start();
    await dying.send("recording-process", { recordingId: id });
    const [taken] = await dying.fetch("recording-process");
    expect(taken?.data).toEqual({ recordingId: id });
    await ctx.db.update(recordings).set({ status: "processing" }).where(eq(recordings.id, id));
    await dying.stop({ graceful: false });
    // Its expiry has passed: the job started longer ago than the queue lets a run last.
    await ctx.db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 day' where id = ${taken?.id}`,
    );

    // A worker starts again; the abandoned job expires and is run anew.
    const worker = await startJobs({
      database: ctx.database,
      config: ctx.config,
      log: pino({ level: "silent" }),
      work: true,
      tuning: { pollingIntervalSeconds: 0.5, ...TUNING },
    });
    try {
      let status = "";
      // An expiry sweep, a retry's second, then ffmpeg: within the test's 30 s, however busy.
      for (let i = 0; i < 125 && status !== "complete"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [now] = await ctx.db
          .select({ status: recordings.status })
          .from(recordings)
          .where(eq(recordings.id, id));
        status = now?.status ?? "";
      }
      expect(status).toBe("complete");
      const result = await ctx.db.execute(
        sql`select retry_count from pgboss.job where id = ${taken?.id}`,
      );
      const [job] = (result as unknown as { rows: { retry_count: number }[] }).rows;
      expect(job?.retry_count).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
  });
});

describe("the upload clean-up", () => {
  it("removes uploads untouched for a day, rows and files, and keeps the others", async () => {
    const dir = uploadsDir(ctx.config.DATA_DIR);
    const upload = (id: string, updatedAt: Date) =>
      ctx.db.insert(recordingUploads).values({
        id,
        studentId: student.id,
        sessionHash: "x",
        lessonId,
        classification: "cold_read",
        lyricsOnly: false,
        declaredType: "video/webm",
        declaredBytes: 10,
        updatedAt,
      });
    const old = "a".repeat(32);
    const fresh = "b".repeat(32);
    await upload(old, new Date(Date.now() - 25 * 3600_000));
    await upload(fresh, new Date());
    for (const id of [old, fresh]) {
      writeFileSync(join(dir, id), "partial");
      writeFileSync(join(dir, `${id}.json`), "{}");
    }
    expect(await deleteAbandonedUploads(ctx.db, uploadStoreOf(ctx.config))).toBe(1);
    const left = await ctx.db.select({ id: recordingUploads.id }).from(recordingUploads);
    expect(left).toEqual([{ id: fresh }]);
    const { existsSync } = await import("node:fs");
    expect([existsSync(join(dir, old)), existsSync(join(dir, `${old}.json`))]).toEqual([
      false,
      false,
    ]);
    expect(existsSync(join(dir, fresh))).toBe(true);
  });
});

describe("a reading whose job was never sent", () => {
  it("is found by the hourly sweep, unless it is fresh, has a live job, or waits for its file", async () => {
    const row = (values: Partial<typeof recordings.$inferInsert>) =>
      ctx.db
        .insert(recordings)
        .values({ studentId: student.id, lessonId, classification: "benchmark", ...values })
        .returning({ id: recordings.id })
        .then(([r]) => r?.id as number);
    const hourAgo = new Date(Date.now() - 3600_000);
    const stranded = await row({ sourceKey: "recordings/x/source", createdAt: hourAgo });
    await row({ sourceKey: "recordings/y/source" }); // just stored: its job may still be on the way
    await row({ createdAt: hourAgo }); // a demo reading still waiting for its clip
    const done = await row({ sourceKey: "recordings/z/source", createdAt: hourAgo });
    await ctx.db.update(recordings).set({ status: "complete" }).where(eq(recordings.id, done));
    expect(await strandedRecordings(ctx.db)).toEqual([stranded]);

    // A job waiting to start (sent by another process, due later) is live: not stranded.
    const other = anotherProcessQueue();
    await other.start();
    try {
      await other.send("recording-process", { recordingId: stranded }, { startAfter: 3600 });
      expect(await strandedRecordings(ctx.db)).toEqual([]);
    } finally {
      await other.stop({ graceful: false });
    }
  });
});
