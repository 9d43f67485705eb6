import { VIEW_WINDOW_MINUTES } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, STUDENT_RECORD_KEEPERS } from "../../../test/authorization.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { storedRecording, storedShare } from "../../../test/stored-recording.ts";
import { recordingViews } from "../../db/schema/index.ts";

/** The app's clock runs this far ahead of real time; a test moves it past the window. */
let offsetMs = 0;
const { ctx, world } = appWithRolesForFile({}, { now: () => new Date(Date.now() + offsetMs) });
let lessonId: number;

beforeAll(async () => {
  lessonId = (await catalogLessons(ctx)).second[0] as number;
});

const newRecording = () => storedRecording(ctx, { studentId: world.people.student.id, lessonId });
const viewsOf = (recordingId: number) =>
  ctx.db
    .select()
    .from(recordingViews)
    .where(eq(recordingViews.recordingId, recordingId))
    .orderBy(asc(recordingViews.id));

describe("the access log's calls", () => {
  it("a student's view log is for the class owner and the admins of the student's school and district", async () => {
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: (w) => `/privacy/students/${w.people.student.id}/views`,
      ...STUDENT_RECORD_KEEPERS,
    });
    expect(mismatches).toEqual([]);
  });

  it("one recording's views are for its class owner", async () => {
    const id = await newRecording();
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: `/privacy/recordings/${id}/views`,
      expect: { anonymous: 401, teacher: 200, parent: 404 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
  });

  it("answers 404 for a recording or a student out of reach", async () => {
    const otherTeacher = await ctx.factories.user({ role: "teacher" });
    const stranger = await ctx.factories.user({ role: "student", teacherId: otherTeacher.id });
    const theirs = await storedRecording(ctx, { studentId: stranger.id, lessonId });
    const { teacher, district_admin } = world.clients;
    expect((await teacher.get(`/privacy/recordings/${theirs}/views`)).status).toBe(404);
    expect((await teacher.get("/privacy/recordings/999999/views")).status).toBe(404);
    expect((await teacher.get(`/privacy/students/${stranger.id}/views`)).status).toBe(404);
    expect((await district_admin.get(`/privacy/students/${stranger.id}/views`)).status).toBe(404);
    // Watching it is not possible either, so no view is logged.
    expect((await teacher.get(`/media/recordings/${theirs}/video`)).status).toBe(404);
    expect(await viewsOf(theirs)).toEqual([]);
  });
});

describe("logging views", () => {
  it("logs the teacher's playback once per half hour, not every byte range", async () => {
    const id = await newRecording();
    const { teacher } = world.clients;
    expect((await teacher.get(`/media/recordings/${id}/video`)).status).toBe(200);
    const range = (from: number) =>
      teacher.request("GET", `/media/recordings/${id}/video`, undefined, {
        range: `bytes=${from}-`,
      });
    expect((await range(0)).status).toBe(206);
    expect((await range(2048)).status).toBe(206);
    // A thumbnail in a list is not a view.
    expect((await teacher.get(`/media/recordings/${id}/thumbnail`)).status).toBe(200);
    expect(await viewsOf(id)).toHaveLength(1);
    // Seeking later in the same viewing fetches a range from the middle: still one view.
    offsetMs = (VIEW_WINDOW_MINUTES - 1) * 60_000;
    await range(1000);
    expect(await viewsOf(id)).toHaveLength(1);
    // Playing it again after the window is another view.
    offsetMs = (VIEW_WINDOW_MINUTES + 1) * 60_000;
    await range(0);
    offsetMs = 0;
    const rows = await viewsOf(id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      viewerKind: "teacher",
      viewerId: world.people.teacher.id,
      onBehalfOfId: null,
      shareId: null,
    });
  });

  it("logs an admin acting as the teacher as that admin, on the teacher's behalf", async () => {
    const id = await newRecording();
    const admin = ctx.client();
    await admin.signIn(world.people.district_admin);
    expect((await admin.post(`/impersonate/take/${world.people.teacher.id}`)).status).toBe(200);
    expect((await admin.get(`/media/recordings/${id}/video`)).status).toBe(200);
    // An admin watching in their own name is an admin's view.
    expect((await world.clients.school_admin.get(`/media/recordings/${id}/video`)).status).toBe(
      200,
    );
    const rows = await viewsOf(id);
    expect(rows.map((r) => [r.viewerKind, r.viewerId, r.onBehalfOfId])).toEqual([
      ["impersonating_admin", world.people.district_admin.id, world.people.teacher.id],
      ["admin", world.people.school_admin.id, null],
    ]);
  });

  it("logs a family's link by its share, and not the student watching their own reading", async () => {
    const id = await newRecording();
    const { token, shareId } = await storedShare(
      ctx,
      id,
      world.people.teacher.id,
      "family@example.org",
    );
    const family = ctx.clientFromNewAddress();
    expect((await family.get(`/shared/recordings/${token}/video`)).status).toBe(200);
    expect((await family.get(`/shared/recordings/${token}/video`)).status).toBe(200);
    expect((await world.clients.student.get(`/media/recordings/${id}/video`)).status).toBe(200);
    const rows = await viewsOf(id);
    expect(rows.map((r) => [r.viewerKind, r.viewerId, r.shareId])).toEqual([
      ["shared_link", null, shareId],
    ]);
  });

  it("shows the log with names: the teacher's fluency pages and the student's privacy page", async () => {
    const id = await newRecording();
    const { token } = await storedShare(ctx, id, world.people.teacher.id, "family@example.org");
    await ctx.clientFromNewAddress().get(`/shared/recordings/${token}/video`);
    offsetMs = 60_000;
    await world.clients.teacher.get(`/media/recordings/${id}/video`);
    offsetMs = 0;
    const { teacher } = world.people;
    const teacherName = `${teacher.firstName} ${teacher.lastName}`;
    const log = await world.clients.teacher.get(`/privacy/recordings/${id}/views`);
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      {
        viewedAt: expect.any(String),
        kind: "teacher",
        viewerName: teacherName,
        viewerRole: "teacher",
        onBehalfOfName: null,
        sentTo: null,
      },
      {
        viewedAt: expect.any(String),
        kind: "shared_link",
        viewerName: null,
        viewerRole: null,
        onBehalfOfName: null,
        sentTo: "family@example.org",
      },
    ]);
    const page = await world.clients.district_admin.get(
      `/privacy/students/${world.people.student.id}/views`,
    );
    expect(page.status).toBe(200);
    const shown = page.body.data.find((r: { id: number }) => r.id === id);
    expect(shown).toMatchObject({
      type: "Cold Read",
      keptUntil: expect.any(String),
      untilGraded: false,
      purgedAt: null,
    });
    expect(shown.views).toHaveLength(2);
  });
});
