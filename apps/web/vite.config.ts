import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

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
  plugins: [react()],
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
            },
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
