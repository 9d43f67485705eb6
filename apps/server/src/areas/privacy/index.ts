/** What other parts of the server may use of the privacy area: everything else in it is its own. */

export { type ErasureDeps, eraseStudents, erasureStores, LEDGER_FOLDER } from "./erase.ts";
export { eraseOwnAccount } from "./erase-account.ts";
export { privacyQueues } from "./queues.ts";
export { type ReplayResult, replayDeletions } from "./replay.ts";
export { privacyArea } from "./routes.ts";
