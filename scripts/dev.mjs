// `npm run dev`: the API server with reload on change, and Vite's dev server for the web app.
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const children = [
  spawn(process.execPath, ["--watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
