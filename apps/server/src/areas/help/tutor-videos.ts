import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { TutorVideo } from "@refrain/domain";
import { HelperStopped, inBatch, runHelper } from "../../adapters/helper-process.ts";
import type { Storage } from "../../adapters/storage.ts";
import { CATALOG } from "../../catalog/catalog.ts";
import type { Log } from "../../core/jobs.ts";
import { loggableError } from "../../plugins/error-log.ts";
import { canMakeTracks, speak } from "../lessons/index.ts";
import {
  type Cue,
  type MadeVideo,
  MP4_OUTPUT,
  makeAndStoreVideo,
  servedAt,
  VOICE_INPUT,
  VOICE_RATE,
  voiceTrack,
} from "./video-tools.ts";

/**
 * The six tutor story videos (classroom spec §9): a passage of one of our own demo lessons' stories
 * read aloud by espeak-ng over pictures ffmpeg draws (a moving gradient, a drifting sun and the
 * passage's lines as big captions in Debian's DejaVu font), so nothing in them is downloaded
 * or copied. Stored by convention under `tutor-videos/<id>/`: captions and thumbnail first,
 * the video last, so the video's presence says the whole set is there.
 */
interface TutorStory {
  id: string;
  title: string;
  /** The demo lesson whose story it reads (catalog/content), by slug. */
  lesson: string;
  /** The stanzas of the lesson's lyrics it reads, in order: one grade's worth of 20 to 40 s. */
  stanzas: readonly number[];
  /** The gradient's two colours. */
  colors: readonly [string, string];
}

export const TUTOR_STORIES = [
  {
    id: "ant-crumb",
    title: "Ten Ants and One Big Crumb",
    lesson: "k-ant-and-the-big-crumb",
    stanzas: [0, 2, 4],
    colors: ["0xe8590c", "0x5f3dc4"],
  },
  {
    id: "turtle-shade",
    title: "Room Under the Leaf",
    lesson: "g1-turtle-shares-the-shade",
    stanzas: [0, 2, 3],
    colors: ["0x2b8a3e", "0x1864ab"],
  },
  {
    id: "benny-dam",
    title: "Benny Keeps the Water",
    lesson: "g2-benny-beavers-big-dam",
    stanzas: [0, 2],
    colors: ["0x0b7285", "0x862e9c"],
  },
  {
    id: "hannah-light",
    title: "Hannah and the Storm",
    lesson: "g3-hannah-keeps-the-light",
    stanzas: [2, 3],
    colors: ["0x1b1f3b", "0xc92a2a"],
  },
  {
    id: "waggle-dance",
    title: "How a Bee Gives Directions",
    lesson: "g4-the-waggle-dance",
    stanzas: [0, 2],
    colors: ["0xf59f00", "0x364fc7"],
  },
  {
    id: "benjamin-clock",
    title: "Benjamin Banneker's Curious Mind",
    lesson: "g5-the-clock-that-benjamin-built",
    stanzas: [0, 1],
    colors: ["0x5c3d2e", "0x087f5b"],
  },
] as const satisfies readonly TutorStory[];

export type TutorStoryId = (typeof TUTOR_STORIES)[number]["id"];

export function tutorStoryOf(id: string): TutorStory | undefined {
  return TUTOR_STORIES.find((s) => s.id === id);
}

export const tutorVideoKeys = (id: string) => ({
  video: `tutor-videos/${id}/video.mp4`,
  thumbnail: `tutor-videos/${id}/thumbnail.jpg`,
  captions: `tutor-videos/${id}/captions.vtt`,
});

/** The story's lines as the lesson has them, stanza by stanza. */
export function passageOf(story: TutorStory): { lessonTitle: string; lines: string[][] } {
  const lesson = CATALOG.find((c) => c.slug === story.lesson);
  if (!lesson) throw new Error(`No demo lesson ${story.lesson}`);
  const stanzas = lesson.lyrics.split(/\n\s*\n/);
  return {
    lessonTitle: lesson.title,
    lines: story.stanzas.map((i) => (stanzas[i] ?? "").split("\n").filter((l) => l.trim())),
  };
}

