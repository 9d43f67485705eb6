import { allows, type Role, type RoutePolicy } from "@refrain/domain";
import { type ComponentType, createContext, lazy, type ReactNode, useContext } from "react";

/**
 * A page as its area declares it (areas/<area>/routes.tsx), with who may open it: the roles of
 * a policy (domain/src/policies.ts, the one its calls' routes name), anyone ("public"), or
 * only someone signed out ("guests": the sign-in pages send whoever is signed in home).
 * app/router.tsx composes the areas' pages and puts each behind its guard.
 */
export interface Page {
  path: string;
  policy: RoutePolicy | "guests";
  element: ReactNode;
}

/**
 * A page's component in a chunk of its own, loaded the first time the page shows: `load`
 * imports the page's module and picks the component, as `withConfirmations` takes it.
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((page) => ({ default: page })));

/** The pages that exist, by route pattern, with the policy that guards each. */
export type PagePolicies = ReadonlyMap<string, RoutePolicy>;

/** A guest page opens for anyone: who is signed in is sent home, not told no. */
export const pagePoliciesOf = (pages: Page[]): PagePolicies =>
  new Map(pages.map(({ path, policy }) => [path, policy === "guests" ? "public" : policy]));

/** Does the page at `path` exist, and may `role` open it? */
export function pageOpens(pages: PagePolicies, path: string, role: Role): boolean {
  const policy = pages.get(path);
  return policy === "public" || (policy !== undefined && allows(policy, role));
}

/**
 * The app's pages, which the router provides: a page links to another only when its reader may
 * open it, without importing the app shell that knows every area.
 */
export const PagePoliciesContext = createContext<PagePolicies>(new Map());

export const usePagePolicies = () => useContext(PagePoliciesContext);
