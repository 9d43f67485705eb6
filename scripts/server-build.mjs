// The server for `npm start`: one esbuild bundle of its TypeScript (apps/server/dist), made again
// whenever a file it was made from changed. Node otherwise strips the types of and resolves
// several hundred .ts files at every start, a third of a restart's CPU (issue 40).
// `node apps/server/src/main.ts`, the tests, `npm run dev` and the container still run the
// sources: only `npm start` runs the bundle.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const source = join(root, "apps/server/src/main.ts");
const outdir = join(root, "apps/server/dist");
const bundle = join(outdir, "main.js");
// Written last: a build that failed or was stopped halfway leaves none, and is made again.
const manifestFile = join(outdir, "manifest.json");

const sha = (text) => createHash("sha256").update(text).digest("hex");

/**
 * What the bundle depends on besides its inputs: this script (its options) and the lockfile (the
 * versions of esbuild and of the packages it takes in). Any change makes a new bundle.
 */
function buildKey() {
  return sha(
    readFileSync(new URL(import.meta.url)) + readFileSync(join(root, "package-lock.json")),
  );
}

/**
 * The bundle is current when it was made by this script under this lockfile and every input
 * still has the content it was made from. Contents, not times: a checkout or a copy that keeps
 * older times can never leave a stale bundle served.
 */
function isCurrent() {
  if (!existsSync(manifestFile) || !existsSync(bundle)) return false;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  if (manifest.key !== buildKey()) return false;
  return Object.entries(manifest.inputs).every(([path, digest]) => {
    const file = join(root, path);
    return existsSync(file) && sha(readFileSync(file)) === digest;
  });
}

/**
 * The file `npm start` imports: the bundle, made first when missing or stale, or main.ts itself
 * where esbuild is not installed (an install without development packages).
 */
export async function serverEntry() {
  if (isCurrent()) return bundle;
  let esbuild;
  try {
    // The root's own devDependency (Vite's too); an install without them has none.
    esbuild = createRequire(join(root, "package.json"))("esbuild");
  } catch {
    return source;
  }
  console.log("▸ Building the server…");
  rmSync(outdir, { recursive: true, force: true });
  const key = buildKey();
  // Each input's digest is taken of the very text esbuild bundles, so a file saved during the
  // build reads as changed at the next start.
  const inputs = {};
  await esbuild.build({
    entryPoints: [source],
    outdir,
    bundle: true,
    // A module the sources import dynamically (at first use) stays in a chunk of its own.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    // Class and function names appear in logs and errors, as they do when the sources run.
    keepNames: true,
    // Stack traces name the .ts files and lines (start.mjs turns source maps on).
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    plugins: [
      {
        name: "refrain",
        setup(build) {
          // Packages stay in node_modules, loaded as the sources load them, except the shared
          // domain (TypeScript, like the server) and React Email with what it uses: its index
          // loads every component (Prism's grammars among them, a fifth of a second) where the
          // letters use a few, and in the bundle only those are kept. React stays one copy,
          // shared with the server's own imports; Prettier is only loaded for pretty output.
          build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
            if (/^(react|react-dom|prettier)(\/|$)/.test(path)) return { external: true };
            const bundled =
              path.startsWith("@refrain/") ||
              path.startsWith("@react-email/") ||
              importer.includes("/node_modules/");
            return bundled ? undefined : { external: true };
          });
          // A source's import.meta.url stays its own file's, so the files it finds beside it
          // (migrations, the Python scripts, the web build) are found where they are.
          build.onLoad({ filter: /\.ts$/ }, ({ path }) => {
            if (path.includes("/node_modules/")) return undefined;
            const text = readFileSync(path, "utf8");
            inputs[relative(root, path)] = sha(text);
            const own = JSON.stringify(relative(outdir, path));
            return {
              contents: text.replace(
                /\bimport\.meta\.url\b/g,
                `new URL(${own}, import.meta.url).href`,
              ),
              loader: "ts",
            };
          });
        },
      },
    ],
  });
  // esbuild's own process would otherwise stay beside the server for as long as it runs.
  await esbuild.stop();
  writeFileSync(manifestFile, JSON.stringify({ key, inputs }));
  return bundle;
}

/** Where Node keeps its compiled code between starts (`module.enableCompileCache`). */
export const compileCacheDir = join(root, "node_modules/.cache/node-compile");