const WIDTH = 960;
const HEIGHT = 540;
const FPS = 15;
/** The title card before the first line is read. */
const LEAD_IN = 2.5;
const GAP_LINE = 0.45;
const GAP_STANZA = 0.9;
const TAIL = 1.5;
/** A storyteller's pace, a little slower than conversation. */
const WORDS_PER_MINUTE = 140;
const BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
const REGULAR = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
/** Characters that fit a caption row at the smallest font size. */
const ROW_CHARS = 30;

/** A line cut into rows of about equal length, at spaces, none longer than ROW_CHARS if it can. */
export function rowsOf(text: string): string[] {
  const count = Math.ceil(text.length / ROW_CHARS);
  const target = text.length / count;
  const rows: string[] = [];
  let row = "";
  for (const word of text.split(/\s+/)) {
    if (row && row.length + 1 + word.length > target + 4 && rows.length < count - 1) {
      rows.push(row);
      row = word;
    } else row = row ? `${row} ${word}` : word;
  }
  rows.push(row);
  return rows;
}

interface Caption {
  /** The file (in the working folder) holding the row's text, so ffmpeg never parses it. */
  file: string;
  size: number;
  y: number;
  from: number;
  to: number;
}

/** Centred rows, as big as the longest one allows, around `centre`. */
function captionRows(rows: string[], from: number, to: number, files: string[], centre: number) {
  const longest = Math.max(...rows.map((r) => r.length));
  const size = Math.min(54, Math.floor((WIDTH - 80) / (0.62 * longest)));
  const height = size * 1.3;
  const top = centre - (rows.length * height) / 2;
  return rows.map(
    (_, i): Caption => ({
      file: files[i] as string,
      size,
      y: Math.round(top + i * height),
      from,
      to,
    }),
  );
}

function drawText(file: string, size: number, y: string, font: string, enable: string) {
  return [
    `drawtext=fontfile=${font}:textfile=${file}:expansion=none:fontsize=${size}`,
    "fontcolor=white:borderw=3:bordercolor=black@0.45",
    `x=(w-text_w)/2:y=${y}:enable='${enable}'`,
  ].join(":");
}

