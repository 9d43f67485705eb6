// `npm run tutorials [name…] [--url http://…]`: records the tutorial videos from the product
// (apps/server/src/areas/help/record-tutorials.ts). Against a server of its own, the web app is
// built first when its sources changed, as `npm start` does; a given server serves its own.
import { spawn } from "node:child_process";
import { buildWebIfStale } from "./start.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
if (!args.some((arg) => arg === "--url" || arg.startsWith("--url="))) buildWebIfStale();
const recording = spawn(
  process.execPath,
  ["apps/server/src/areas/help/record-tutorials.ts", ...args],
  { cwd: root, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => recording.kill(signal));
recording.on("exit", (code) => process.exit(code ?? 1));
