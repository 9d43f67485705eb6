import { Readable } from "node:stream";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { sendByteRange } from "./byte-range.ts";

/** Ten digits a hundred times, so a test reads back which bytes a range answered. */
const FILE = Buffer.from("0123456789".repeat(100));

/** One route that answers from a buffer and one from a stream, as tracks and recordings do. */
const app = Fastify();
app.get("/buffer", (request, reply) =>
  sendByteRange(reply, request.headers.range, FILE.length, (range) =>
    range ? FILE.subarray(range.start, range.end + 1) : FILE,
  ),
);
app.get("/stream", (request, reply) =>
  sendByteRange(reply, request.headers.range, FILE.length, (range) =>
    Readable.from([range ? FILE.subarray(range.start, range.end + 1) : FILE]),
  ),
);
afterAll(() => app.close());

describe.each(["/buffer", "/stream"])("sendByteRange from %s", (url) => {
  const get = (range?: string, method: "GET" | "HEAD" = "GET") =>
    app.inject({ method, url, headers: range === undefined ? {} : { range } });

  it("sends the whole file, with its length, when no range is asked for", async () => {
    const reply = await get();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-length"]).toBe("1000");
    expect(reply.headers["content-range"]).toBeUndefined();
    expect(reply.body).toBe(FILE.toString());
  });

  it.each([
    ["bytes=0-9", "bytes 0-9/1000", "0123456789"],
    ["bytes=995-", "bytes 995-999/1000", "56789"],
    ["bytes=-500", "bytes 500-999/1000", FILE.subarray(500).toString()],
    ["bytes=-5000", "bytes 0-999/1000", FILE.toString()],
    ["bytes=990-5000", "bytes 990-999/1000", "0123456789"],
    [" bytes=1-2 ", "bytes 1-2/1000", "12"],
  ])("answers %s with 206 and %s", async (range, contentRange, body) => {
    const reply = await get(range);
    expect(reply.statusCode).toBe(206);
    expect(reply.headers["content-range"]).toBe(contentRange);
    expect(Number(reply.headers["content-length"])).toBe(body.length);
    expect(reply.body).toBe(body);
  });

  it("sends the whole file for several ranges", async () => {
    const reply = await get("bytes=0-1,5-6");
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe(FILE.toString());
  });

  it.each(["bytes=1000-", "bytes=5-2", "bytes=-0", "bytes=-", "items=0-1", "bytes=a-b"])(
    "answers %s, which no byte of the file is in, with 416",
    async (range) => {
      const reply = await get(range);
      expect(reply.statusCode).toBe(416);
      expect(reply.headers["content-range"]).toBe("bytes */1000");
      expect(reply.body).toBe("");
    },
  );

  it("answers HEAD with the headers of GET and no body", async () => {
    const reply = await get("bytes=100-199", "HEAD");
    expect(reply.statusCode).toBe(206);
    expect(reply.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(reply.headers["content-length"]).toBe("100");
    expect(reply.body).toBe("");
  });
});
