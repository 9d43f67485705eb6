import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { RECORDING_LIMITS } from "@refrain/domain";
import { runHelper } from "../../adapters/helper-process.ts";
import { type Random, seededRandom } from "../../demo/plan/random.ts";
import { spokenForm, wavSamples } from "../lessons/index.ts";

/**
 * Synthetic readings for the demo world: espeak-ng reads the start of a lesson the way a child
 * might (slowly, in a high voice, skipping a word now and then, saying another for one, pausing
 * before long words), over a plain picture naming the reader and the lesson, encoded as
 * Chromium's MediaRecorder uploads it (WebM, VP8 + Opus; Opus alone for lyrics only), so the
 * real processing transcodes it like any student's upload.
 */

/** espeak-ng's output rate: 22.05 kHz, mono, 16-bit. */
const VOICE_RATE = 22_050;
/** espeak-ng's female variants, with a raised pitch below, sound the least like an adult man. */
const VOICES = ["en-us+f2", "en-us+f3", "en-us+f4", "en-us+f5"] as const;
const FONT_DIR = "/usr/share/fonts/truetype/dejavu";
const BACKGROUNDS = ["0x3b6ea5", "0x2f7d5b", "0x8a4f9e", "0xb5622f", "0x376b7a"] as const;

export interface ReadingPlan {
  voice: string;
  /** espeak-ng's speed, words a minute: a child's 90–140. */
  rate: number;
  /** espeak-ng's pitch, 0–99 (50 is its normal). */
  pitch: number;
  /** What is said, in order: SSML-escaped words with pauses between some. */
  ssml: string;
  /** Indexes (into the passage's words) that were skipped. */
  omitted: number[];
  /** Words said in place of others. */
  substituted: { index: number; said: string }[];
  /** How many of the passage's words the reading got to. */
  reached: number;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Which words a reading of about `seconds` says, deterministic from `seed`: about 5 % skipped,
 * 3 % swapped for another word of the passage that starts with the same letter (the mistake a
 * young reader makes: "horse" for "house"), and a short pause before one long word in four.
 * A `practised` reading (a hot read, after three read-alongs) is faster with half the slips.
 */
export function planReading(
  words: readonly string[],
  seed: number,
  seconds: number,
  practised = false,
): ReadingPlan {
  const random: Random = seededRandom(seed);
  const rate = practised ? random.int(115, 140) : random.int(90, 125);
  const slips = practised ? 0.5 : 1;
  const voice = random.pick(VOICES);
  const pitch = random.int(60, 80);
  // A few words more than the rate allows: the timer, not the passage, ends most readings.
  const reached = Math.min(words.length, Math.ceil((rate * seconds) / 60) + 5);
  const omitted: number[] = [];
  const substituted: { index: number; said: string }[] = [];
  const parts: string[] = [];
  for (let index = 0; index < reached; index++) {
    const word = words[index] as string;
    const form = spokenForm(word);
    const roll = random.next();
    // Never the first word: a reading starts where the passage does.
    if (index > 0 && form && roll < 0.05 * slips) {
      omitted.push(index);
      continue;
    }
    let said = word;
    if (index > 0 && form && roll < 0.08 * slips) {
      const others = words.filter((w) => {
        const f = spokenForm(w);
        return f && f !== form && f[0] === form[0];
      });
      if (others.length > 0) {
        said = spokenForm(random.pick(others));
        substituted.push({ index, said });
      }
    }
    if (form.length > 6 && random.next() < 0.25)
      parts.push(`<break time="${random.int(300, 700)}ms"/>`);
    parts.push(escapeXml(said));
  }
  return { voice, rate, pitch, ssml: parts.join(" "), omitted, substituted, reached };
}

export interface ReadingClip {
  /** The passage's words in order (lesson_words.text). */
  words: readonly string[];
  firstName: string;
  lessonTitle: string;
  seed: number;
  /** How long the reading lasts at most (the passage may end sooner); capped at one minute. */
  seconds: number;
  /** Sound only (WebM Opus), as a lyrics-only student records. */
  lyricsOnly: boolean;
  /** A hot read: read along three times before, so faster and surer. */
  practised?: boolean;
}

export interface MadeClip {
  webm: Buffer;
  /** Seconds of the encoded clip. */
  duration: number;
  plan: ReadingPlan;
}

/** The WebM of one synthetic reading. */
export async function makeReadingClip(clip: ReadingClip): Promise<MadeClip> {
  const plan = planReading(clip.words, clip.seed, clip.seconds, clip.practised);
  const { stdout } = await runHelper("espeak-ng", [
    ...["-v", plan.voice, "-s", String(plan.rate), "-p", String(plan.pitch)],
    ...["-m", "--stdout", "--", `<speak>${plan.ssml}</speak>`],
  ]);
  const speech = wavSamples(stdout).length / VOICE_RATE;
  // The one-minute timer stops a long reading; a short one ends a second after its last word.
  const limit = Math.min(clip.seconds, RECORDING_LIMITS.seconds);
  const duration = Math.round(Math.min(limit, speech + 1) * 1000) / 1000;
  const dir = await mkdtemp(join(tmpdir(), "refrain-reading-"));
  try {
    const voice = join(dir, "voice.wav");
    const out = join(dir, "reading.webm");
    await writeFile(voice, stdout);
    const audio = ["-af", "apad", "-c:a", "libopus", "-b:a", "48k"];
    let video: string[] = ["-vn"];
    const inputs: string[] = [];
    if (!clip.lyricsOnly) {
      // Text files, not filter arguments: names and titles need no escaping that way.
      await writeFile(join(dir, "name.txt"), clip.firstName);
      await writeFile(join(dir, "title.txt"), clip.lessonTitle);
      const background = BACKGROUNDS[clip.seed % BACKGROUNDS.length];
      const text = (file: string, font: string, size: number, y: string) =>
        `drawtext=fontfile=${FONT_DIR}/${font}:textfile=${join(dir, file)}:fontsize=${size}:fontcolor=white:x=(w-tw)/2:y=${y}`;
      inputs.push("-f", "lavfi", "-i", `color=c=${background}:s=640x360:r=15`);
      video = [
        "-filter_complex",
        // Sensor noise changing every frame, as a webcam's picture does: a still picture would
        // make encoding (here and in processing) unrealistically cheap.
        `[1]noise=alls=10:allf=t,${text("name.txt", "DejaVuSans-Bold.ttf", 56, "h/2-70")},${text("title.txt", "DejaVuSans.ttf", 28, "h/2+20")}[v]`,
        ...["-map", "0:a", "-map", "[v]"],
        // What a browser's realtime VP8 encoder makes of a webcam, roughly.
        ...["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "400k"],
      ];
    }
    await runHelper("ffmpeg", [
      ...["-v", "error", "-nostdin", "-y", "-i", voice, ...inputs],
      ...video,
      ...audio,
      ...["-t", duration.toFixed(3), "-f", "webm", out],
    ]);
    return { webm: await readFile(out), duration, plan };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The clip stored at `path`, made once: a later start finds it and makes nothing. Written
 * beside and renamed into place, so a start killed mid-write never leaves half a clip.
 */
export async function cachedReadingClip(path: string, clip: ReadingClip): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { webm } = await makeReadingClip(clip);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.part`;
  await writeFile(partial, webm);
  await rename(partial, path);
  return webm;
}