/** Makes one story's video, thumbnail and captions in `dir`. */
export async function makeTutorVideo(story: TutorStory, dir: string): Promise<Required<MadeVideo>> {
  const { lessonTitle, lines } = passageOf(story);
  const cues: Cue[] = [];
  const pieces: { at: number; samples: Int16Array }[] = [];
  let time = LEAD_IN;
  for (const [s, stanza] of lines.entries())
    for (const [l, text] of stanza.entries()) {
      if (cues.length > 0) time += l === 0 && s > 0 ? GAP_STANZA : GAP_LINE;
      const samples = await speak(text, WORDS_PER_MINUTE);
      const length = samples.length / VOICE_RATE;
      pieces.push({ at: time, samples });
      cues.push({ id: String(cues.length + 1), start: time, end: time + length, text });
      time += length;
    }
  const duration = time + TAIL;

  // Every text ffmpeg draws goes through a file in the working folder: no quoting of the text.
  let written = 0;
  const fileFor = async (text: string) => {
    const file = `text${written++}.txt`;
    await writeFile(join(dir, file), text);
    return file;
  };
  const titleRows = rowsOf(story.title);
  const captions: Caption[] = captionRows(
    titleRows,
    0,
    LEAD_IN - 0.2,
    await Promise.all(titleRows.map(fileFor)),
    HEIGHT / 2,
  );
  for (const [i, cue] of cues.entries()) {
    const rows = rowsOf(cue.text);
    const to = cues[i + 1]?.start ?? duration;
    captions.push(
      ...captionRows(rows, cue.start, to, await Promise.all(rows.map(fileFor)), HEIGHT / 2),
    );
  }
  const label = await fileFor(`From the lesson “${lessonTitle}”`);
  await writeFile(join(dir, "voice.raw"), voiceTrack(pieces, duration));

  const [c0, c1] = story.colors;
  const seconds = duration.toFixed(3);
  const graph = [
    `gradients=s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds}:c0=${c0}:c1=${c1}:speed=0.012:seed=7,` +
      `drawbox=x=0:y=ih*0.28:w=iw:h=ih*0.44:color=black@0.25:t=fill[base]`,
    // A soft sun drifting across the top, drawn once per frame on a small square.
    `color=c=white:s=150x150:r=${FPS}:d=${seconds},format=yuva420p,` +
      `geq=lum=235:cb=128:cr=128:a='if(lt(hypot(X-75,Y-75),72),90,0)'[sun]`,
    `[base][sun]overlay=x='(W-w)*(0.5+0.45*sin(t*0.3))':y='30+18*sin(t*0.8)':shortest=1,` +
      [
        ...captions.map((c) =>
          drawText(
            c.file,
            c.size,
            String(c.y),
            BOLD,
            // Up to the next line's start, not including it: one caption at a time.
            `gte(t,${c.from.toFixed(3)})*lt(t,${c.to.toFixed(3)})`,
          ),
        ),
        // Just under the band rather than at the foot, where the player's control bar lies.
        drawText(label, 22, "h*0.72+20", REGULAR, "1"),
      ].join(",") +
      "[v]",
  ].join(";");
  await runHelper(
    "ffmpeg",
    [
      ...["-v", "error", "-nostdin", "-y"],
      ...[...VOICE_INPUT, "-i", "voice.raw"],
      ...["-filter_complex", graph, "-map", "[v]", "-map", "0:a"],
      ...["-r", String(FPS), "-g", String(FPS * 3), "-preset", "veryfast", "-crf", "28"],
      ...MP4_OUTPUT,
      "video.mp4",
    ],
    { cwd: dir },
  );
  // The thumbnail is the title card.
  await runHelper(
    "ffmpeg",
    [
      ...["-v", "error", "-nostdin", "-y", "-ss", (LEAD_IN / 2).toFixed(2), "-i", "video.mp4"],
      ...["-frames:v", "1", "-vf", "scale=480:-2", "-q:v", "4", "thumbnail.jpg"],
    ],
    { cwd: dir },
  );
  return {
    cues,
    duration,
    video: join(dir, "video.mp4"),
    thumbnail: join(dir, "thumbnail.jpg"),
  };
}

export interface TutorVideosOptions {
  /** Make the missing videos when the list is asked for (TUTOR_VIDEOS is not off). */
  generate: boolean;
  log: Log;
}

/**
 * How long one tutor video takes to make until one has been made here: the first start of the
 * demo measured 44 s each, its helper runs taking turns with the lesson tracks' on two cores
 * busy with other work (issue 37); about 4 s on a quiet machine.
 */
const TUTOR_VIDEO_MS = 45_000;

/**
 * The tutor videos in the media store. `makeMissing` makes those not made yet one after another
 * (one run however many ask), in the background after start and when the list is asked for.
 * While it runs, each missing video says about when it will be ready: its place in the line
 * times how long one took here (`TUTOR_VIDEO_MS` until one is made).
 */
export class TutorVideos {
  private running: Promise<{ made: number; ms: number }> | null = null;
  /** Since when (performance.now()) the video being made now has been. */
  private makingSince: number | null = null;
  /** How long each video made by this process took, in ms. */
  private readonly took: number[] = [];
  /** Whether this machine has what the videos are made with, asked once. */
  private tools: Promise<boolean> | undefined;
  private readonly store: Storage;
  private readonly options: TutorVideosOptions;

