// `npm start`: build the web app when its sources changed, then run the server.
import { execSync, spawn } from "node:child_process";
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
  console.log("Building the web app…");
  execSync("npm run build --silent -w apps/web", { cwd: root, stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale();
  const server = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}
