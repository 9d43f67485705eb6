import type { RouteObject } from "react-router";

/** The admins' pages and the research page (spread into the app's pages, router.tsx). */
export const adminPages: RouteObject[] = [];
