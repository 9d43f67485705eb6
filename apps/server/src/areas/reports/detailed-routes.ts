import {
  detailedReportCalls,
  detailedReportMessages,
  extensionAnswerCalls,
  extensionAnswerMessages,
  sevenDayMessages,
  sevenDayReportCalls,
} from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route, verbRoute } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { detailedReport, resetLessonDay, resetStudentOverall } from "./detailed.ts";
import { loadExtensionAnswer, saveExtensionReview } from "./extension.ts";
import { resetSevenDay, sevenDayRows } from "./seven-day.ts";

/**
 * The detailed student report, the seven day progress table and the extension answer review
 * (grading spec §7). Every reset is audited and touches no recording or fluency grade
 * (score-reset.ts).
 */
export const reportsDetailedArea = area("reports-detailed", ({ app, db }) => {
  verbRoute(
    app,
    detailedReportCalls.data,
    {},
    {
      view: async (request) => ({
        success: true as const,
        data: await detailedReport(db, authOf(request).user.id, request.params.student_id),
      }),
      reset: async (request, body) => {
        const { cleared, report } = await resetLessonDay(
          db,
          { auth: authOf(request), ip: request.ip },
          request.params.student_id,
          body.lesson_id,
          body.day,
        );
        return {
          success: true as const,
          message: detailedReportMessages.reset,
          cleared,
          data: report,
        };
      },
      reset_overall: async (request) => {
        const { cleared, report } = await resetStudentOverall(
          db,
          { auth: authOf(request), ip: request.ip },
          request.params.student_id,
        );
        return {
          success: true as const,
          message: detailedReportMessages.resetOverall,
          cleared,
          data: report,
        };
      },
    },
  );

  route(app, sevenDayReportCalls.rows, {}, async (request) => ({
    success: true as const,
    data: await sevenDayRows(db, authOf(request).user.id, request.params.student_id, request.query),
  }));
  route(app, sevenDayReportCalls.resetAll, {}, async (request) => {
    const { cleared, rows } = await resetSevenDay(
      db,
      { auth: authOf(request), ip: request.ip },
      request.params.student_id,
      request.body,
    );
    return { success: true as const, message: sevenDayMessages.reset, cleared, data: rows };
  });

  verbRoute(
    app,
    extensionAnswerCalls.review,
    {},
    {
      load: async (request, body) => ({
        success: true as const,
        data: await loadExtensionAnswer(db, authOf(request).user.id, body),
      }),
      save: async (request, body) => ({
        success: true as const,
        message: extensionAnswerMessages.saved,
        data: await saveExtensionReview(db, authOf(request).user, body),
      }),
    },
  );
});
