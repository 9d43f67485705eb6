import { errorResponse, RECORDING_UPLOAD_PATH, type RecordedClassification } from "@refrain/domain";
import { DetailedError, Upload } from "tus-js-client";
import { changingRequestHeaders } from "../../../lib/api.ts";

/**
 * How a reading survives school Wi-Fi and a reload, as simply as we could make it: before its
 * first byte is sent, the recording is kept in IndexedDB under the student, lesson and reading,
 * and tus's upload URL joins it once the server has made one. A dropped connection is retried by
 * tus-js-client from the server's offset (`retryDelays`). After a reload the player finds the
 * kept recording and offers to finish sending it: tus asks the kept URL for its offset and sends
 * the rest (a URL the server no longer knows makes a new upload). The record is dropped once the
 * upload completes, or when the student records that reading again.
 */
export interface PendingRecording {
  /** `pendingKey`: whose reading of which lesson. */
  key: string;
  lessonId: number;
  classification: RecordedClassification;
  blob: Blob;
  /** The upload's `filetype` (the container, e.g. video/webm). */
  type: string;
  uploadUrl: string | null;
}

export const pendingKey = (
  userId: number,
  lessonId: number,
  classification: RecordedClassification,
) => `${userId}:${lessonId}:${classification}`;

const DATABASE = "refrain-recordings";
const STORE = "pending";

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      database.close();
      resolve(request.result);
    };
    transaction.onerror = () => {
      database.close();
      reject(transaction.error);
    };
  });
}

export const findPending = (key: string): Promise<PendingRecording | undefined> =>
  inStore("readonly", (store) => store.get(key) as IDBRequest<PendingRecording | undefined>);

// Without IndexedDB (a private window, a full disk) a reading is still sent; it only cannot
// outlive a reload, so a failure to keep it is no reason to stop.
export const keepPending = (pending: PendingRecording): Promise<unknown> =>
  inStore("readwrite", (store) => store.put(pending)).catch(() => undefined);

export const dropPending = (key: string): Promise<unknown> =>
  inStore("readwrite", (store) => store.delete(key)).catch(() => undefined);

/** Chunks small enough to resume soon after a drop, large enough to be few (1–5 MB). */
const CHUNK_BYTES = 2 * 1024 * 1024;
/** Waits before each retry after a dropped connection: school Wi-Fi comes back in seconds. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/**
 * Sends a kept recording with tus, resuming at its upload URL when it has one; resolves with
 * the new recording's id once the server has the whole file. `signal` stops sending (the
 * recording stays kept, to finish later).
 */
export async function sendPending(
  pending: PendingRecording,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<number | null> {
  const headers = await changingRequestHeaders();
  let recordingId: number | null = null;
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(pending.blob, {
      endpoint: RECORDING_UPLOAD_PATH,
      uploadUrl: pending.uploadUrl,
      // The kept record, not tus's own URL storage, is what a reload resumes from.
      storeFingerprintForResuming: false,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      headers,
      metadata: {
        lessonId: String(pending.lessonId),
        classification: pending.classification,
        filetype: pending.type,
      },
      onUploadUrlAvailable: () => {
        void keepPending({ ...pending, uploadUrl: upload.url });
      },
      onAfterResponse: (_request, response) => {
        const id = Number(response.getHeader("Recording-Id"));
        if (Number.isInteger(id) && id > 0) recordingId = id;
      },
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => resolve(),
      onError: reject,
    });
    signal.addEventListener("abort", () => {
      void upload.abort();
      reject(signal.reason);
    });
    upload.start();
  });
  await dropPending(pending.key);
  return recordingId;
}

/** Why a reading was not all sent, when nothing more is known: the connection, most likely. */
export const NOT_SENT = "Your reading could not be sent yet. Check the internet, then try again.";

/**
 * What to tell the student when sending stopped: the server's own words when it refused a new
 * upload because too many of their readings are still half-sent (429, which tus does not retry),
 * else `NOT_SENT`. The recording stays kept either way, to send again.
 */
export function notSentText(error: unknown): string {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (response?.getStatus() !== 429) return NOT_SENT;
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    return NOT_SENT;
  }
  const refusal = errorResponse.safeParse(body);
  return refusal.success ? refusal.data.message : NOT_SENT;
}
