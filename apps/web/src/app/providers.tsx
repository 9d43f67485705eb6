import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ApiError } from "../lib/api.ts";
import { getStyleNonce } from "../lib/style-nonce.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (not signed in, not allowed, not found) does not change on a second try.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

/** `client` is the page's own but where the server draws a page (src/prerender.tsx). */
export function Providers({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      getStyleNonce={getStyleNonce}
    >
      <NotificationsWhenNeeded />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const NotificationsHost = lazy(() =>
  import("./notifications-host.tsx").then((m) => ({ default: m.NotificationsHost })),
);

/**
 * Mantine's notifications, loaded with the first one shown (`notifications.show` only fills a
 * store): most visits, the sign-in pages' first of all, never show one.
 */
function NotificationsWhenNeeded() {
  const shown = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(shown);
  if (shown && !needed) setNeeded(true);
  return (
    needed && (
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
    )
  );
}
