import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/motion.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/router.tsx";
import { shareStyleNonce } from "./lib/style-nonce.ts";

shareStyleNonce();

const root = document.getElementById("app");
if (!root) throw new Error("The page has no #app element to mount on.");

// A transition, so that React renders the first page in slices and yields between them: a
// phone's main thread is never held for the whole page, and a tap is answered while it renders.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
