import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DATA_FILES,
  type DataFile,
  type FileMode,
  fileName,
  headerProblem,
  type Manifest,
  ONEROSTER_HEADERS,
  type OneRosterFile,
  PASSED_OVER_FILES,
  ROSTER_PACKAGE_LIMITS,
  readManifest,
} from "@refrain/domain";
import { parse } from "csv-parse";
import { Unzip, type UnzipFileInfo, UnzipInflate, UnzipPassThrough, unzipSync } from "fflate";

/**
 * Reads a OneRoster package without holding its files whole: each CSV is inflated a slice at a
 * time, checked as UTF-8 and parsed as it comes (csv-parse), and every row goes to `onRow`. The
 * ZIP itself is at most ROSTER_PACKAGE_LIMITS.uploadBytes; what a file may unpack to is bounded
 * while it inflates, whatever its header claims, so a ZIP bomb stops at the limit.
 */

export interface PackageProblem {
  file: string;
  line: number | null;
  message: string;
}

export interface ReadPackage {
  manifest: Manifest | null;
  /** The data files read and how (absent ones are not read). */
  modes: Partial<Record<DataFile, Exclude<FileMode, "absent">>>;
  rows: Partial<Record<DataFile, number>>;
  /** Problems that stop the package: its shape, its manifest, a file's header or encoding. */
  problems: PackageProblem[];
  /** Files in the package the import does not read, for the preview to name. */
  passedOver: string[];
}

export type RowHandler = (
  file: DataFile,
  line: number,
  values: Record<string, string>,
  mode: Exclude<FileMode, "absent">,
) => void;

const ZIP_MAGIC = [0x50, 0x4b];
/** Input is fed to the inflater this much at a time, so one step unpacks at most ~16 MB. */
const STEP = 16 * 1024;

class TooLarge extends Error {}

export async function readPackage(
  zip: Uint8Array,
  onRow: RowHandler,
  limits: { fileBytes: number; unpackedBytes: number } = ROSTER_PACKAGE_LIMITS,
): Promise<ReadPackage> {
  const result: ReadPackage = { manifest: null, modes: {}, rows: {}, problems: [], passedOver: [] };
  const fail = (message: string, file = "package", line: number | null = null) =>
    result.problems.push({ file, line, message });

  if (zip[0] !== ZIP_MAGIC[0] || zip[1] !== ZIP_MAGIC[1]) {
    fail("This file is not a ZIP file. Upload the .zip your student information system exported.");
    return result;
  }
  const entries: UnzipFileInfo[] = [];
  try {
    // The filter sees every entry of the central directory and inflates none.
    unzipSync(zip, {
      filter: (entry) => {
        entries.push(entry);
        return false;
      },
    });
  } catch {
    fail("The ZIP file is damaged or incomplete; export the package again.");
    return result;
  }
  const folders = entries.filter((e) => e.name.includes("/") || e.name.includes("\\"));
  if (folders.length > 0)
    fail(
      `The package has folders (${folders[0]?.name}); OneRoster files must be at the top of the ZIP, not in a folder.`,
    );
  if (entries.length > ROSTER_PACKAGE_LIMITS.files)
    fail(
      `The package has ${entries.length} files; a package is taken with at most ${ROSTER_PACKAGE_LIMITS.files}.`,
    );
  const declared = entries.reduce((n, e) => n + e.originalSize, 0);
  if (declared > limits.unpackedBytes)
    fail(`The package unpacks to more than ${mb(limits.unpackedBytes)} MB.`);
  for (const entry of entries)
    if (entry.originalSize > limits.fileBytes)
      fail(`${entry.name} unpacks to more than ${mb(limits.fileBytes)} MB.`, entry.name);
  if (result.problems.length > 0) return result;

  const names = new Set(entries.map((e) => e.name));
  if (!names.has("manifest.csv")) {
    fail("The package has no manifest.csv; a OneRoster package lists its files there.");
    return result;
  }
  const manifestRows: string[][] = [];
  const manifestError = await readCsv(zip, "manifest", limits.fileBytes, (values) => {
    manifestRows.push(values as string[]);
  });
  if (manifestError) {
    fail(manifestError.message, "manifest.csv", manifestError.line);
    return result;
  }
  const { manifest, problems } = readManifest(manifestRows);
  result.manifest = manifest;
  for (const message of problems) fail(message, "manifest.csv");

  let unpacked = 0;
  for (const file of DATA_FILES) {
    const mode = manifest.modes[file] ?? "absent";
    const name = fileName(file);
    if (mode === "absent") {
      if (names.has(name)) result.passedOver.push(name);
      continue;
    }
    if (!names.has(name)) {
      fail(`The manifest lists ${name} as ${mode}, but the package has no ${name}.`, name);
      continue;
    }
    result.modes[file] = mode;
    let rows = 0;
    const error = await readCsv(
      zip,
      file,
      Math.min(limits.fileBytes, limits.unpackedBytes - unpacked),
      (values, line) => {
        rows++;
        onRow(file, line, values as unknown as Record<string, string>, mode);
      },
      (bytes) => {
        unpacked += bytes;
      },
    );
    result.rows[file] = rows;
    if (error) fail(error.message, name, error.line);
  }
  const known = new Set([...DATA_FILES.map(fileName), "manifest.csv"]);
  for (const name of names)
    if (!known.has(name)) {
      const base = name.replace(/\.csv$/, "");
      if (!(PASSED_OVER_FILES as readonly string[]).includes(base) && name.endsWith(".csv"))
        fail(`${name} is not a OneRoster 1.2 file.`, name);
      else result.passedOver.push(name);
    }
  return result;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Streams one CSV of the package to `onRecord`: for a data file, values keyed by the header's
 * columns (the header checked first); for the manifest, the row's cells. Answers the first
 * problem that stops the file, or null.
 *
 * The file's text is piped into the parser (stream.pipeline): whichever side stops first, a
 * problem found in a row or one in the bytes, the other is destroyed with it, so nothing waits
 * for a `drain` or a record that can no longer come, whatever the file's size.
 */
async function readCsv(
  zip: Uint8Array,
  file: OneRosterFile,
  maxBytes: number,
  onRecord: (values: string[] | Record<string, string>, line: number) => void,
  onBytes: (bytes: number) => void = () => {},
): Promise<{ message: string; line: number | null } | null> {
  const name = fileName(file);
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 1024 * 1024,
  });
  // One decoded slice waits at a time: the inflater runs no further ahead than the parser.
  const source = Readable.from(text(zip, name, maxBytes, onBytes), { highWaterMark: 1 });
  // Settles once both streams are done or destroyed; a stop of ours is no failure of its own.
  const piping = pipeline(source, parser).catch(() => {});
  let failure: { message: string; line: number | null } | null = null;
  let header: string[] | null = null;
  const expected = ONEROSTER_HEADERS[file] as readonly string[];
  try {
    let rows = 0;
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      // csv-parse hands records over in microtasks: without a pause a whole file would be read
      // in one turn of the event loop, and the API's requests would wait for it.
      if (++rows % 1000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (file === "manifest") {
        if (header) onRecord(record, info.lines);
        else header = record;
        continue;
      }
      if (!header) {
        header = record;
        const problem = headerProblem(file, header);
        if (problem) {
          failure = { message: problem, line: 1 };
          break;
        }
        continue;
      }
      if (record.length !== header.length) {
        failure = {
          message: `Line ${info.lines} has ${record.length} columns; the header has ${header.length}.`,
          line: info.lines,
        };
        break;
      }
      const values: Record<string, string> = {};
      for (const [i, column] of expected.entries()) values[column] = record[i] ?? "";
      onRecord(values, info.lines);
    }
  } catch (error) {
    if (error instanceof Unreadable) failure = { message: error.message, line: null };
    else {
      const lines = (error as { lines?: number }).lines ?? null;
      failure = {
        message: `${name} is not valid CSV${lines ? ` at line ${lines}` : ""}: ${(error as Error).message}`,
        line: lines,
      };
    }
  } finally {
    // Leaving the loop early (a problem, an error) ends the parser, and the pipeline the source.
    parser.destroy();
  }
  await piping;
  if (!failure && !header)
    failure = { message: `${name} is empty; it needs its header row.`, line: null };
  return failure;
}

