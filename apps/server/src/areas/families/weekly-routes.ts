import { weeklyReportCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { previewWeeklyReport } from "./weekly/preview.ts";

/** The weekly report's live preview on the Email Parents page (the report itself is a job). */
export const weeklyReportArea = area("families-weekly-report", ({ app, db, config }) => {
  route(app, weeklyReportCalls.preview, {}, async (request) => ({
    success: true as const,
    data: await previewWeeklyReport(db, config, authOf(request).user.id, request.params.studentId),
  }));
});
