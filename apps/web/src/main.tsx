import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/router.tsx";
import { shareStyleNonce } from "./lib/style-nonce.ts";

shareStyleNonce();

const root = document.getElementById("app");
if (!root) throw new Error("The page has no #app element to mount on.");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
