// `npm run dev`: the API server with reload on change, and Vite's dev server for the web app.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { watchParent, withDeathSignal } from "./processes.mjs";

const root = new URL("..", import.meta.url).pathname;
const children = [
  [["--watch", "apps/server/src/main.ts"], root],
  [[join(root, "node_modules/vite/bin/vite.js")], join(root, "apps/web")],
].map(([args, cwd]) =>
  spawn(...withDeathSignal(process.execPath, args), { cwd, stdio: "inherit" }),
);
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
watchParent(stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
