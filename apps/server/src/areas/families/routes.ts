import { familiesCalls } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { verbRoute } from "../../route.ts";
import { listParentRows, resubscribeParent, saveParentRow } from "./service.ts";

/** The parent e-mail manager: each student's parent address, subscriptions and language. */
export const familiesArea = area("families", ({ app, db }) => {
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
});
