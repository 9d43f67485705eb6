import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type ProxyOptions, type ResolvedConfig } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a .br and a .gz beside every script, stylesheet and SVG of the build, at the
 * strongest settings: done once here, the server (@fastify/static `preCompressed`) sends them
 * to each browser that takes them. index.html is left out: the server fills it in per answer.
 */
function precompress(): Plugin {
  return {
    name: "refrain:precompress",
    apply: (_, env) => env.command === "build" && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          // A file too small to shrink is sent as it is.
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Builds src/prerender.tsx for Node beside the app (`ssr/prerender.js`), which the server runs
 * to draw the pages a phone waits on (apps/server/src/plugins/spa.ts). An SSR build with this same
 * configuration, so that CSS modules' class names are the browser build's; with its packages in
 * the one file, so that it runs from wherever the build is copied.
 */
function prerenderBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "refrain:prerender-build",
    apply: (_, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        root: config.root,
        configFile: config.configFile,
        logLevel: "warn",
        ssr: { noExternal: true },
        // React's and the packages' production code, whatever the server's own environment: a
        // bundled package reads NODE_ENV where it runs, and React's development build draws a
        // page twice as slowly.
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          ssr: "src/prerender.tsx",
          outDir: join(resolve(config.root, config.build.outDir), "ssr"),
          emptyOutDir: false,
          copyPublicDir: false,
        },
      });
    },
  };
}

/**
 * zod's schemas carry methods that turn them into JSON Schema, whose code (about 5 KB compressed
 * of the entry every page loads) only the server runs, for its OpenAPI document. In the browser
 * build those two zod modules are replaced by ones of the same exports whose functions say so
 * when called; `aggregateChecks`, which a string schema's minLength and maxLength read, stays
 * zod's own. The export names come from zod's files, so an upgrade that adds one is followed.
 */
function zodWithoutJsonSchema(): Plugin {
  const modules: Record<string, string> = {
    "to-json-schema.js": "",
    "json-schema-processors.js": "aggregateChecks",
  };
  const prefix = "\0refrain:zod-server-only:";
  return {
    name: "refrain:zod-without-json-schema",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      const file = source.split("/").pop() ?? "";
      // zod's own relative imports; the replacement's import of the real file is absolute.
      if (
        !(file in modules) ||
        !source.startsWith(".") ||
        !importer?.includes("/node_modules/zod/")
      )
        return null;
      return `${prefix}${join(dirname(importer), source)}`;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const real = id.slice(prefix.length);
      const kept = modules[real.split("/").pop() ?? ""];
      const names = [
        ...(await readFile(real, "utf8")).matchAll(
          /^export (?:function|const) (\w+)|^export \{ (\w+) as (\w+) \}/gm,
        ),
      ]
        .map((match) => match[3] ?? match[1])
        .filter((name) => name !== kept);
      return [
        kept ? `export { ${kept} } from ${JSON.stringify(real)};` : "",
        `const serverOnly = () => { throw new Error("zod's JSON Schema is made on the server only"); };`,
        // create…Method makes a schema's method when the schema is read (its "~standard"
        // getter): only calling that method is refused.
        ...names.map(
          (name) =>
            `export const ${name} = ${/^create\w+Method$/.test(name) ? "() => serverOnly" : "serverOnly"};`,
        ),
      ].join("\n");
    },
  };
}

/**
 * Pages and API calls share paths (GET /student/login is a page, POST the sign-in call), as on
 * the server: a browser navigation gets the SPA, everything else goes to the API.
 */
const api: ProxyOptions = {
  target: "http://localhost:3000",
  bypass: (req) => {
    const navigation =
      req.method === "GET" &&
      !req.headers["x-requested-with"] &&
      (req.headers.accept ?? "").includes("text/html");
    return navigation ? "/index.html" : undefined;
  },
};

export default defineConfig({
  plugins: [zodWithoutJsonSchema(), react(), precompress(), prerenderBuild()],
  build: {
    // WEB_OUT_DIR lets parallel checkouts build side by side (the server reads WEB_DIST).
    outDir: process.env.WEB_OUT_DIR ?? "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across releases.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // Everything else the entry needs before any page, in one file: rolldown made some
            // twenty small shared chunks of it, which compressed apart cost a sign-in page 7 KB
            // more brotli, and each a preload link and a request.
            { name: "app", tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // Everything but Vite's own module paths goes to the API server.
      "^/(?!@|src/|node_modules/|__vite)": api,
    },
  },
});
