import { reportPdfCalls, scoresByStoryCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { replyWithPdf } from "../../core/pdf-reply.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { studentReport } from "./conference.ts";
import { studentReportPdf } from "./report-pdf.ts";
import { scoresByStory } from "./scores-by-story.ts";

/** Scores by Story, Conference Reports and the PDF report (issue 12 items 7 and 10). */
export const reportsPdfArea = area("reports-pdf", ({ app, db }) => {
  route(app, scoresByStoryCalls.rows, {}, async (request) => ({
    success: true as const,
    data: await scoresByStory(db, authOf(request).user.id, request.query),
  }));

  route(app, reportPdfCalls.conference, {}, async (request) => ({
    success: true as const,
    data: await studentReport(db, authOf(request).user, request.params.student_id, request.query),
  }));

  route(app, reportPdfCalls.pdf, {}, async (request, reply) => {
    const made = await studentReportPdf(
      db,
      authOf(request).user,
      request.params.student_id,
      request.body,
    );
    return replyWithPdf(reply, made, "attachment", "private, no-store");
  });
});
