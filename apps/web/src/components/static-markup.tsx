import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * For component tests: `node` as the browser first gets it from the server, under Mantine and a
 * query client; pass `client` to have a call's answer already at hand (`setQueryData`).
 */
export function staticMarkup(node: ReactNode, client = new QueryClient()) {
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
}
