import { adminCalls } from "@refrain/domain";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { schoolBreakdown } from "./usage.ts";

/** A school's usage and concept scores for the district page (issue 13). */
export function usageRoutes({ app, db }: AppContext) {
  route(app, adminCalls.schoolBreakdown, {}, async (request) => ({
    success: true as const,
    data: await schoolBreakdown(db, authOf(request).user, request.params.schoolId, request.query),
  }));
}
