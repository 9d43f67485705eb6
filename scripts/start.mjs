// `npm start`: builds the web app and the server when their sources changed, then serves. The
// server runs in this very process: one process fewer between npm and it to stop, or to leave
// behind.
import { enableCompileCache, flushCompileCache } from "node:module";
import { compileCacheDir, serverEntry } from "./server-build.mjs";
import { buildWebIfStale } from "./web-build.mjs";

buildWebIfStale();
const entry = await serverEntry();
// Node keeps the code it compiled (the bundle's and every package's) for the next start.
enableCompileCache(compileCacheDir);
// Errors' stacks name the TypeScript files and lines, as when the sources run.
process.setSourceMapsEnabled(true);
await import(entry);
// Every module the server loads at start has been compiled: kept now, not only at a clean exit.
flushCompileCache();
