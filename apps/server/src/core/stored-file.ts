import type { FastifyReply, FastifyRequest } from "fastify";
import { sendByteRange } from "./byte-range.ts";

/** A file read whole from storage, as the API sends it. */
export interface StoredFile {
  data: Buffer;
  type: string;
  /** A strong validator of the content, so a replaced file is never served from a cache. */
  etag: string;
}

/**
 * Sends a stored file the way a media element needs it: its type, a validator for revalidation
 * (304), and the byte range asked for (206), since a browser seeks in audio with Range requests.
 * Private: only callers who may open the file (a lesson's track, a help video) get it.
 */
export function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  reply
    .type(file.type)
    .header("etag", file.etag)
    .header("accept-ranges", "bytes")
    // Staff may replace a track: a short lifetime, then the ETag says whether it changed.
    .header("cache-control", "private, max-age=300");
  if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  // A range of an older version would splice two files: If-Range asks for the whole when changed.
  const ifRange = request.headers["if-range"];
  const range = ifRange && ifRange !== file.etag ? undefined : request.headers.range;
  return sendByteRange(reply, range, file.data.length, (part) =>
    part ? file.data.subarray(part.start, part.end + 1) : file.data,
  );
}
