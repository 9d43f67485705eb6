import type { FastifyReply, FastifyRequest } from "fastify";
import { byteRange } from "../../../byte-range.ts";
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
