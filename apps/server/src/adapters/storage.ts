import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../config.ts";
import { type S3Settings, s3Storage } from "./s3-storage.ts";

/**
 * Where generated and uploaded files live: local disk under DATA_DIR/files by default. Keys
 * are relative paths like "quotes/Q-2026-0001.pdf"; they never leave the root.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The keys of every file under `prefix` (a folder key such as "mail"), at any depth. */
  list(prefix: string): Promise<string[]>;
  /**
   * Media, never held in memory whole. `putFile` takes a local file in under `key`: the file is
   * moved (or copied and removed), so it is the storage's afterwards.
   */
  putFile(key: string, localPath: string): Promise<void>;
  /** The file's size in bytes, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** The bytes from `start` to `end` (inclusive; the whole file without them), streamed. */
  readStream(key: string, range?: { start: number; end: number }): Readable;
  /**
   * Runs `use` with a local path of the file (ffmpeg reads paths): the file itself on disk; a
   * remote store would fetch a temporary copy for the call.
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
}

/** The files of a data directory, where the app keeps them. */
export const dataFiles = (dataDir: string) => localStorage(join(dataDir, "files"));

/** Recordings' uploads made whole, their processed videos and pictures: DATA_DIR/media. */
export const mediaFiles = (dataDir: string) => localStorage(join(dataDir, "media"));

/** The settings that say where the stores are. */
export type StoreConfig = Pick<
  Config,
  | "DATA_DIR"
  | "MEDIA_STORE"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PREFIX"
>;

/**
 * The bucket's settings, with `folder` under the configured prefix. parseConfig refuses
 * MEDIA_STORE=s3 without a bucket and keys, so the empty strings are never used.
 */
export function s3SettingsOf(config: StoreConfig, folder?: string): S3Settings {
  const prefix = [config.S3_PREFIX?.replace(/^\/+|\/+$/g, ""), folder].filter(Boolean).join("/");
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET ?? "",
    accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: prefix || undefined,
  };
}

/**
 * Recordings' media where the configuration keeps them: DATA_DIR/media, or an S3-compatible
 * bucket when several app servers and workers must all see them. The app and the job queue both
 * take their store from here, so a recording processed by a worker is the one a server streams.
 */
export function mediaStore(config: StoreConfig): Storage {
  return config.MEDIA_STORE === "local"
    ? mediaFiles(config.DATA_DIR)
    : s3Storage(s3SettingsOf(config));
}

/**
 * The app's other files (quotes, mail bodies, lesson tracks, consent slips, exports):
 * DATA_DIR/files, or the bucket's `files/` folder with MEDIA_STORE=s3, so that what one server
 * wrote every other server and worker reads.
 */
export function fileStore(config: StoreConfig): Storage {
  return config.MEDIA_STORE === "local"
    ? dataFiles(config.DATA_DIR)
    : s3Storage(s3SettingsOf(config, "files"));
}

export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(`${base}/`)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      try {
        const entries = await readdir(pathOf(prefix), { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => relative(base, join(entry.parentPath, entry.name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    async putFile(key, localPath) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(localPath, path);
      } catch (error) {
        // Another file system (a mounted uploads folder): copy, then let go of the original.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await copyFile(localPath, path);
        await rm(localPath, { force: true });
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    readStream(key, range) {
      return createReadStream(pathOf(key), range);
    },
    async withLocalFile(key, use) {
      return use(pathOf(key));
    },
  };
}
