import { MAX_LESSON_TIMINGS_BYTES, MAX_LESSON_TRACK_BYTES } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type MatrixRoute } from "../../../test/authorization.ts";
import { catalogByPlan } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { dataFiles, type Storage } from "../../adapters/storage.ts";
import { auditLog, lessonWords } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();
let storage: Storage;
/** A Second Grade lesson (the world's student's level) with a stored track. */
let lesson: number;
/** A Fifth Grade lesson nobody assigned to the student, also with a track. */
let otherLevel: number;
/** A lesson with no track stored. */
let trackless: number;
let wordCount: number;

/** Text bytes, so the test can read back what a range answers. */
const AUDIO = Buffer.from("0123456789".repeat(100));
const VTT = "WEBVTT\n\n0\n00:00:01.000 --> 00:00:01.400\nword\n";

beforeAll(async () => {
  storage = dataFiles(ctx.config.DATA_DIR);
  const byPlan = await catalogByPlan(ctx);
  lesson = byPlan.get(8)?.[0] as number;
  otherLevel = byPlan.get(11)?.[0] as number;
  trackless = byPlan.get(8)?.[1] as number;
  for (const id of [lesson, otherLevel]) {
    await storage.put(`lessons/${id}/track.webm`, AUDIO);
    await storage.put(`lessons/${id}/words.vtt`, Buffer.from(VTT));
  }
  wordCount = (
    await ctx.db
      .select({ id: lessonWords.id })
      .from(lessonWords)
      .where(eq(lessonWords.lessonId, lesson))
  ).length;
});

describe("who may get and replace a lesson's track", () => {
  const routes: [string, () => MatrixRoute][] = [
    [
      "GET the track: anyone signed in, for a lesson of the student's level",
      () => ({
        method: "GET",
        url: `/media/lessons/${lesson}/track`,
        expect: { anonymous: 401 },
        otherwise: 200,
      }),
    ],
    [
      "GET the timings: the same",
      () => ({
        method: "GET",
        url: `/media/lessons/${lesson}/words.vtt`,
        expect: { anonymous: 401 },
        otherwise: 200,
      }),
    ],
    [
      "GET the track of another level, not assigned: adults only (404 hides it from the student)",
      () => ({
        method: "GET",
        url: `/media/lessons/${otherLevel}/track`,
        expect: { anonymous: 401, student: 404 },
        otherwise: 200,
      }),
    ],
    [
      "GET the timings of another level: the same",
      () => ({
        method: "GET",
        url: `/media/lessons/${otherLevel}/words.vtt`,
        expect: { anonymous: 401, student: 404 },
        otherwise: 200,
      }),
    ],
    [
      // A JSON body gets past the guard to the type check: 422 shows staff were let in.
      "POST a track: staff only",
      () => ({
        method: "POST",
        url: `/staff/lessons/${lesson}/track`,
        expect: { anonymous: 401, staff: 422 },
        otherwise: 403,
      }),
    ],
    [
      "POST timings: staff only",
      () => ({
        method: "POST",
        url: `/staff/lessons/${lesson}/words.vtt`,
        expect: { anonymous: 401, staff: 422 },
        otherwise: 403,
      }),
    ],
  ];
  it.each(routes)("%s", async (_name, route) => {
    expect(await checkMatrix(world, route())).toEqual([]);
  });

  it("answers 404 for a lesson that does not exist or has no track", async () => {
    const { teacher } = world.clients;
    expect((await teacher.get("/media/lessons/999999/track")).status).toBe(404);
    expect((await teacher.get(`/media/lessons/${trackless}/track`)).status).toBe(404);
    expect((await teacher.get(`/media/lessons/${trackless}/words.vtt`)).status).toBe(404);
  });
});

