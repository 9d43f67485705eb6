import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";

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
}

/** The files of a data directory, where the app keeps them. */
export const dataFiles = (dataDir: string) => localStorage(join(dataDir, "files"));

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
  };
}
