// `npm run tutorials [name…] [--url http://…]`: records the tutorial videos from the product
// (apps/server/src/areas/help/record-tutorials.ts). Against a server of its own, the web app is
// built first when its sources changed, as `npm start` does; a given server serves its own.
import { runToEnd } from "./processes.mjs";
import { buildWebIfStale } from "./web-build.mjs";

const args = process.argv.slice(2);
if (!args.some((arg) => arg === "--url" || arg.startsWith("--url="))) buildWebIfStale();
runToEnd(process.execPath, ["apps/server/src/areas/help/record-tutorials.ts", ...args], {
  cwd: new URL("..", import.meta.url).pathname,
});
