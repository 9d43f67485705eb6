import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3Settings } from "../src/adapters/s3-storage.ts";

export const TEST_BUCKET = "refrain-media";

// s3rver seals its list continuation tokens with DES, which Node 24's OpenSSL only offers from
// its legacy provider: the server runs in a process of its own that enables it, as a real S3
// server would run apart from the app anyway.
//
// s3rver 3.7 answers two calls of S3's multipart upload with "method not allowed": ListParts and
// AbortMultipartUpload, which @tus/s3-store makes on every resumed upload and every abandoned
// one. A middleware before its router answers them from the parts s3rver keeps on disk (each part
// a file named by its number, with its MD5 beside it), in S3's own XML and errors.
const SERVER = `
const fs = require("node:fs");
const path = require("node:path");
const S3rver = require(process.argv[1]);
const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: process.argv[2],
  configureBuckets: [{ name: process.argv[3] }] });
const xml = (body) => '<?xml version="1.0" encoding="UTF-8"?>' + body;
server.middleware.splice(server.middleware.length - 1, 0, async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  if (!uploadId || (ctx.method !== "GET" && ctx.method !== "DELETE")) return next();
  const [bucket, ...key] = ctx.path.slice(1).split("/");
  const dir = path.join(ctx.store.getResourcePath(bucket, undefined, "uploads"), String(uploadId));
  ctx.type = "application/xml";
  if (!/^[0-9a-zA-Z_-]+$/.test(String(uploadId)) || !fs.existsSync(dir)) {
    ctx.status = 404;
    ctx.body = xml("<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>");
    return;
  }
  if (ctx.method === "DELETE") {
    fs.rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
    return;
  }
  const parts = fs.readdirSync(dir).filter((name) => /^[0-9]+$/.test(name)).map(Number).sort((a, b) => a - b);
  ctx.body = xml("<ListPartsResult><Bucket>" + bucket + "</Bucket><Key>" + decodeURIComponent(key.join("/")) +
    "</Key><UploadId>" + uploadId + "</UploadId><IsTruncated>false</IsTruncated>" +
    parts.map((n) => "<Part><PartNumber>" + n + "</PartNumber><ETag>&quot;" +
      fs.readFileSync(path.join(dir, n + ".md5"), "utf8") + "&quot;</ETag><Size>" +
      fs.statSync(path.join(dir, String(n))).size + "</Size></Part>").join("") + "</ListPartsResult>");
});
server.run().then(({ port }) => process.stdout.write(port + "\\n"));
`;

/**
 * A real S3-compatible server on loopback (s3rver, files in a temporary folder) with one bucket;
 * `settings` reach it as the app's MEDIA_STORE=s3 would, and `env` is the same as variables.
 */
export async function startS3() {
  const directory = mkdtempSync(join(tmpdir(), "refrain-s3rver-"));
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      "-e",
      SERVER,
      createRequire(import.meta.url).resolve("s3rver"),
      directory,
      TEST_BUCKET,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const [line] = (await Promise.race([
    once(child.stdout, "data"),
    once(child, "exit").then(() => {
      throw new Error("the local S3 server did not start");
    }),
  ])) as [Buffer];
  const port = Number(line.toString().trim());
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket: TEST_BUCKET,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      MEDIA_STORE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: settings.region,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      const exited = once(child, "exit");
      child.kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
