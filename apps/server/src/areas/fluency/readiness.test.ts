import { eq, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { rowsOf } from "../../db/client.ts";
import { recordingGrades, recordingShares, recordings } from "../../db/schema/index.ts";
import { shareTokenHash } from "../../demo/grades.ts";
import { paceQuery, placesQuery } from "./readiness.ts";

/**
 * Issue 37: a reading whose video is not made yet says when it will be, from the processing
 * queue (the readings ahead of it) and the pace of the latest readings processed; its shared
 * page says so instead of a player that answers 404, and looks again by itself.
 */

const { ctx, world } = appWithRolesForFile({ DEMO_RECORDINGS: "off" });
let lessonId: number;
const T0 = new Date("2026-11-20T10:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const TOKEN = "readiness-test-shared-link-0123456789abcdef";
const PAGE = `/shared/recordings/${TOKEN}`;
let waiting: number[];
let uploaded: number;
let failedId: number;

async function reading(values: Partial<typeof recordings.$inferInsert>) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({
      studentId: world.people.student.id,
      lessonId,
      classification: "cold_read",
      createdAt: at(-3600),
      ...values,
    })
    .returning({ id: recordings.id });
  return row?.id as number;
}

beforeAll(async () => {
  lessonId = (await catalogLessons(ctx)).second[0] as number;
  // A backlog processed 30, 30 and 40 s apart: a median pace of 30 s a reading.
  for (const seconds of [0, 30, 60, 100])
    await reading({
      status: "complete",
      processedAt: at(seconds),
      videoKey: "recordings/x/video.mp4",
      videoType: "video/mp4",
    });
  failedId = await reading({ status: "failed", failure: "The file is damaged." });
  // Demo readings still waiting for their clip, one already being processed...
  waiting = [
    await reading({ status: "processing" }),
    await reading({ status: "queued" }),
    await reading({ status: "queued", classification: "hot_read" }),
  ];
  // ...and an upload stored after them: queued at once, it goes before the clips to come.
  uploaded = await reading({ status: "queued", sourceKey: "recordings/x/source" });
  // The last one is graded and shared before its video is made, as the demo's are.
  const shared = waiting[2] as number;
  await ctx.db.insert(recordingGrades).values({
    recordingId: shared,
    accuracy: -2,
    expression: 4,
    selectedWordIds: [],
    wpm: 82,
  });
  await ctx.db.update(recordings).set({ gradedAt: T0 }).where(eq(recordings.id, shared));
  await ctx.db.insert(recordingShares).values({
    recordingId: shared,
    teacherId: world.people.teacher.id,
    email: "family@example.com",
    tokenHash: shareTokenHash(TOKEN),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
});

const viewsOfShare = async () => {
  const [share] = await ctx.db
    .select({ views: recordingShares.views })
    .from(recordingShares)
    .where(eq(recordingShares.tokenHash, shareTokenHash(TOKEN)));
  return share?.views;
};

describe("when a reading's video will be ready", () => {
  it("grows with the readings ahead of it in the queue, at the recent pace; none once made or failed", async () => {
    const reply = await world.clients.teacher.get("/teacher/recordings/all");
    expect(reply.status).toBe(200);
    const estimate = new Map(
      reply.body.data.map((r: { id: number; ready_in_seconds: number | null }) => [
        r.id,
        r.ready_in_seconds,
      ]),
    );
    expect([...waiting, uploaded].map((id) => estimate.get(id))).toEqual([30, 90, 120, 60]);
    expect(estimate.get(failedId)).toBeNull();
    expect([...estimate.values()].filter((s) => s === null)).toHaveLength(5);
  });

  it("is in the grading modal's reading and the student's own graded readings", async () => {
    const set = await world.clients.teacher.get(`/teacher/recordings/${waiting[2]}`);
    expect(set.body.data.entries.hot_read).toMatchObject({ url: null, ready_in_seconds: 120 });
    const mine = await world.clients.student.get("/student/recordings");
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id: waiting[2], video_url: null, ready_in_seconds: 120 }),
    ]);
  });
});

describe("a shared reading whose video is not made yet", () => {
  it("says it is being prepared and when, with its grade, and looks again by itself", async () => {
    const page = await ctx.client().get(PAGE);
    expect(page.status).toBe(200);
    expect(page.body).toContain("This video is being prepared");
    // 120 s: about 2 minutes.
    expect(page.body).toContain("It should be ready in about 2 minutes.");
    expect(page.body).toContain("<dt>Words per minute</dt><dd>82</dd>");
    expect(page.body).not.toMatch(/<(video|audio)\b/);
    // It looks again in half that, by its script (allowed by hash), not a meta refresh.
    expect(page.body).toContain('id="preparing" data-look-again="60"');
    expect(page.body).toMatch(/<script>[^<]*fetch\("\?waiting=1"/);
    expect(page.body).not.toContain("http-equiv");
    expect(page.headers["content-security-policy"]).toMatch(
      /script-src 'sha256-[^']+'; connect-src 'self'/,
    );
    expect(await viewsOfShare()).toBe(1);
    // Looking again while it waits is the same visit.
    await ctx.client().get(`${PAGE}?waiting=1`);
    expect(await viewsOfShare()).toBe(1);
  });

  it("shows the player once the video is made, and says so when it could not be", async () => {
    await ctx.db
      .update(recordings)
      .set({ status: "complete", videoKey: "recordings/x/video.mp4", videoType: "video/mp4" })
      .where(eq(recordings.id, waiting[2] as number));
    // The look that finds it ready is not a view; the page it then shows is.
    const found = await ctx.client().get(`${PAGE}?waiting=1`);
    expect(found.body).not.toContain('id="preparing"');
    expect(await viewsOfShare()).toBe(1);
    const ready = await ctx.client().get(PAGE);
    expect(ready.body).toMatch(/<video controls/);
    expect(ready.body).not.toContain("<script>");
    expect(await viewsOfShare()).toBe(2);

    await ctx.db
      .update(recordings)
      .set({ status: "failed", videoKey: null })
      .where(eq(recordings.id, waiting[2] as number));
    const failed = await ctx.client().get(`${PAGE}?lang=es`);
    expect(failed.body).toContain("No se pudo preparar este video");
    expect(failed.body).not.toMatch(/<(video|audio)\b|<script>|id="preparing"/);
  });
});

describe("the estimate's queries", () => {
  it("read the waiting and the latest processed readings through their indexes", async () => {
    // The table is tiny in a test: the planner is told to prefer indexes, as it would with a
    // district's years of readings.
    await ctx.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = async (query: SQL) =>
        rowsOf<{ "QUERY PLAN": string }>(await ctx.db.execute(sql`explain ${query}`))
          .map((r) => r["QUERY PLAN"])
          .join("\n");
      expect(await plan(placesQuery(waiting))).toContain("recordings_waiting_idx");
      expect(await plan(paceQuery)).toContain("recordings_processed_idx");
    } finally {
      await ctx.db.execute(sql`reset enable_seqscan`);
    }
  });
});
