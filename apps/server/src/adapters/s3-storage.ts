import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3ClientConfig } from "@aws-sdk/client-s3";
import type { Storage } from "./storage.ts";

/**
 * The AWS SDK's S3 client, required by the first bucket store made rather than imported: a
 * server that keeps its files on disk never loads it (issue 40: a sixth of a second of every
 * start).
 */
export const s3Sdk = () =>
  createRequire(import.meta.url)("@aws-sdk/client-s3") as typeof import("@aws-sdk/client-s3");

/**
 * The storage port over an S3-compatible bucket, for deployments that run several app servers
 * and workers: each of them sees every recording (docs/decisions/0016-media-storage.md). Keys
 * mean what they mean on disk, under an optional prefix, and a missing key answers as the local
 * adapter's does: null, an empty list, a delete that does nothing.
 */
export interface S3Settings {
  /** An S3-compatible server (MinIO, Ceph, R2…); AWS's own endpoint when unset. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `host/bucket/key` addresses, which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** A folder of the bucket the app keeps to, so a bucket can be shared. */
  prefix?: string;
}

/** The SDK client's settings for a bucket: every S3 client of the app is made alike. */
export function s3ClientConfigOf(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // The SDK's default checksums send streamed bodies in aws-chunked encoding with a trailer,
    // which many S3-compatible servers refuse; TLS and Content-Length guard the bytes already.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

export function s3Storage(settings: S3Settings): Storage {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = s3Sdk();
  const client = new S3Client(s3ClientConfigOf(settings));
  const Bucket = settings.bucket;
  const root = settings.prefix ? `${settings.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
  // As the local adapter resolves a path: normalised, and never outside the root.
  const keyOf = (key: string) => {
    const normal = posix.normalize(key).replace(/^\/+/, "");
    if (normal === "." || normal === ".." || normal.startsWith("../") || normal.endsWith("/"))
      throw new Error(`Invalid storage key: ${key}`);
    return root + normal;
  };

  const get = (key: string, range?: { start: number; end: number }) =>
    client.send(
      new GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        Range: range && `bytes=${range.start}-${range.end}`,
      }),
    );

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data }));
    },
    async get(key) {
      try {
        const { Body } = await get(key);
        return Body ? Buffer.from(await Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as `rm --force` does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async list(prefix) {
      // A folder's keys: "recordings/1/" never takes in "recordings/10".
      const folder = `${keyOf(prefix)}/`;
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) keys.push(object.Key.slice(root.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async putFile(key, localPath) {
      // One PUT, streamed from disk: a recording is at most 150 MB, far below S3's 5 GB for a
      // single PUT. A stream needs its length given, since the SDK cannot measure it.
      const { size } = await stat(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: createReadStream(localPath),
          ContentLength: size,
        }),
      );
      // The file is the storage's now, as after the local adapter's move.
      await rm(localPath, { force: true });
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    readStream(key, range) {
      // The port hands back a stream at once; the request starts when it is first read. Closing
      // the stream early (a player seeking away) returns the generator, which closes the body.
      return Readable.from(
        (async function* () {
          const { Body } = await get(key, range);
          if (Body) yield* Body as Readable;
        })(),
        { objectMode: false },
      );
    },
    async withLocalFile(key, use) {
      // A temporary copy for the call. A missing key gives a path with nothing there, as on
      // disk, so the caller's tool fails on it the same way in both stores.
      const dir = await mkdtemp(join(tmpdir(), "refrain-s3-"));
      const path = join(dir, posix.basename(keyOf(key)));
      try {
        try {
          const { Body } = await get(key);
          if (Body) await pipeline(Body as Readable, createWriteStream(path));
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
        return await use(path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A key that is not there: NoSuchKey from GET, NotFound from HEAD (which has no body to say
 * more). A missing bucket (NoSuchBucket) is a mistake in the settings and is thrown.
 */
function isMissing(error: unknown) {
  const name = (error as { name?: string })?.name;
  return name === "NoSuchKey" || name === "NotFound";
}