/** A file's bytes that cannot be read as text, in words for the admin. */
class Unreadable extends Error {}

/**
 * One file of the ZIP as UTF-8 text, a slice at a time, counting what it unpacks to; throws
 * Unreadable when it unpacks past `maxBytes`, is not UTF-8 or cannot be inflated.
 */
function* text(
  zip: Uint8Array,
  name: string,
  maxBytes: number,
  onBytes: (bytes: number) => void,
): Generator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const chunks = inflate(zip, name, maxBytes);
  try {
    for (;;) {
      let slice: string;
      let last = false;
      try {
        const next = chunks.next();
        if (next.done) {
          slice = decoder.decode();
          last = true;
        } else {
          onBytes(next.value.length);
          slice = decoder.decode(next.value, { stream: true });
        }
      } catch (error) {
        throw new Unreadable(
          error instanceof TooLarge
            ? `${name} unpacks to more than ${mb(maxBytes)} MB.`
            : error instanceof TypeError
              ? `${name} is not UTF-8 text; save it as CSV UTF-8 and export the package again.`
              : `${name} could not be unpacked; the ZIP file is damaged.`,
        );
      }
      if (slice) yield slice;
      if (last) return;
    }
  } finally {
    chunks.return(undefined);
  }
}

/** One file of the ZIP, inflated a slice at a time; throws TooLarge past `maxBytes`. */
function* inflate(zip: Uint8Array, name: string, maxBytes: number): Generator<Uint8Array> {
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const out: Uint8Array[] = [];
  let total = 0;
  let error: Error | null = null;
  let done = false;
  unzip.onfile = (entry) => {
    if (entry.name !== name) return;
    entry.ondata = (err, chunk, final) => {
      if (err) error = err;
      else {
        total += chunk.length;
        out.push(chunk);
      }
      if (final) done = true;
    };
    entry.start();
  };
  for (let at = 0; at < zip.length && !done; at += STEP) {
    unzip.push(zip.subarray(at, at + STEP), at + STEP >= zip.length);
    if (error) throw error;
    if (total > maxBytes) throw new TooLarge();
    while (out.length > 0) yield out.shift() as Uint8Array;
  }
}
