import { fluencyMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithRoles, type RoleWorld } from "../../../test/authorization.ts";
import type { TestContext } from "../../../test/build-test-app.ts";
import {
  allowRecording,
  createUpload,
  giveConsent,
  headUpload,
  makeClips,
  patchUpload,
  readAlongsDone,
} from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { recordingUploads } from "../../db/schema/index.ts";

/** The cap on a student's unfinished uploads (uploads.ts `OPEN_UPLOADS`, issue 35 §5). */
let ctx: TestContext;
let world: RoleWorld;
let clips: ReturnType<typeof makeClips>;
let lessons: Awaited<ReturnType<typeof catalogLessons>>;

beforeAll(async () => {
  clips = makeClips();
  ({ ctx, world } = await appWithRoles());
  lessons = await catalogLessons(ctx);
  await allowRecording(ctx, world.people.teacher.id);
});
afterAll(() => ctx.close());

const webm = { classification: "cold_read", filetype: "video/webm;codecs=vp8,opus" };

describe("how many uploads a student may leave open", () => {
  it("takes a few per session and a few more per student, and more again once one is done", async () => {
    const student = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
    });
    await giveConsent(ctx, [student.id], world.people.teacher.id);
    const signedIn = async () => {
      const client = ctx.client();
      await client.signIn({ ...student, teacherUsername: world.people.teacher.username });
      return client;
    };
    const school = await signedIn();
    const home = await signedIn();
    const lesson = (n: number) => lessons.second[n] as number;
    const open = (client: typeof school, n: number, classification = "cold_read") =>
      createUpload(client, { ...webm, classification, lessonId: lesson(n) }, clips.webm.length);
    const refusal = (reply: Awaited<ReturnType<typeof open>>) => [
      reply.status,
      JSON.parse(String(reply.body)).message,
    ];
    const tooMany = [429, fluencyMessages.tooManyUploads];
    const openRows = async () =>
      (
        await ctx.db
          .select()
          .from(recordingUploads)
          .where(eq(recordingUploads.studentId, student.id))
      ).length;

    const first = await open(school, 0);
    expect(first.status).toBe(201);
    expect((await open(school, 1)).status).toBe(201);
    const third = await open(school, 2);
    expect(third.status).toBe(201);
    expect(refusal(await open(school, 3))).toEqual(tooMany);
    // Recorded again, or sent again after a failure: the new upload replaces the older one.
    expect((await open(school, 0)).status).toBe(201);
    expect((await headUpload(school, String(first.headers.location))).status).toBe(404);
    expect(await openRows()).toBe(3);

    // Another session has room of its own, up to the student's limit.
    expect((await open(home, 3)).status).toBe(201);
    const fifth = await open(home, 4);
    expect(fifth.status).toBe(201);
    expect(refusal(await open(home, 5))).toEqual(tooMany);
    expect(await openRows()).toBe(5);

    // One sent whole becomes a recording, and makes room.
    const sent = await patchUpload(school, String(third.headers.location), 0, clips.webm);
    expect(sent.headers["recording-id"]).toBeDefined();
    expect((await open(home, 5)).status).toBe(201);
    // The hot read of the lesson just sent is a new reading: no room for it in either count.
    await readAlongsDone(ctx, student.id, lesson(2));
    expect(refusal(await open(home, 2, "hot_read"))).toEqual(tooMany);
    // One the student abandons makes room too.
    const ended = await home.request("DELETE", String(fifth.headers.location), undefined, {
      "tus-resumable": "1.0.0",
    });
    expect(ended.status).toBe(204);
    expect((await open(home, 2, "hot_read")).status).toBe(201);
    await ctx.jobs.idle();
  });

  it("counts a burst of creations one after another, so it cannot pass the limit", async () => {
    const student = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
    });
    await giveConsent(ctx, [student.id], world.people.teacher.id);
    const client = ctx.client();
    await client.signIn({ ...student, teacherUsername: world.people.teacher.username });
    const burst = await Promise.all(
      lessons.second.map((lessonId) =>
        createUpload(client, { ...webm, lessonId }, clips.webm.length),
      ),
    );
    expect(burst.map((reply) => reply.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });
});
