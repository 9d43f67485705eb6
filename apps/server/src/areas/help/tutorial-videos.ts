import type { ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TUTORIAL_NAMES, type TutorialName } from "@refrain/domain";
import { runHelper, startHelper } from "../../adapters/helper-process.ts";
import type { Storage } from "../../adapters/storage.ts";
import type { Log } from "../../core/jobs.ts";
import { demoLogins } from "../../demo/plan/world.ts";
import { loggableError } from "../../plugins/error-log.ts";
import { inPool, speak } from "../lessons/index.ts";
import {
  type Cue,
  type MadeVideo,
  MP4_OUTPUT,
  VOICE_INPUT,
  VOICE_RATE,
  voiceTrack,
} from "./video-tools.ts";

/**
 * The tutorial videos, made from the product itself (docs/decisions/0025): `recorder.ts` opens
 * each tutorial's page in Chromium as a demo account and takes one screenshot for the intro and
 * one per tour step with the step's control highlighted; here each screenshot is held for its
 * narration (espeak-ng) and a pause, so picture and voice stay in step by construction. Stored
 * by convention in the media store: `tutorials/<name>/captions.vtt`, then `video.mp4`, whose
 * presence says the tutorial's video is ready.
 */
export const tutorialVideoKeys = (name: TutorialName) => ({
  video: `tutorials/${name}/video.mp4`,
  captions: `tutorials/${name}/captions.vtt`,
});

/**
 * Whether the tutorial's video is made. When this server records tutorials on request
 * (TUTORIAL_VIDEOS=on-request) and listens, asking about a missing one starts its recording,
 * so the popup that asks says "preparing" only until it is made.
 */
export async function tutorialVideoReady(store: Storage, name: TutorialName): Promise<boolean> {
  const ready = (await store.size(tutorialVideoKeys(name).video)) !== null;
  if (!ready) recorders.get(store)?.request(name);
  return ready;
}

/**
 * Seconds until the tutorial's video should be ready while this server records it (null when it
 * does not, or cannot tell).
 */
export function tutorialVideoReadyIn(store: Storage, name: TutorialName): Promise<number | null> {
  return recorders.get(store)?.readyIn(name) ?? Promise.resolve(null);
}

/**
 * How long one tutorial takes to record until one has been recorded here: 25 to 48 s each
 * (Chromium's start and the sign-in shared among them) on two cores busy with other work beside
 * the demo's first start (issue 37).
 */
const TUTORIAL_VIDEO_MS = 40_000;

/** Frames a second: the pictures are still, and each slide starts on a frame. */
const FPS = 10;
/** Before each narration, after it, and after the last one. */
const LEAD = 0.4;
const PAUSE = 0.8;
const TAIL = 1.2;
/** A guide's pace: a little slower than espeak-ng's default of 175. */
const WORDS_PER_MINUTE = 160;

/** One picture of the tutorial and what is said over it. */
export interface Slide {
  /** The cue's id: "intro", or the step's `data-tour` target. */
  id: string;
  /** A PNG file. */
  image: string;
  text: string;
}

/**
 * Holds each slide for its narration plus a short lead and pause (whole frames), lays the
 * narrations at those times, and encodes H.264 (still-image tuning) and AAC. Each cue is where
 * its narration's samples were placed. `signal` ends it (a recording that is stopped).
 */
