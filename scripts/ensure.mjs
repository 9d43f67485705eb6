// Installs what `npm start` and `npm test` need and a fresh machine lacks. Node built-ins
// only: it runs before node_modules exists.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const forTests = process.argv.includes("--test");
const run = (command) => execSync(command, { cwd: root, stdio: "inherit" });
const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

// npm packages: reinstall whenever the lockfile changed since the last install. `npm ci`
// would refuse our lockfile: the registry this project reaches lacks some of Biome's
// optional per-platform binaries, which `npm install` skips as it should.
const lockDigest = () =>
  createHash("sha256")
    .update(readFileSync(new URL("../package-lock.json", import.meta.url)))
    .digest("hex");
const stamp = new URL("../node_modules/.refrain-lock-sha256", import.meta.url);
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== lockDigest()) {
  console.log("Installing npm packages…");
  run("npm install --no-audit --no-fund");
  writeFileSync(stamp, lockDigest());
}

// Debian packages the tests drive: Chromium for the browser journeys.
if (forTests && !existsSync("/usr/bin/chromium")) {
  if (process.getuid?.() === 0 && has("apt-get")) {
    console.log("Installing Debian's chromium for the browser tests…");
    run(
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null",
    );
  } else {
    console.error(
      "The browser tests need /usr/bin/chromium: install Debian's chromium package (as root).",
    );
    process.exit(1);
  }
}
