import type { FastifyReply } from "fastify";

/**
 * Sends a made PDF under its readable name: `inline` opens it in the browser's viewer,
 * `attachment` saves it. The header's plain `filename` keeps only the characters every browser
 * takes; `filename*` carries the whole name.
 */
export function replyWithPdf(
  reply: FastifyReply,
  { pdf, filename }: { pdf: Buffer; filename: string },
  disposition: "inline" | "attachment",
  cacheControl: string,
) {
  const ascii = filename.replace(/[^\w .,()-]/g, "");
  return reply
    .type("application/pdf")
    .header(
      "content-disposition",
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header("cache-control", cacheControl)
    .send(pdf);
}
