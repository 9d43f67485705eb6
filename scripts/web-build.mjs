// The built web app, made again when its sources changed since the last build (`npm start`,
// `npm test`, `npm run tutorials`).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function buildWebIfStale() {
  const built = newest(join(root, "apps/web/dist/index.html"));
  const sources = Math.max(
    ...[
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "packages/domain/src",
      "package-lock.json",
    ].map((p) => newest(join(root, p))),
  );
  if (built > sources) return;
  console.log("▸ Building the web app…");
  // Errors only: Vite's list of every chunk (and its advice on their sizes, which
  // `npm run bench:first-load` measures against budgets) reads like trouble to someone starting.
  execFileSync(
    process.execPath,
    [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"],
    { cwd: join(root, "apps/web"), stdio: "inherit" },
  );
}
