import type { FastifyReply } from "fastify";

/**
 * HTTP Range for the media the app streams (lesson tracks, help videos, recordings): a browser
 * seeks in audio and video with Range requests. One answer for every file, so that a track and
 * a recording seek alike.
 */

type ByteRange = { start: number; end: number };

/**
 * The one byte range a `Range` header asks for, or "whole" when it asks for none (or for
 * several, which a server may answer with the whole file), or null when no byte of the file
 * is in it (416).
 */
function byteRange(header: string | undefined, size: number): ByteRange | "whole" | null {
  if (!header) return "whole";
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(",") ? "whole" : null;
  const [, from = "", to = ""] = m;
  if (from === "" && to === "") return null;
  if (from === "") {
    // The last `to` bytes.
    const length = Math.min(Number(to), size);
    return length === 0 ? null : { start: size - length, end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || end < start ? null : { start, end };
}

/**
 * Answers a `Range` header for a file of `size` bytes: 416 when no byte of the file is in it,
 * the whole file when it asks for none, or 206 with the part. `read` gives the body, of the
 * whole file or of one range (a buffer or a stream); the length is set here because a stream
 * does not say it.
 */
export function sendByteRange(
  reply: FastifyReply,
  header: string | undefined,
  size: number,
  read: (range?: ByteRange) => unknown,
) {
  const range = byteRange(header, size);
  if (range === null) return reply.code(416).header("content-range", `bytes */${size}`).send();
  if (range === "whole") return reply.header("content-length", size).send(read());
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
    .header("content-length", range.end - range.start + 1)
    .send(read(range));
}