export async function assembleTutorialVideo(
  slides: readonly Slide[],
  dir: string,
  signal?: AbortSignal,
): Promise<MadeVideo> {
  const spoken = await inPool(slides, 2, (slide) => speak(slide.text, WORDS_PER_MINUTE, signal));
  const cues: Cue[] = [];
  const pieces: { at: number; samples: Int16Array }[] = [];
  const frames: number[] = [];
  let frame = 0;
  for (const [i, slide] of slides.entries()) {
    const samples = spoken[i] as Int16Array;
    const length = samples.length / VOICE_RATE;
    const at = frame / FPS + LEAD;
    pieces.push({ at, samples });
    cues.push({ id: slide.id, start: at, end: at + length, text: slide.text });
    const after = i === slides.length - 1 ? TAIL : PAUSE;
    frames.push(Math.ceil((LEAD + length + after) * FPS));
    frame += frames[i] as number;
  }
  const duration = frame / FPS;
  await writeFile(join(dir, "voice.raw"), voiceTrack(pieces, duration));

  const inputs = slides.flatMap((slide, i) => [
    ...["-loop", "1", "-framerate", String(FPS)],
    ...["-t", (((frames[i] as number) + 2) / FPS).toFixed(2), "-i", slide.image],
  ]);
  // Each picture exactly its number of frames, so the next slide starts where its voice does.
  const trims = slides.map(
    (_, i) => `[${i + 1}:v]trim=end_frame=${frames[i]},setpts=PTS-STARTPTS[s${i}]`,
  );
  const joined = `${slides.map((_, i) => `[s${i}]`).join("")}concat=n=${slides.length}:v=1:a=0[v]`;
  const video = join(dir, "video.mp4");
  await runHelper(
    "ffmpeg",
    [
      ...["-v", "error", "-nostdin", "-y"],
      ...[...VOICE_INPUT, "-i", join(dir, "voice.raw")],
      ...inputs,
      ...["-filter_complex", [...trims, joined].join(";"), "-map", "[v]", "-map", "0:a"],
      ...["-r", String(FPS), "-g", String(FPS * 5), "-preset", "medium", "-tune", "stillimage"],
      ...["-crf", "30", "-t", duration.toFixed(3)],
      ...MP4_OUTPUT,
      video,
    ],
    { signal },
  );
  return { video, cues, duration };
}

/** Debian's Chromium, which the recordings drive (as the browser journeys do). */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * The demo usernames the recordings sign in as (recorder.ts: the first demo teacher and
 * student), so a server records only when they exist.
 */
export function demoAccountUsernames(): string[] {
  const logins = demoLogins();
  return [
    logins.find((l) => l.role === "Teacher")?.login,
    logins.find((l) => l.role === "Student")?.login,
  ].filter((u): u is string => Boolean(u));
}

/** The command that records tutorials: `npm run tutorials`, and this server's background run. */
export const RECORD_TUTORIALS_SCRIPT = fileURLToPath(
  new URL("./record-tutorials.ts", import.meta.url),
);

export interface TutorialRecorderOptions {
  /** TUTORIAL_VIDEOS: `all` records the missing ones after start, `on-request` when asked. */
  mode: "all" | "on-request";
  log: Log;
}

/** Each server's recorder by its media store, for `tutorialVideoReady`. */
const recorders = new WeakMap<Storage, TutorialVideoRecorder>();

/**
 * This server's background recording: one `record-tutorials.ts` process at a time, started as a
 * helper (adapters/helper-process.ts: lowest priority, ended with the server), against the
 * server's own address, for the tutorials missing from the store. It runs in a process of its
 * own so that Chromium, espeak-ng and ffmpeg all inherit the low priority and the server's
 * process never loads Playwright. It takes no turn among the server's helpers: it runs for
 * minutes, and its espeak-ng and ffmpeg take turns in its own process.
 */
export class TutorialVideoRecorder {
  private url: string | null = null;
  private readonly wanted = new Set<TutorialName>();
  /** Tutorials whose recording failed here: not tried again until the next start. */
  private readonly failed = new Set<TutorialName>();
  private running: Promise<void> | null = null;
  /** The tutorials the recording process now running makes, in order, and since when. */
  private recording: { names: TutorialName[]; since: number } | null = null;
  private child: ChildProcess | null = null;
  private stopped = false;
  private readonly store: Storage;
  private readonly options: TutorialRecorderOptions;

