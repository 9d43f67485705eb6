import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredFile } from "./service.ts";

/**
 * The one byte range a `Range` header asks for, or "whole" when it asks for none (or for
 * several, which a server may answer with the whole file), or null when no byte of the file
 * is in it (416).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "whole" | null {
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
 * Sends a stored file the way a media element needs it: its type, a validator for revalidation
 * (304), and the byte range asked for (206), since a browser seeks in audio with Range requests.
 * Private: only callers who may open the lesson get it.
 */
export function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  reply
    .type(file.type)
    .header("etag", file.etag)
    .header("accept-ranges", "bytes")
    // Staff may replace a track: a short lifetime, then the ETag says whether it changed.
    .header("cache-control", "private, max-age=300");
  if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  const size = file.data.length;
  // A range of an older version would splice two files: If-Range asks for the whole when changed.
  const ifRange = request.headers["if-range"];
  const range = ifRange && ifRange !== file.etag ? "whole" : byteRange(request.headers.range, size);
  if (range === null) return reply.code(416).header("content-range", `bytes */${size}`).send();
  if (range === "whole") return reply.send(file.data);
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
    .send(file.data.subarray(range.start, range.end + 1));
}
