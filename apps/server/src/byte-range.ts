/**
 * HTTP Range for the media the app streams (lesson tracks, recordings): a browser seeks in audio
 * and video with Range requests.
 */

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