describe("serving a track to a media element", () => {
  const get = (headers: Record<string, string> = {}, id = lesson) =>
    world.clients.student.request("GET", `/media/lessons/${id}/track`, undefined, headers);

  it("sends the whole file with its type, a validator and a short private lifetime", async () => {
    const reply = await get();
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("audio/webm");
    expect(reply.headers["accept-ranges"]).toBe("bytes");
    expect(reply.headers["cache-control"]).toBe("private, max-age=300");
    expect(reply.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(reply.body).toBe(AUDIO.toString());
  });

  it("answers 304 when the browser's copy is current", async () => {
    const etag = (await get()).headers.etag as string;
    const reply = await get({ "if-none-match": etag });
    expect(reply.status).toBe(304);
    expect(reply.body).toBe("");
  });

  const ranges: [string, string, string][] = [
    ["bytes=0-99", "bytes 0-99/1000", AUDIO.subarray(0, 100).toString()],
    ["bytes=995-", "bytes 995-999/1000", "56789"],
    ["bytes=-3", "bytes 997-999/1000", "789"],
    ["bytes=990-5000", "bytes 990-999/1000", "0123456789"],
  ];
  it.each(ranges)("answers Range %s with 206 and %s", async (range, contentRange, body) => {
    const reply = await get({ range });
    expect(reply.status).toBe(206);
    expect(reply.headers["content-range"]).toBe(contentRange);
    expect(Number(reply.headers["content-length"])).toBe(body.length);
    expect(reply.body).toBe(body);
  });

  it.each(["bytes=1000-", "bytes=5-2", "bytes=-0", "items=0-1"])(
    "answers an unsatisfiable range %s with 416",
    async (range) => {
      const reply = await get({ range });
      expect(reply.status).toBe(416);
      expect(reply.headers["content-range"]).toBe("bytes */1000");
    },
  );

  it("sends the whole file for several ranges, or a range of a version that changed", async () => {
    expect((await get({ range: "bytes=0-1,5-6" })).status).toBe(200);
    const stale = await get({ range: "bytes=0-1", "if-range": '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(AUDIO.toString());
  });

  it("serves the timings as WebVTT", async () => {
    const reply = await world.clients.student.get(`/media/lessons/${lesson}/words.vtt`);
    expect(reply.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(reply.body).toBe(VTT);
  });
});

describe("staff replace a lesson's track and timings", () => {
  const upload = (what: "track" | "words.vtt", type: string, body: Buffer | string, id = lesson) =>
    world.clients.staff.request("POST", `/staff/lessons/${id}/${what}`, body, {
      "content-type": type,
    });
  const stored = async (id = lesson) => (await storage.list(`lessons/${id}`)).sort();

  it("replaces the audio, whatever type it was, and says who did it", async () => {
    const ogg = Buffer.from("OggS new track");
    const reply = await upload("track", "audio/ogg", ogg, otherLevel);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "The lesson's track was replaced." });
    expect(await stored(otherLevel)).toEqual([
      `lessons/${otherLevel}/track.ogg`,
      `lessons/${otherLevel}/words.vtt`,
    ]);
    const served = await world.clients.teacher.get(`/media/lessons/${otherLevel}/track`);
    expect(served.headers["content-type"]).toBe("audio/ogg");
    expect(served.body).toBe("OggS new track");
    const audits = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, world.people.staff.id),
          eq(auditLog.action, "lessons.track.replace"),
        ),
      );
    expect(audits).toEqual([
      { details: { lessonId: otherLevel, type: "audio/ogg", bytes: ogg.length } },
    ]);
  });

  it("replaces the timings with a WebVTT file whose cues are the lesson's words", async () => {
    const cues = (last: number) =>
      "WEBVTT\n\n0\n00:00:01.000 --> 00:00:01.500\nA\n\n" +
      `${last}\n00:00:09.000 --> 00:00:09.500\nZ\n`;
    // One past the lesson's last word: the player would light a word that is not there.
    expect((await upload("words.vtt", "text/vtt", cues(wordCount))).status).toBe(422);
    const reply = await upload("words.vtt", "text/vtt; charset=utf-8", cues(wordCount - 1));
    expect(reply.status).toBe(200);
    const served = await world.clients.student.get(`/media/lessons/${lesson}/words.vtt`);
    expect(served.body).toBe(cues(wordCount - 1));
  });

  const refused: [string, "track" | "words.vtt", string, Buffer | string, string][] = [
    [
      "audio of a type a browser may not play",
      "track",
      "application/json",
      '{"a":1}',
      "Upload the track",
    ],
    ["a file of a type nobody parses", "track", "application/pdf", "%PDF-1.7", "Upload the track"],
    ["audio sent as text", "track", "text/plain", "not audio", "Upload the track"],
    ["an empty track", "track", "audio/webm", Buffer.alloc(0), "empty"],
    ["timings that are not WebVTT", "words.vtt", "text/plain", VTT, "WebVTT"],
    [
      "timings without a header",
      "words.vtt",
      "text/vtt",
      "0\n00:00:01.000 --> 00:00:02.000\nA\n",
      "WEBVTT",
    ],
    [
      "timings out of order",
      "words.vtt",
      "text/vtt",
      "WEBVTT\n\n0\n00:00:05.000 --> 00:00:06.000\nA\n\n1\n00:00:01.000 --> 00:00:02.000\nB\n",
      "out of order",
    ],
    [
      "timings past the last word",
      "words.vtt",
      "text/vtt",
      "WEBVTT\n\n99999\n00:00:01.000 --> 00:00:02.000\nA\n",
      "no word",
    ],
    [
      "timings that are not UTF-8",
      "words.vtt",
      "text/vtt",
      Buffer.from([0x57, 0x45, 0xff, 0xfe]),
      "UTF-8",
    ],
  ];
  it.each(refused)(
    "refuses %s with 422 and stores nothing",
    async (_name, what, type, body, message) => {
      const before = await Promise.all((await stored()).map((k) => storage.get(k)));
      const reply = await upload(what, type, body);
      expect(reply.status).toBe(422);
      expect((reply.body as { errors: Record<string, string[]> }).errors.file?.[0]).toContain(
        message,
      );
      expect(await Promise.all((await stored()).map((k) => storage.get(k)))).toEqual(before);
    },
  );

  it("refuses a track over the size limit with 413 and stores nothing", async () => {
    const before = await storage.get(`lessons/${lesson}/track.webm`);
    const reply = await upload("track", "audio/webm", Buffer.alloc(MAX_LESSON_TRACK_BYTES + 1));
    expect(reply.status).toBe(413);
    expect(await storage.get(`lessons/${lesson}/track.webm`)).toEqual(before);
  });

  it("refuses timings over their size limit with 413 and stores nothing", async () => {
    const before = await storage.get(`lessons/${lesson}/words.vtt`);
    const reply = await upload(
      "words.vtt",
      "text/vtt",
      `WEBVTT\n\n${" ".repeat(MAX_LESSON_TIMINGS_BYTES)}`,
    );
    expect(reply.status).toBe(413);
    expect(await storage.get(`lessons/${lesson}/words.vtt`)).toEqual(before);
  });

  it("answers 404 for a lesson that does not exist", async () => {
    expect((await upload("track", "audio/webm", AUDIO, 999999)).status).toBe(404);
    expect(await storage.list("lessons/999999")).toEqual([]);
  });
});
