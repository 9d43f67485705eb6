import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type MatrixRoute } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { mediaStore, type Storage } from "../../adapters/storage.ts";
import { TUTOR_STORIES, tutorVideoKeys } from "./tutor-videos.ts";
import { tutorialVideoKeys } from "./tutorial-videos.ts";

const { ctx, world } = appWithRolesForFile();
let store: Storage;

/** Text bytes standing for a video, so the test reads back what a range answers. */
const VIDEO = Buffer.from("0123456789".repeat(100));
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const VTT = "WEBVTT\n\n1\n00:00:02.500 --> 00:00:04.000\nAnt finds a crumb.\n";

beforeAll(async () => {
  store = mediaStore(ctx.config);
});

async function storeTutorVideo(id: string) {
  const keys = tutorVideoKeys(id);
  await store.put(keys.captions, Buffer.from(VTT));
  await store.put(keys.thumbnail, JPEG);
  await store.put(keys.video, VIDEO);
}

describe("the tutor videos", () => {
  const [first, second] = TUTOR_STORIES;

  it("lists all six with no sources until made, and their files answer 404", async () => {
    const reply = await world.clients.teacher.get("/media/tutor-videos");
    expect(reply.status).toBe(200);
    expect(reply.body.videos).toHaveLength(6);
    for (const video of reply.body.videos) {
      expect(video).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        thumbnail: null,
        videos: [],
        captions: null,
        // The tests make no videos (TUTOR_VIDEOS=off): nothing says when.
        readyIn: null,
      });
    }
    for (const file of ["video.mp4", "thumbnail.jpg", "captions.vtt"])
      expect(
        (await world.clients.teacher.get(`/media/tutor-videos/${first.id}/${file}`)).status,
      ).toBe(404);
  });

  it("answers 404 for captions stored before their video, and for an unknown id", async () => {
    await store.put(tutorVideoKeys(second.id).captions, Buffer.from(VTT));
    const { teacher } = world.clients;
    expect((await teacher.get(`/media/tutor-videos/${second.id}/captions.vtt`)).status).toBe(404);
    for (const id of ["nope", "..", "%2e%2e%2fapp-secret"])
      expect((await teacher.get(`/media/tutor-videos/${id}/video.mp4`)).status).toBe(404);
  });

  it("lists a made video's sources and serves its files, the video with Range", async () => {
    await storeTutorVideo(first.id);
    const { teacher } = world.clients;
    const list = await teacher.get("/media/tutor-videos");
    expect(list.body.videos[0]).toEqual({
      id: first.id,
      title: first.title,
      thumbnail: `/media/tutor-videos/${first.id}/thumbnail.jpg`,
      videos: [{ type: "video/mp4", path: `/media/tutor-videos/${first.id}/video.mp4` }],
      captions: `/media/tutor-videos/${first.id}/captions.vtt`,
      readyIn: null,
    });
    expect(list.body.videos[1].videos).toEqual([]);

    const whole = await teacher.get(`/media/tutor-videos/${first.id}/video.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const range = await teacher.request(
      "GET",
      `/media/tutor-videos/${first.id}/video.mp4`,
      undefined,
      { range: "bytes=990-" },
    );
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toBe("bytes 990-999/1000");
    expect(range.body).toBe("0123456789");

    const thumbnail = await teacher.get(`/media/tutor-videos/${first.id}/thumbnail.jpg`);
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    const captions = await teacher.get(`/media/tutor-videos/${first.id}/captions.vtt`);
    expect(captions.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(captions.body).toBe(VTT);
  });
});

describe("the tutorial videos", () => {
  it("answers 404 until made, and for a name that is no tutorial", async () => {
    const { student } = world.clients;
    for (const file of ["video.mp4", "captions.vtt"])
      expect((await student.get(`/media/tutorials/student_dashboard/${file}`)).status).toBe(404);
    expect((await student.get("/media/tutorials/toString/video.mp4")).status).toBe(404);
    expect((await student.get("/media/tutorials/nope/captions.vtt")).status).toBe(404);
  });

  it("serves a made video with Range, and its captions", async () => {
    const keys = tutorialVideoKeys("student_dashboard");
    await store.put(keys.captions, Buffer.from(VTT));
    await store.put(keys.video, VIDEO);
    const { student } = world.clients;
    const range = await student.request(
      "GET",
      "/media/tutorials/student_dashboard/video.mp4",
      undefined,
      { range: "bytes=0-9" },
    );
    expect(range.status).toBe(206);
    expect(range.headers["content-type"]).toBe("video/mp4");
    expect(range.body).toBe("0123456789");
    const captions = await student.get("/media/tutorials/student_dashboard/captions.vtt");
    expect(captions.status).toBe(200);
    expect(captions.body).toBe(VTT);
  });
});

describe("who may get the videos", () => {
  const tutor = TUTOR_STORIES[2].id;
  beforeAll(async () => {
    await storeTutorVideo(tutor);
    const keys = tutorialVideoKeys("class_summary");
    await store.put(keys.captions, Buffer.from(VTT));
    await store.put(keys.video, VIDEO);
  });

  const signedIn = (url: string): MatrixRoute => ({
    method: "GET",
    url,
    expect: { anonymous: 401 },
    otherwise: 200,
  });
  const adults = (url: string): MatrixRoute => ({
    method: "GET",
    url,
    expect: { anonymous: 401, student: 403 },
    otherwise: 200,
  });
  const routes: [string, () => MatrixRoute][] = [
    [
      "a tutorial's video: anyone signed in",
      () => signedIn("/media/tutorials/class_summary/video.mp4"),
    ],
    [
      "a tutorial's captions: anyone signed in",
      () => signedIn("/media/tutorials/class_summary/captions.vtt"),
    ],
    ["the tutor videos' list: adults", () => adults("/media/tutor-videos")],
    ["a tutor video: adults", () => adults(`/media/tutor-videos/${tutor}/video.mp4`)],
    [
      "a tutor video's thumbnail: adults",
      () => adults(`/media/tutor-videos/${tutor}/thumbnail.jpg`),
    ],
    ["a tutor video's captions: adults", () => adults(`/media/tutor-videos/${tutor}/captions.vtt`)],
  ];
  it.each(routes)("%s", async (_name, route) => {
    expect(await checkMatrix(world, route())).toEqual([]);
  });
});
