import { adminCalls } from "@refrain/domain";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { districtSummary } from "./district-summary.ts";
import { schoolBreakdown } from "./usage.ts";

/** The district summary and a school's usage and concept scores (issues 13 and 40). */
export function usageRoutes({ app, db }: AppContext) {
  route(app, adminCalls.districtSummary, {}, async (request) => ({
    success: true as const,
    data: await districtSummary(
      db,
      authOf(request).user,
      request.params.districtId,
      request.query.page,
    ),
  }));
  route(app, adminCalls.schoolBreakdown, {}, async (request) => ({
    success: true as const,
    data: await schoolBreakdown(db, authOf(request).user, request.params.schoolId, request.query),
  }));
}