  constructor(store: Storage, options: TutorVideosOptions) {
    this.store = store;
    this.options = options;
  }

  async ready(id: string): Promise<boolean> {
    return (await this.store.size(tutorVideoKeys(id).video)) !== null;
  }

  /** All six, with their files' paths once made; asking starts making the missing ones. */
  async list(): Promise<TutorVideo[]> {
    const made = await Promise.all(TUTOR_STORIES.map((story) => this.ready(story.id)));
    if (this.options.generate && made.includes(false)) this.startMaking();
    let waiting = 0;
    return TUTOR_STORIES.map((story, i): TutorVideo => {
      const keys = tutorVideoKeys(story.id);
      if (made[i])
        return {
          id: story.id,
          title: story.title,
          thumbnail: servedAt(keys.thumbnail),
          videos: [{ type: "video/mp4", path: servedAt(keys.video) }],
          captions: servedAt(keys.captions),
          readyIn: null,
        };
      waiting++;
      return {
        id: story.id,
        title: story.title,
        thumbnail: null,
        videos: [],
        captions: null,
        readyIn: this.readyIn(waiting),
      };
    });
  }

  /**
   * Seconds until the `place`-th missing video (1 for the next one) should be ready, while they
   * are being made: null when they are not.
   */
  private readyIn(place: number): number | null {
    if (!this.running) return null;
    const each =
      this.took.length > 0
        ? this.took.reduce((sum, ms) => sum + ms, 0) / this.took.length
        : TUTOR_VIDEO_MS;
    const spent = this.makingSince === null ? 0 : performance.now() - this.makingSince;
    return Math.max(0, Math.round((place * each - Math.min(spent, each)) / 1000));
  }

  /**
   * Makes the missing ones in the background, logging how many it made or why it failed; once
   * however often it is asked while they are being made.
   */
  startMaking() {
    if (this.running) return;
    this.makeMissing().then(
      ({ made, ms }) => {
        if (made > 0) this.options.log.info({ made, ms }, `made ${made} tutor videos in ${ms} ms`);
      },
      (error: unknown) => {
        if (!(error instanceof HelperStopped))
          this.options.log.error({ error: loggableError(error) }, "making the tutor videos failed");
      },
    );
  }

  /** Nobody waits for them: their helper runs let the others go first. */
  makeMissing(): Promise<{ made: number; ms: number }> {
    this.running ??= inBatch(() => this.makeAll()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async makeAll() {
    const started = performance.now();
    let made = 0;
    this.tools ??= canMakeTracks().then((found) => {
      const ok = found && existsSync(BOLD) && existsSync(REGULAR);
      if (!ok) this.options.log.warn("tutor videos need espeak-ng, ffmpeg and DejaVu fonts");
      return ok;
    });
    if (!(await this.tools)) return { made, ms: 0 };
    for (const story of TUTOR_STORIES) {
      if (await this.ready(story.id)) continue;
      try {
        const since = performance.now();
        this.makingSince = since;
        await this.make(story);
        this.took.push(performance.now() - since);
        made++;
      } catch (error) {
        // The server is stopping: the rest wait for the next start.
        if (error instanceof HelperStopped) throw error;
        this.options.log.error(
          { error: loggableError(error), id: story.id },
          "making a tutor video failed",
        );
      } finally {
        this.makingSince = null;
      }
    }
    return { made, ms: Math.round(performance.now() - started) };
  }

  /** Makes one story's files and stores them (makeAndStoreVideo: the video last). */
  async make(story: TutorStory): Promise<void> {
    const made = await makeAndStoreVideo(
      this.store,
      tutorVideoKeys(story.id),
      "refrain-tutor-",
      (dir) => makeTutorVideo(story, dir),
    );
    this.options.log.info(
      { id: story.id, seconds: Math.round(made.duration), bytes: made.bytes, ms: made.ms },
      "tutor video made",
    );
  }
}
