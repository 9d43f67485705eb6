import type { RouteObject } from "react-router";

/** Help and onboarding pages (spread into the app's pages, router.tsx). */
export const helpPages: RouteObject[] = [];
