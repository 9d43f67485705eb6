import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { SNIFF_BYTES } from "@refrain/domain";
import { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/utils";
import { s3ClientConfigOf, s3Sdk, s3Storage } from "../../adapters/s3-storage.ts";
import {
  localStorage,
  type Storage,
  type StoreConfig,
  s3SettingsOf,
} from "../../adapters/storage.ts";

/**
 * Where a recording's resumable upload (tus) lives while its bytes arrive: DATA_DIR/uploads for
 * one server, or the bucket's `uploads/` folder with MEDIA_STORE=s3, as multipart uploads
 * (@tus/s3-store), so an upload begun on one app server resumes on any other and finishes
 * there. Uploads are named by 32 hex digits in URLs and in `recording_uploads`, whatever the
 * store calls them.
 */
export interface UploadStore {
  datastore: DataStore;
  /** The store's name of an upload, from its 32 hex digits, and back. */
  storeId(id: string): string;
  idOf(storeId: string): string;
  /** Its first bytes, to tell what container it is. */
  head(id: string): Promise<Buffer>;
  size(id: string): Promise<number>;
  /** A whole upload, taken into media storage under `key`; the store keeps no copy. */
  moveInto(media: Storage, key: string, id: string): Promise<void>;
  /** An upload's bytes and notes, gone; nothing there is no error. */
  remove(id: string): Promise<void>;
  /** The uploads' folder as a store, where an erasure deletes `uploadKeys` (privacy/erase.ts). */
  files: Storage;
}

/**
 * The keys an upload may occupy in its store's folder, in either store: the bytes, and tus's
 * notes beside them (FileStore's `.json`; S3Store's `.info` and its last, short `.part`).
 */
export const uploadKeys = (id: string) => [id, `${id}.json`, `${id}.info`, `${id}.part`];

/** Partial uploads, beside the data directory's other folders. */
export const uploadsDir = (dataDir: string) => join(dataDir, "uploads");

export function uploadStoreOf(config: StoreConfig): UploadStore {
  return config.MEDIA_STORE === "s3"
    ? s3UploadStore(config)
    : fileUploadStore(uploadsDir(config.DATA_DIR));
}

function fileUploadStore(directory: string): UploadStore {
  const store = new FileStore({ directory });
  const path = (id: string) => join(directory, id);
  return {
    datastore: store,
    storeId: (id) => id,
    idOf: (storeId) => storeId,
    async head(id) {
      const file = await open(path(id), "r");
      try {
        const buffer = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },
    size: async (id) => (await stat(path(id))).size,
    async moveInto(media, key, id) {
      await media.putFile(key, path(id));
      await store.configstore.delete(id);
    },
    async remove(id) {
      await rm(path(id), { force: true });
      // An erasure of its student may have removed the notes already.
      await store.configstore.delete(id).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
    files: localStorage(directory),
  };
}

function s3UploadStore(config: StoreConfig): UploadStore {
  const settings = s3SettingsOf(config, "uploads");
  const folder = `${settings.prefix}/`;
  const Bucket = settings.bucket;
  // Required here, as the SDK it is made on (s3Sdk): only a server with a bucket loads them.
  const { S3Store } = createRequire(import.meta.url)(
    "@tus/s3-store",
  ) as typeof import("@tus/s3-store");
  const client = new (s3Sdk().S3)(s3ClientConfigOf(settings));
  const datastore = new S3Store({
    // S3's smallest part but the last: a reading of a few megabytes is one or two parts.
    partSize: 5 * 1024 * 1024,
    s3ClientConfig: { bucket: Bucket, ...s3ClientConfigOf(settings) },
  });
  const storeId = (id: string) => `${folder}${id}`;
  const folderStore = s3Storage(settings);
  const remove = async (id: string) => {
    // An unfinished upload's parts are no object yet: aborting the multipart upload drops them.
    await datastore.remove(storeId(id)).catch(() => undefined);
    await client.deleteObjects({
      Bucket,
      Delete: {
        Objects: [storeId(id), `${storeId(id)}.info`, `${storeId(id)}.part`].map((Key) => ({
          Key,
        })),
      },
    });
  };
  return {
    datastore,
    storeId,
    idOf: (name) => name.slice(folder.length),
    async head(id) {
      const { Body } = await client.getObject({
        Bucket,
        Key: storeId(id),
        Range: `bytes=0-${SNIFF_BYTES - 1}`,
      });
      return Buffer.from((await Body?.transformToByteArray()) ?? []);
    },
    async size(id) {
      const head = await client.headObject({ Bucket, Key: storeId(id) });
      return head.ContentLength ?? 0;
    },
    async moveInto(media, key, id) {
      // Through a temporary file, so that any media store takes it as it takes a local upload.
      const dir = await mkdtemp(join(tmpdir(), "refrain-upload-"));
      try {
        const { Body } = await client.getObject({ Bucket, Key: storeId(id) });
        const path = join(dir, "source");
        await pipeline(Body as Readable, createWriteStream(path));
        await media.putFile(key, path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      await remove(id);
    },
    remove,
    // The uploads folder as a store, whose delete of an upload also aborts its parts.
    files: {
      ...folderStore,
      delete: (key) => (/^[0-9a-f]{32}$/.test(key) ? remove(key) : folderStore.delete(key)),
    },
  };
}
