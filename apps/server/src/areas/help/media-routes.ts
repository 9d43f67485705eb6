import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { helpCalls, isTutorialName } from "@refrain/domain";
import { count, inArray } from "drizzle-orm";
import { HelperStopped } from "../../adapters/helper-process.ts";
import type { Storage } from "../../adapters/storage.ts";
import { area } from "../../core/context.ts";
import { notFound, ownedOr404 } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import type { StoredFile } from "../../core/stored-file.ts";
import { sendStoredFile } from "../../core/stored-file.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { loggableError } from "../../plugins/error-log.ts";
import { canMakeTracks } from "../lessons/index.ts";
import { TutorVideos, tutorStoryOf, tutorVideoKeys } from "./tutor-videos.ts";
import {
  CHROMIUM,
  demoAccountUsernames,
  TutorialVideoRecorder,
  tutorialVideoKeys,
  tutorialVideoReady,
} from "./tutorial-videos.ts";

/**
 * The videos we make ourselves, served from the media store with Range support: the tutorial
 * videos (any signed-in user: every role meets a tutorial) and the tutor story videos (adults).
 * Names and ids are checked against TUTORIALS and TUTOR_STORIES before they make a key, so no
 * request reaches a file outside those folders; a file not made yet is a 404.
 *
 * Making them starts here too, once the server listens (tests that only `inject` never do):
 * TUTORIAL_VIDEOS and TUTOR_VIDEOS (config.ts) say what is made in the background.
 */
const etagOf = (data: Buffer) =>
  `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;

const VTT = "text/vtt; charset=utf-8";

/** A file of a made video: 404 unless the video itself is there (it is stored last). */
async function storedFile(store: Storage, videoKey: string, key: string, type: string) {
  if ((await store.size(videoKey)) === null) throw notFound();
  const data = ownedOr404(await store.get(key));
  return { data, type, etag: etagOf(data) } satisfies StoredFile;
}

/** The server's own address, for the recorder's browser: loopback when it listens everywhere. */
function ownUrl(address: AddressInfo | string | null): string | null {
  if (typeof address !== "object" || address === null) return null;
  const host = ["0.0.0.0", "::"].includes(address.address)
    ? "127.0.0.1"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** The demo accounts the tutorials are recorded as are there (a real school's data may not be). */
async function demoAccountsExist(db: Db) {
  const names = demoAccountUsernames();
  const [row] = await db.select({ n: count() }).from(users).where(inArray(users.username, names));
  return row?.n === names.length;
}

export const helpMediaArea = area("help media", ({ app, db, config, media }) => {
  const tutorVideos = new TutorVideos(media, {
    generate: config.TUTOR_VIDEOS !== "off",
    log: app.log,
  });
  const recorder =
    config.TUTORIAL_VIDEOS === "off"
      ? null
      : new TutorialVideoRecorder(media, { mode: config.TUTORIAL_VIDEOS, log: app.log });

  // After the server listens (and main.ts made the demo world), in the background: the answers
  // never wait for the videos. Not after the first start's other batches (main.ts: the lesson
  // tracks and the demo's readings, which took over ten minutes on two busy cores) but beside
  // them (issue 37): a newcomer meets the tutorials on their first pages and the tutor videos on
  // the Tutorials page, while a lesson's track is made when it is opened anyway. The tutor
  // videos' helper runs take turns with the tracks' (inBatch); the recorder is a process of its
  // own, at the lowest priority too.
  const startRecording = async (url: string) => {
    if (!(await canMakeTracks()) || !existsSync(CHROMIUM)) {
      app.log.warn(`tutorial videos need espeak-ng, ffmpeg and ${CHROMIUM}: none are recorded`);
      return;
    }
    if (!(await demoAccountsExist(db))) {
      app.log.info("the demo accounts are not here: no tutorial videos are recorded");
      return;
    }
    await recorder?.start(url);
  };
  app.addHook("onListen", async () => {
    if (config.TUTOR_VIDEOS === "all") tutorVideos.startMaking();
    const url = ownUrl(app.server.address());
    // With `all` it records the missing ones now; on request, a popup's question starts one.
    if (recorder && url)
      void startRecording(url).catch((error: unknown) => {
        if (!(error instanceof HelperStopped))
          app.log.error({ error: loggableError(error) }, "recording the tutorial videos failed");
      });
  });
  app.addHook("onClose", async () => {
    recorder?.stop();
  });

  const tutorialFile = async (name: string, file: "video" | "captions") => {
    if (!isTutorialName(name) || !(await tutorialVideoReady(media, name))) throw notFound();
    const keys = tutorialVideoKeys(name);
    return storedFile(media, keys.video, keys[file], file === "video" ? "video/mp4" : VTT);
  };

  const tutorFile = async (id: string, file: "video" | "thumbnail" | "captions") => {
    if (!tutorStoryOf(id)) throw notFound();
    const keys = tutorVideoKeys(id);
    const type = { video: "video/mp4", thumbnail: "image/jpeg", captions: VTT }[file];
    return storedFile(media, keys.video, keys[file], type);
  };

  route(app, helpCalls.tutorialVideo, {}, async (request, reply) =>
    sendStoredFile(request, reply, await tutorialFile(request.params.name, "video")),
  );

  route(app, helpCalls.tutorialCaptions, {}, async (request, reply) =>
    sendStoredFile(request, reply, await tutorialFile(request.params.name, "captions")),
  );

  route(app, helpCalls.tutorVideos, {}, async () => ({ videos: await tutorVideos.list() }));

  route(app, helpCalls.tutorVideo, {}, async (request, reply) =>
    sendStoredFile(request, reply, await tutorFile(request.params.id, "video")),
  );

  route(app, helpCalls.tutorVideoThumbnail, {}, async (request, reply) =>
    sendStoredFile(request, reply, await tutorFile(request.params.id, "thumbnail")),
  );

  route(app, helpCalls.tutorVideoCaptions, {}, async (request, reply) =>
    sendStoredFile(request, reply, await tutorFile(request.params.id, "captions")),
  );
});
