import { connectCalls, familiesCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route, verbRoute } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { mailableStudents, previewMail, sendMail } from "./connect-service.ts";
import { listParentRows, resubscribeParent, saveParentRow } from "./service.ts";
import { browseTemplates } from "./templates.ts";

/**
 * The parent e-mail manager (each student's parent address, subscriptions and language) and
 * Parent Connect (templates mailed to the chosen parents).
 */
export const familiesArea = area("families", ({ app, db, mailer, config, limiter }) => {
  const deps = { db, mailer, config, limiter };
  verbRoute(
    app,
    familiesCalls.parents,
    {},
    {
      list: async (request) => ({
        success: true as const,
        data: { students: await listParentRows(db, authOf(request).user.id) },
      }),
      save: async (request, body) => ({
        success: true as const,
        data: { student: await saveParentRow(db, authOf(request).user.id, body.student) },
      }),
      resubscribe: async (request, body) => ({
        success: true as const,
        data: {
          student: await resubscribeParent(
            db,
            authOf(request),
            body.student_id,
            body.list,
            request.ip,
          ),
        },
      }),
    },
  );

  route(app, connectCalls.mailableStudents, {}, async (request) => ({
    success: true as const,
    data: { students: await mailableStudents(db, authOf(request).user.id) },
  }));

  route(app, connectCalls.templates, {}, async () => ({
    success: true as const,
    data: { templates: browseTemplates() },
  }));

  route(app, connectCalls.preview, {}, async (request) => ({
    success: true as const,
    data: await previewMail(deps, authOf(request), request.params.templateId, request.body),
  }));

  route(app, connectCalls.sendMail, {}, async (request) => ({
    success: true as const,
    ...(await sendMail(deps, authOf(request), request.params.templateId, request.body, request.ip)),
  }));
});
