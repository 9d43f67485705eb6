// Temporary probe: the adaptation journey's readings, offline (deleted after use).
import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { keepsAdaptation, splitLyrics, wpmFromLastWord } from "@refrain/domain";
import { adaptModel, confirmedWords } from "../../apps/server/src/adapters/asr/adapt.ts";
import { pocketsphinx } from "../../apps/server/src/adapters/asr/pocketsphinx.ts";
import { CATALOG } from "../../apps/server/src/catalog/catalog.ts";

const run = promisify(execFile);
const cents = process.env.CENTS ?? "400";
const voice = process.env.VOICE ?? "en-us+f3";
const pitch = process.env.PITCH ?? "70";
const ns = (process.env.NS ?? "14,18,22").split(",").map(Number);
const titles = (process.env.TITLES ?? "Fly, Kite, Fly!|The Moon Bug Band|Socks on the Line").split(
  "|",
);
const dir = await mkdtemp(join(tmpdir(), "tj-"));
type Item = { path: string; words: string[]; n: number; wcpm: number };
const items: Item[] = [];
let k = 0;
async function clip(words: string[], n: number): Promise<Item> {
  const [raw, up, webm, m4a] = ["wav", "up.wav", "webm", "m4a"].map((e) => join(dir, `${k}.${e}`));
  k++;
  await run("espeak-ng", [
    "-v",
    voice,
    "-p",
    pitch,
    "-s",
    "120",
    "-w",
    raw!,
    words.slice(0, n).join(" "),
  ]);
  await run("sox", ["-R", raw!, up!, "pitch", cents, "pad", "0.5", "1"]);
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x240:rate=15",
    "-i",
    up!,
    "-shortest",
    "-c:v",
    "libvpx",
    "-b:v",
    "200k",
    "-c:a",
    "libopus",
    webm!,
  ]);
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    webm!,
    "-vn",
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    m4a!,
  ]);
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format=duration",
    "-of",
    "csv=p=0",
    m4a!,
  ]);
  return { path: m4a!, words, n, wcpm: wpmFromLastWord(n, Number(stdout)) ?? 0 };
}
for (const title of titles) {
  const lesson = CATALOG.find((c) => c.title === title)!;
  const words = splitLyrics(lesson.lyrics).map((w) => w.text);
  for (const n of ns) items.push(await clip(words, n));
}
const learn = items.slice(0, items.length - 4),
  check = items.slice(items.length - 4);
await adaptModel(
  learn.map((r) => ({ audioPath: r.path, said: confirmedWords(r.words, r.n - 1, new Set()) })),
  join(dir, "mllr"),
);
const checked = [];
for (const r of check) {
  const b = await pocketsphinx.suggest({ audioPath: r.path, words: r.words });
  const a = await pocketsphinx.suggest({
    audioPath: r.path,
    words: r.words,
    adaptation: join(dir, "mllr"),
  });
  const off = (s: typeof b) => (s.status === "suggested" ? Math.abs(s.wcpm - r.wcpm) : null);
  const f = (s: typeof b) =>
    s.status === "suggested" ? `${s.wcpm} last ${s.lastIndex}` : `declined ${s.reason}`;
  console.log(`n=${r.n} teacher=${r.wcpm}  base: ${f(b)}  adapted: ${f(a)}`);
  checked.push({ base: off(b), adapted: off(a) });
}
console.log(JSON.stringify(checked), "keep:", keepsAdaptation(checked));
for (const title of (process.env.LATER ?? "").split("|").filter(Boolean)) {
  const lesson = CATALOG.find((c) => c.title === title)!;
  const words = splitLyrics(lesson.lyrics).map((w) => w.text);
  for (const n of (process.env.LATER_NS ?? "20,30,40").split(",").map(Number)) {
    const r = await clip(words, n);
    const b = await pocketsphinx.suggest({ audioPath: r.path, words: r.words });
    const a = await pocketsphinx.suggest({
      audioPath: r.path,
      words: r.words,
      adaptation: join(dir, "mllr"),
    });
    const f = (s: typeof b) =>
      s.status === "suggested" ? `${s.wcpm} last ${s.lastIndex}` : `declined ${s.reason}`;
    console.log(`LATER ${title} n=${n} teacher=${r.wcpm} base: ${f(b)} adapted: ${f(a)}`);
  }
}
