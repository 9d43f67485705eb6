import { MantineProvider } from "@mantine/core";
import type { Role, SessionUser } from "@refrain/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { sessionQuery } from "../lib/session.ts";
import { ViewerRoleContext } from "../lib/viewer-role.ts";

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

/** A signed-in user of `role` (Pat Lee, id 7), as the session call answers. */
export const signedInUser = (role: Role): SessionUser => ({
  id: 7,
  role,
  username: "pat",
  firstName: "Pat",
  lastName: "Lee",
  fullname: "Pat Lee",
  schoolId: null,
  districtId: null,
  impersonated: false,
  impersonator: null,
  signupComplete: true,
});

/**
 * A page as `signedInUser(role)` first gets it, in a router and worded for the role; React's
 * text markers and escaped apostrophes taken out, so a test reads the words as shown. `client`
 * may hold other answers already (a page's tour).
 */
export function pageAs(role: Role, page: ReactNode, client = new QueryClient()) {
  client.setQueryData(sessionQuery.queryKey, { user: signedInUser(role), csrfToken: "t" });
  return staticMarkup(
    <MemoryRouter>
      <ViewerRoleContext value={role}>{page}</ViewerRoleContext>
    </MemoryRouter>,
    client,
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
}
