import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { readTar, TarError, TarWriter } from "./tar.ts";

/** A tar of `files` in memory, written as the backup writes one, with each entry's SHA-256. */
async function tarOf(files: [string, Buffer][], pieces = 1) {
  const out = new PassThrough();
  const whole = buffer(out);
  const tar = new TarWriter(out, new Date("2026-05-01T00:00:00Z"));
  const sums: string[] = [];
  for (const [path, data] of files) {
    const size = Math.ceil(data.length / pieces) || 1;
    const chunks = Array.from({ length: pieces }, (_, i) =>
      data.subarray(i * size, (i + 1) * size),
    );
    sums.push(await tar.add(path, data.length, chunks));
  }
  await tar.finish();
  return { bytes: await whole, sums };
}

/** Every entry of a tar, read in chunks of `chunk` bytes. */
async function entriesOf(bytes: Buffer, chunk = 4096) {
  const source = (async function* () {
    for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
  })();
  const out: [string, Buffer][] = [];
  for await (const entry of readTar(source)) out.push([entry.path, await buffer(entry.body)]);
  return out;
}

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const longPath = `stores/media/${"folder/".repeat(20)}video-ñ.mp4`;
const files: [string, Buffer][] = [
  ["database/postgres.dump", Buffer.from("dump")],
  ["stores/files/empty", Buffer.alloc(0)],
  ["stores/media/exactly-512", Buffer.alloc(512, 7)],
  [longPath, Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251))],
  ["manifest.json", Buffer.from("{}")],
];

describe("the backup's tar", () => {
  it("reads back every entry it wrote, long and non-ASCII paths too, in any chunking", async () => {
    const { bytes, sums } = await tarOf(files, 3);
    expect(sums).toEqual(files.map(([, data]) => sha(data)));
    expect(bytes.length % 512).toBe(0);
    for (const chunk of [1, 100, 512, 100_000])
      expect(await entriesOf(bytes, chunk)).toEqual(files);
  });

  it("is a tar the system's tar lists and extracts", async () => {
    const { bytes } = await tarOf(files);
    const dir = mkdtempSync(join(tmpdir(), "refrain-tar-"));
    writeFileSync(join(dir, "a.tar"), bytes);
    const listed = spawnSync("tar", ["-tf", "a.tar"], { cwd: dir, encoding: "utf8" });
    expect(listed.stdout.trim().split("\n")).toEqual(files.map(([path]) => path));
    expect(spawnSync("tar", ["-xf", "a.tar"], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, longPath))).toEqual(files[3]?.[1]);
  });

  it("skips what a reader leaves unread of an entry", async () => {
    const { bytes } = await tarOf(files);
    const paths: string[] = [];
    for await (const entry of readTar(
      (async function* () {
        yield bytes;
      })(),
    )) {
      paths.push(entry.path);
      for await (const _ of entry.body) break;
    }
    expect(paths).toEqual(files.map(([path]) => path));
  });

  it("refuses a body longer or shorter than its header says", async () => {
    const tar = new TarWriter(new PassThrough().resume());
    await expect(tar.add("a", 2, [Buffer.from("abc")])).rejects.toThrow(/grew/);
    const other = new TarWriter(new PassThrough().resume());
    await expect(other.add("b", 4, [Buffer.from("abc")])).rejects.toThrow(/shrank/);
  });

  it("refuses a damaged header, an archive cut short, and a link", async () => {
    const { bytes } = await tarOf(files);
    const damaged = Buffer.from(bytes);
    damaged[3] = 0x41;
    await expect(entriesOf(damaged)).rejects.toThrow(/checksum/);
    await expect(entriesOf(bytes.subarray(0, 1024 + 300))).rejects.toThrow(TarError);
    await expect(entriesOf(bytes.subarray(0, bytes.length - 1024))).rejects.toThrow(/cut short/);
    const link = Buffer.from(bytes);
    link[156] = "2".charCodeAt(0);
    let sum = 0;
    link.fill(" ", 148, 156);
    for (const byte of link.subarray(0, 512)) sum += byte;
    link.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
    await expect(entriesOf(link)).rejects.toThrow(/not a regular file/);
  });
});
