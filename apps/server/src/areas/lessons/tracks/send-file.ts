import type { FastifyReply, FastifyRequest } from "fastify";
import { sendByteRange } from "../../../core/byte-range.ts";
import type { StoredFile } from "./service.ts";

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
  // A range of an older version would splice two files: If-Range asks for the whole when changed.
  const ifRange = request.headers["if-range"];
  const range = ifRange && ifRange !== file.etag ? undefined : request.headers.range;
  return sendByteRange(reply, range, file.data.length, (part) =>
    part ? file.data.subarray(part.start, part.end + 1) : file.data,
  );
}
