import type { Role } from "@refrain/domain";
import { createContext, useContext } from "react";

/**
 * The signed-in user's role, for pages that word themselves by it (a parent's "My Children").
 * The app's guards know the session and provide it; areas read it here rather than from the
 * auth area's internals.
 */
export const ViewerRoleContext = createContext<Role | null>(null);

export const useViewerRole = () => useContext(ViewerRoleContext);
