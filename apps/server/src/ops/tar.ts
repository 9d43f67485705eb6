import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * A backup archive's container: a POSIX tar (ustar headers, pax records for paths longer than
 * a header holds and for sizes from 8 GiB), written and read one entry at a time as streams, so
 * a store's media never sit in memory whole. Any `tar` reads the archives (`tar -tvf`); the
 * reader takes regular files only, as the writer writes.
 */

const BLOCK = 512;
/** The largest size a ustar header's 11 octal digits hold. */
const USTAR_MAX_SIZE = 8 ** 11 - 1;

export class TarError extends Error {}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function octal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

function headerBlock(name: string, size: number, type: "0" | "x", mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, "utf8");
  octal(header, 100, 8, 0o600);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, size);
  octal(header, 136, 12, mtime);
  header.fill(" ", 148, 156);
  header.write(type, 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

/** One pax record, "<length> <key>=<value>\n", whose length counts its own digits. */
function paxRecord(key: string, value: string) {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return `${length}${body}`;
}

/** A name a ustar header holds as it is: ASCII, at most 100 bytes. */
const plainName = (name: string) => name.length <= 100 && /^[\x20-\x7e]*$/.test(name);

/**
 * Writes a tar to `out`, waiting whenever the stream asks to. `add` answers the entry's SHA-256
 * (hex) of the bytes written, and insists the body has exactly the size announced in its header.
 */
export class TarWriter {
  readonly #out: Writable;
  readonly #mtime: number;
  #bytes = 0;

  constructor(out: Writable, mtime = new Date()) {
    this.#out = out;
    this.#mtime = Math.floor(mtime.getTime() / 1000);
  }

  /** Bytes written so far. */
  get bytes() {
    return this.#bytes;
  }

  async #write(chunk: Uint8Array) {
    this.#bytes += chunk.length;
    if (!this.#out.write(chunk)) await once(this.#out, "drain");
  }

  async add(
    path: string,
    size: number,
    body: AsyncIterable<Uint8Array> | Uint8Array[] | Uint8Array,
  ): Promise<string> {
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`Bad size for ${path}`);
    const pax = [
      ...(plainName(path) ? [] : [paxRecord("path", path)]),
      ...(size > USTAR_MAX_SIZE ? [paxRecord("size", String(size))] : []),
    ].join("");
    if (pax) {
      const records = Buffer.from(pax, "utf8");
      await this.#write(headerBlock("PaxHeader", records.length, "x", this.#mtime));
      await this.#write(records);
      await this.#write(Buffer.alloc(padding(records.length)));
    }
    const shortName = plainName(path) ? path : path.replace(/[^\x20-\x7e]/g, "_").slice(-100);
    await this.#write(headerBlock(shortName, size > USTAR_MAX_SIZE ? 0 : size, "0", this.#mtime));
    const hash = createHash("sha256");
    let written = 0;
    const chunks = body instanceof Uint8Array ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new TarError(`${path} grew while it was being written`);
      hash.update(chunk);
      await this.#write(chunk);
    }
    if (written !== size) throw new TarError(`${path} shrank while it was being written`);
    await this.#write(Buffer.alloc(padding(size)));
    return hash.digest("hex");
  }

  /** The two empty blocks that end a tar; then the stream ends and is flushed. */
  async finish() {
    await this.#write(Buffer.alloc(2 * BLOCK));
    const finished = once(this.#out, "finish");
    this.#out.end();
    await finished;
  }
}

/** Reads exact amounts from a stream of chunks. */
class Bytes {
  readonly #source: AsyncIterator<Uint8Array>;
  #buffer: Buffer = Buffer.alloc(0);
  #ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  async #fill(): Promise<boolean> {
    if (this.#ended) return false;
    const next = await this.#source.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.#buffer = this.#buffer.length > 0 ? Buffer.concat([this.#buffer, chunk]) : chunk;
    return true;
  }

  /** Exactly `n` bytes, or null when the stream ends first (nothing consumed then). */
  async take(n: number): Promise<Buffer | null> {
    while (this.#buffer.length < n) if (!(await this.#fill())) return null;
    const out = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return out;
  }

  /** The next `n` bytes in the pieces they arrive in; `state.left` counts what is still unread. */
  async *stream(state: { left: number }): AsyncGenerator<Buffer> {
    while (state.left > 0) {
      if (this.#buffer.length === 0 && !(await this.#fill()))
        throw new TarError("The archive ends in the middle of an entry (cut short?)");
      const piece = this.#buffer.subarray(0, Math.min(state.left, this.#buffer.length));
      this.#buffer = this.#buffer.subarray(piece.length);
      state.left -= piece.length;
      yield piece;
    }
  }

  async skip(n: number) {
    for await (const _ of this.stream({ left: n }));
  }
}

export interface TarEntry {
  path: string;
  size: number;
  /** The entry's bytes; what the caller leaves unread is skipped before the next entry. */
  body: AsyncIterable<Buffer>;
}

function readOctal(header: Buffer, offset: number, length: number) {
  const text = header
    .subarray(offset, offset + length)
    .toString("ascii")
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError("The archive has a damaged header");
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function readString(header: Buffer, offset: number, length: number) {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function parsePax(records: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < records.length) {
    const space = records.indexOf(0x20, at);
    const length = Number(records.subarray(at, space).toString("ascii"));
    if (space === -1 || !Number.isSafeInteger(length) || length <= 0)
      throw new TarError("The archive has a damaged pax header");
    const record = records.subarray(space + 1, at + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) out[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return out;
}

/**
 * The regular files of a tar, in order. Each header's checksum is checked; an archive cut short
 * (no end blocks) throws, and so does any entry other than a file or a directory (skipped).
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(source);
  let pax: Record<string, string> = {};
  for (;;) {
    const header = await bytes.take(BLOCK);
    if (!header) throw new TarError("The archive ends before its end marker (cut short?)");
    if (header.every((byte) => byte === 0)) return;
    const stored = readOctal(header, 148, 8);
    let sum = 0;
    for (const [i, byte] of header.entries()) sum += i >= 148 && i < 156 ? 0x20 : byte;
    if (sum !== stored) throw new TarError("The archive has a damaged header (checksum)");
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = readString(header, 345, 155);
    const name = readString(header, 0, 100);
    const path = pax.path ?? (prefix ? `${prefix}/${name}` : name);
    const size = pax.size !== undefined ? Number(pax.size) : readOctal(header, 124, 12);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError("The archive has a bad size");
    pax = {};
    if (type === "x" || type === "g") {
      const records = await bytes.take(size + padding(size));
      if (!records) throw new TarError("The archive ends in a pax header (cut short?)");
      if (type === "x") pax = parsePax(records.subarray(0, size));
      continue;
    }
    if (type === "5") {
      await bytes.skip(size + padding(size));
      continue;
    }
    if (type !== "0" && type !== "\0")
      throw new TarError(`The archive holds ${path}, which is not a regular file`);
    const state = { left: size };
    yield { path, size, body: bytes.stream(state) };
    await bytes.skip(state.left + padding(size));
  }
}
