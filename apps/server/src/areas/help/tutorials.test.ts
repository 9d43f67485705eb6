import { TUTORIAL_NAMES } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { mediaStore } from "../../adapters/storage.ts";
import { tutorialCompletions } from "../../db/schema/index.ts";
import { tutorialVideoKeys } from "./tutorial-videos.ts";

const { ctx, world } = appWithRolesForFile();

const completions = (userId: number) =>
  ctx.db.select().from(tutorialCompletions).where(eq(tutorialCompletions.userId, userId));

describe("the tutorial popups", () => {
  it("answers the spec's response, shown to the role the tutorial is for until completed", async () => {
    const { teacher, parent, student, school_admin } = world.clients;
    const roster = await teacher.post("/media/tutorials/roster");
    expect(roster.status).toBe(200);
    expect(roster.body).toEqual({
      success: true,
      data: {
        name: "roster",
        title: "Adding and editing students",
        text: expect.stringContaining("Your roster is the list of your students"),
        videos: [],
        captions: null,
        // The tests make no videos (TUTORIAL_VIDEOS=off): nothing is on its way.
        preparing: false,
        readyIn: null,
        show: true,
      },
    });
    expect((await parent.post("/media/tutorials/roster")).body.data.show).toBe(true);
    // A home class records no readings: its parent is never offered the tour of them.
    expect((await parent.post("/media/tutorials/fluency_review")).body.data.show).toBe(false);
    expect((await teacher.post("/media/tutorials/fluency_review")).body.data.show).toBe(true);
    expect((await student.post("/media/tutorials/roster")).body.data.show).toBe(false);
    expect((await student.post("/media/tutorials/student_dashboard")).body.data.show).toBe(true);
    expect((await school_admin.post("/media/tutorials/roster")).body.data.show).toBe(false);

    const done = await teacher.post("/media/tutorials/roster/complete");
    expect([done.status, done.body]).toEqual([200, { success: true }]);
    // Twice is still once.
    expect((await teacher.post("/media/tutorials/roster/complete")).status).toBe(200);
    expect((await teacher.post("/media/tutorials/roster")).body.data.show).toBe(false);
    expect(await completions(world.people.teacher.id)).toEqual([
      expect.objectContaining({ name: "roster" }),
    ]);
    // The parent's own popup is untouched by the teacher's completion.
    expect((await parent.post("/media/tutorials/roster")).body.data.show).toBe(true);
    expect((await teacher.post("/media/tutorials/groups")).body.data.show).toBe(true);
  });

  it("speaks to a parent of their children, as their own pages do", async () => {
    const reply = await world.clients.parent.post("/media/tutorials/class_summary");
    expect(reply.body.data).toMatchObject({
      title: "Your children at a glance",
      text: expect.stringContaining("your children's reading this week"),
      show: true,
    });
    expect(
      (await world.clients.teacher.post("/media/tutorials/class_summary")).body.data.title,
    ).toBe("Your class at a glance");
  });

  it("lists the video and its captions once made", async () => {
    const keys = tutorialVideoKeys("groups");
    const store = mediaStore(ctx.config);
    await store.put(keys.captions, Buffer.from("WEBVTT\n"));
    await store.put(keys.video, Buffer.from("not really a video"));
    const reply = await world.clients.teacher.post("/media/tutorials/groups");
    expect(reply.body.data).toMatchObject({
      videos: [{ type: "video/mp4", path: "/media/tutorials/groups/video.mp4" }],
      captions: "/media/tutorials/groups/captions.vtt",
      preparing: false,
    });
  });

  it("answers success false for an unknown name and 404 to completing one, storing nothing", async () => {
    const { teacher } = world.clients;
    for (const name of ["nope", "constructor", "__proto__"]) {
      expect((await teacher.post(`/media/tutorials/${name}`)).body).toEqual({ success: false });
      expect((await teacher.post(`/media/tutorials/${name}/complete`)).status).toBe(404);
    }
    const names = (await completions(world.people.teacher.id)).map((row) => row.name);
    expect(names.every((name) => (TUTORIAL_NAMES as string[]).includes(name))).toBe(true);
  });

  it("never shows a popup to an admin acting as a teacher, and leaves the teacher's as it was", async () => {
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: world.school.id });
    const admin = ctx.client();
    await admin.signIn(world.people.school_admin);
    expect((await admin.post(`/impersonate/take/${teacher.id}`)).status).toBe(200);
    expect((await admin.post("/media/tutorials/class_summary")).body.data.show).toBe(false);
    expect((await admin.post("/media/tutorials/class_summary/complete")).status).toBe(200);
    expect(await completions(teacher.id)).toEqual([]);
  });

  it("lets every signed-in role ask and complete, and nobody signed out", async () => {
    for (const url of [
      "/media/tutorials/assign_lessons",
      "/media/tutorials/assign_lessons/complete",
    ])
      expect(
        await checkMatrix(world, {
          method: "POST",
          url,
          expect: { anonymous: 401 },
          otherwise: 200,
        }),
      ).toEqual([]);
  });
});
