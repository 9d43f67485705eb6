import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Background work: what no request is waiting for, such as a job (jobs/index.ts runs every job
 * in it) or a batch of the first start. It gives way to requests wherever the two meet: its
 * PGlite statements let the event loop take in requests first (db/prepared.ts), and its helper
 * programs' runs wait behind a request's (adapters/helper-process.ts).
 */
const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the work calling it runs in the background. */
export const runsInBackground = () => background.getStore() === true;