  constructor(store: Storage, options: TutorialRecorderOptions) {
    this.store = store;
    this.options = options;
  }

  /** The server listens at `url`: with `all`, the missing tutorials are recorded now. */
  async start(url: string): Promise<void> {
    this.url = url;
    recorders.set(this.store, this);
    if (this.options.mode === "all")
      for (const name of TUTORIAL_NAMES) if (!(await this.made(name))) this.wanted.add(name);
    this.drain();
  }

  /** Records the tutorial unless it is made, being made, or failed since start. */
  request(name: TutorialName) {
    if (this.url === null || this.stopped || this.failed.has(name)) return;
    this.wanted.add(name);
    this.drain();
  }

  /**
   * The server is closing: the recording process signs out, closes its browser and ends within
   * seconds (main.ts's `stopHelpers` waits for it); a later start makes the rest.
   */
  stop() {
    this.stopped = true;
    this.child?.kill("SIGTERM");
  }

  /**
   * Seconds until the tutorial should be ready, while the running recording makes it: its place
   * among those still to make times how long each took so far (TUTORIAL_VIDEO_MS before the
   * first is made). Null when no recording makes it now.
   */
  async readyIn(name: TutorialName): Promise<number | null> {
    const run = this.recording;
    if (!run?.names.includes(name)) return null;
    const left: TutorialName[] = [];
    for (const n of run.names) if (!(await this.made(n))) left.push(n);
    const place = left.indexOf(name);
    if (place < 0) return null;
    const spent = performance.now() - run.since;
    const done = run.names.length - left.length;
    const each = done > 0 ? spent / done : TUTORIAL_VIDEO_MS;
    const onCurrent = done > 0 ? 0 : Math.min(spent, each);
    return Math.max(0, Math.round(((place + 1) * each - onCurrent) / 1000));
  }

  /** Resolves once no recording runs or waits. */
  async idle() {
    while (this.running) await this.running;
  }

  private async made(name: TutorialName) {
    return (await this.store.size(tutorialVideoKeys(name).video)) !== null;
  }

  private drain() {
    if (this.running || this.wanted.size === 0 || this.stopped) return;
    this.running = this.recordWanted().finally(() => {
      this.running = null;
      this.drain();
    });
  }

  private async recordWanted() {
    const names: TutorialName[] = [];
    for (const name of this.wanted) if (!(await this.made(name))) names.push(name);
    this.wanted.clear();
    if (names.length === 0 || this.url === null) return;
    const started = performance.now();
    this.recording = { names, since: started };
    const code = await new Promise<number | null>((resolve) => {
      let child: ChildProcess;
      try {
        // TERM when the server dies, not KILL: it signs out and closes its browser first.
        child = startHelper(
          process.execPath,
          [RECORD_TUTORIALS_SCRIPT, "--url", this.url as string, ...names],
          // Its log lines join the server's; it reads the same settings (DATA_DIR, MEDIA_STORE).
          { stdio: ["ignore", "inherit", "inherit"], deathSignal: "TERM" },
        );
      } catch (error) {
        this.options.log.error(
          { error: loggableError(error) },
          "could not start recording tutorials",
        );
        return resolve(null);
      }
      this.child = child;
      child.on("error", (error) => {
        this.options.log.error(
          { error: loggableError(error) },
          "could not start recording tutorials",
        );
        resolve(null);
      });
      child.on("exit", (exitCode) => resolve(exitCode));
    });
    this.child = null;
    this.recording = null;
    const missing: TutorialName[] = [];
    for (const name of names) if (!(await this.made(name))) missing.push(name);
    for (const name of missing) this.failed.add(name);
    const ms = Math.round(performance.now() - started);
    if (this.stopped) return;
    if (missing.length > 0)
      this.options.log.warn({ missing, code, ms }, "some tutorial videos were not made");
    else this.options.log.info({ made: names.length, ms }, `made ${names.length} tutorial videos`);
  }
}
