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

/** Pages that one policy guards, by path: `pagesFor("staff", { "/staff/x": <XPage /> })`. */
export const pagesFor = (policy: Page["policy"], byPath: Record<string, ReactNode>): Page[] =>
  Object.entries(byPath).map(([path, element]) => ({ path, policy, element }));

/**
 * A component in a chunk of its own, loaded the first time it shows: `load` imports its module
 * and picks the component (a role's home, which takes props; a route's page: `lazyPages`).
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((page) => ({ default: page })));

/** Pages' module imports, each under the name of the component its module exports. */
type PageImports = Record<string, () => Promise<object>>;

/** A module that exports, under `Name`, a component. */
type Exporting<Name extends PropertyKey> = Record<Name, ComponentType<never>>;

/** The component each import's module exports under the import's name, props and all. */
type PagesOf<I extends PageImports> = {
  [N in keyof I]: Awaited<ReturnType<I[N]>>[N & keyof Awaited<ReturnType<I[N]>>];
};

/**
 * Pages each in a chunk of its own, loaded the first time it shows:
 * `lazyPages({ LoginPage: () => import("./pages/login-page.tsx") }).LoginPage` is the module's
 * `LoginPage` (a name it does not export fails the type check). `as` makes each page's
 * component from the one its module exports: `withConfirmations` for pages that ask for
 * confirmations.
 */
export function lazyPages<I extends PageImports>(
  imports: I & { [N in keyof I]: () => Promise<Exporting<N>> },
  as: (load: () => Promise<ComponentType>) => ComponentType = lazyPage,
): PagesOf<I> {
  return Object.fromEntries(
    Object.entries(imports).map(([name, load]) => [
      name,
      as(() => load().then((module) => (module as Exporting<string>)[name] as ComponentType)),
    ]),
  ) as PagesOf<I>;
}

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
