import { basename, dirname, join } from "node:path";
import { type S3Settings, s3ClientConfigOf, s3Sdk } from "../adapters/s3-storage.ts";
import {
  fileStore,
  localStorage,
  mediaStore,
  type Storage,
  type StoreConfig,
  s3SettingsOf,
} from "../adapters/storage.ts";

/** A store a backup holds and a restore fills, by the name it has in the archive. */
export interface BackupStore {
  name: string;
  storage: Storage;
  /** Every key the store holds. */
  keys(): Promise<string[]>;
}

/**
 * The stores a backup holds, made as the app makes them: the app's files (quotes, mail
 * attachments, lesson tracks…) and the media store (recordings, consent slips, exports, tutorial
 * videos, the deletion ledger's copies), on disk under DATA_DIR or in the S3 bucket. Unfinished
 * (tus) uploads are left out: they are in flight, and a browser resumes or records again. This is
 * the one place that says which stores there are.
 */
export function storesOf(config: StoreConfig): BackupStore[] {
  const local = config.MEDIA_STORE === "local";
  return [
    store(
      "files",
      fileStore(config),
      local ? { dir: join(config.DATA_DIR, "files") } : { s3: s3SettingsOf(config, "files") },
    ),
    // In the bucket the media keep to the prefix's top, beside the files' and the uploads'
    // folders, which are not theirs.
    store(
      "media",
      mediaStore(config),
      local ? { dir: join(config.DATA_DIR, "media") } : { s3: s3SettingsOf(config) },
      local ? [] : ["files/", "uploads/"],
    ),
  ];
}

/** Where a store's keys are, for listing them all: a folder, or a bucket and its prefix. */
type Root = { dir: string } | { s3: S3Settings };

/**
 * A store whose `keys` asks the storage for everything (`list("")`), but for the folders of
 * `others`; the storage adapters list only folders today, so the roots are listed here until
 * they do.
 */
function store(name: string, storage: Storage, root: Root, others: string[] = []): BackupStore {
  return {
    name,
    storage,
    async keys() {
      let keys: string[];
      try {
        keys = await storage.list("");
      } catch (error) {
        if (!String((error as Error)?.message).startsWith("Invalid storage key")) throw error;
        keys = "dir" in root ? await localKeys(root.dir) : await s3Keys(root.s3);
      }
      return keys.filter((key) => !others.some((folder) => key.startsWith(folder)));
    },
  };
}

/** Every file under a folder, through the storage port one level up. */
async function localKeys(dir: string) {
  const name = basename(dir);
  return (await localStorage(dirname(dir)).list(name)).map((key) => key.slice(name.length + 1));
}

/** Every object under the settings' prefix (the whole bucket without one). */
async function s3Keys(settings: S3Settings) {
  const { ListObjectsV2Command, S3Client } = s3Sdk();
  const client = new S3Client(s3ClientConfigOf(settings));
  const root = settings.prefix ? `${settings.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
  const keys: string[] = [];
  try {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: settings.bucket,
          Prefix: root || undefined,
          ContinuationToken,
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && !object.Key.endsWith("/")) keys.push(object.Key.slice(root.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  } finally {
    client.destroy();
  }
  return keys;
}
