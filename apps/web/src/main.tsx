import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/motion.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers, queryClient } from "./app/providers.tsx";
import { AppRoutes } from "./app/router.tsx";
import { keepTyped, restoreStyles, takeQueries } from "./lib/prerendered-page.ts";
import { shareStyleNonce } from "./lib/style-nonce.ts";

shareStyleNonce();

const root = document.getElementById("app");
if (!root) throw new Error("The page has no #app element to mount on.");

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A transition, so that React renders the first page in slices and yields between them: a
// phone's main thread is never held for the whole page, and a tap is answered while it renders.
// A page the server drew (src/prerender.tsx, decision 0040) is taken over as it is drawn.
startTransition(() => {
  if (root.hasChildNodes()) {
    restoreStyles(root);
    takeQueries(queryClient);
    keepTyped(root);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
