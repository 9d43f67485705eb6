import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";

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
    apply: "build",
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
  plugins: [react(), precompress()],
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
