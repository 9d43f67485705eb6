import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHelper } from "../helper-process.ts";
import { cmudict, guessProns } from "./lexicon.ts";
import { spoken } from "./pocketsphinx.ts";

/**
 * Adapting the recogniser to the voices it hears (issue 38): readings whose words a teacher
 * confirmed teach an MLLR transform of the acoustic model (one linear map of its means), which
 * `suggest` then applies (`AsrRequest.adaptation`). Debian's sphinxtrain does the work offline,
 * on this server: sphinx_fe computes the model's features, bw aligns them with the confirmed
 * words and counts, mllr_solve solves the transform. Nothing leaves the server.
 */

const MODEL = "/usr/share/pocketsphinx/model/en-us/en-us";
const SPHINXTRAIN = "/usr/lib/sphinxtrain";
const MIXW = fileURLToPath(new URL("./mixw.py", import.meta.url));

/** What adapting needs on disk: Debian's sphinxtrain, sphinxbase-utils and pocketsphinx. */
export const ADAPT_READY = [
  "/usr/bin/sphinx_fe",
  "/usr/bin/pocketsphinx_mdef_convert",
  `${SPHINXTRAIN}/bw`,
  `${SPHINXTRAIN}/mllr_solve`,
];

/** A reading whose words were confirmed: its media file and the words said, in order. */
export interface ConfirmedReading {
  audioPath: string;
  said: readonly string[];
}

/**
 * The words a graded reading said as its teacher confirmed them: the passage's words up to the
 * last word read, less the ones marked missed (what was said instead is not known, so those
 * stretches are left for the alignment to skip over).
 */
export function confirmedWords(
  words: readonly string[],
  lastIndex: number,
  missed: ReadonlySet<number>,
): string[] {
  return words
    .slice(0, lastIndex + 1)
    .filter((_, i) => !missed.has(i))
    .map(spoken)
    .filter(Boolean);
}

/** Learns an MLLR transform from the readings and writes it to `out`. */
export async function adaptModel(
  readings: readonly ConfirmedReading[],
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "refrain-adapt-"));
  try {
    const run = (command: string, args: string[]) =>
      runHelper(command, args, { signal, timeoutMs: 10 * 60_000 });
    await mkdir(join(dir, "wav"));
    await mkdir(join(dir, "feats"));
    await mkdir(join(dir, "counts"));
    const lexicon = await cmudict();
    const said = readings.map((r) => [...r.said]);
    const unknown = [...new Set(said.flat().filter((w) => lexicon.prons(w).length === 0))];
    const guessed = await guessProns(unknown);
    const phonesOf = (w: string) => lexicon.prons(w)[0] ?? guessed.get(w);
    const ids = readings.map((_, i) => `r${i}`);
    for (const [i, reading] of readings.entries())
      await run("ffmpeg", [
        ...["-v", "error", "-nostdin", "-y", "-i", reading.audioPath, "-vn"],
        ...["-ac", "1", "-ar", "16000", join(dir, "wav", `${ids[i]}.wav`)],
      ]);
    const words = new Set(said.flat().filter((w) => phonesOf(w)));
    await writeFile(join(dir, "ctl"), `${ids.join("\n")}\n`);
    await writeFile(
      join(dir, "transcripts"),
      said
        .map((list, i) => `<s> ${list.filter((w) => words.has(w)).join(" ")} </s> (${ids[i]})`)
        .join("\n"),
    );
    await writeFile(
      join(dir, "dict"),
      [...words].map((w) => `${w} ${(phonesOf(w) ?? []).join(" ")}`).join("\n"),
    );
    await copyFile(join(MODEL, "noisedict"), join(dir, "noisedict"));
    // The model's features, as its feat.params says they are made.
    await run("sphinx_fe", [
      ...["-argfile", join(MODEL, "feat.params"), "-samprate", "16000", "-mswav", "yes"],
      ...["-c", join(dir, "ctl"), "-di", join(dir, "wav"), "-do", join(dir, "feats")],
      ...["-ei", "wav", "-eo", "mfc"],
    ]);
    // bw reads the model's definition as text and its mixture weights uncompressed.
    await run("pocketsphinx_mdef_convert", ["-text", join(MODEL, "mdef"), join(dir, "mdef")]);
    await run("/usr/bin/python3", ["-I", MIXW, join(MODEL, "sendump"), join(dir, "mixw")]);
    await run(`${SPHINXTRAIN}/bw`, [
      ...["-hmmdir", MODEL, "-moddeffn", join(dir, "mdef"), "-ts2cbfn", ".ptm."],
      ...["-feat", "1s_c_d_dd", "-svspec", "0-12/13-25/26-38", "-cmn", "batch", "-agc", "none"],
      ...["-dictfn", join(dir, "dict"), "-fdictfn", join(dir, "noisedict")],
      ...["-ctlfn", join(dir, "ctl"), "-lsnfn", join(dir, "transcripts")],
      ...["-cepdir", join(dir, "feats"), "-accumdir", join(dir, "counts")],
      ...["-mixwfn", join(dir, "mixw"), "-meanfn", join(MODEL, "means")],
      ...["-varfn", join(MODEL, "variances"), "-tmatfn", join(MODEL, "transition_matrices")],
    ]);
    await run(`${SPHINXTRAIN}/mllr_solve`, [
      ...["-meanfn", join(MODEL, "means"), "-varfn", join(MODEL, "variances")],
      ...["-accumdir", join(dir, "counts"), "-outmllrfn", out],
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
