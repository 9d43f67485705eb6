// `npm start`: builds the web app when its sources changed, then serves. The server runs in
// this very process: one process fewer between npm and it to stop, or to leave behind.
import { buildWebIfStale } from "./web-build.mjs";

buildWebIfStale();
await import("../apps/server/src/main.ts");
