import { accountCalls, DOCX_TYPE, PERMISSION_SLIP_FILE } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { route, verbRoute } from "../../route.ts";
import { permissionSlipDocx } from "./permission-slip.ts";
import {
  clearWelcomeMessage,
  loadSettings,
  ownAccount,
  slipSender,
  updatePreferences,
} from "./service.ts";

export const accountArea = area("account", ({ app, db }) => {
  verbRoute(
    app,
    accountCalls.settings,
    {},
    {
      load: async (request) => {
        const userId = ownAccount(authOf(request), request.params.teacherId);
        return { success: true as const, ...(await loadSettings(db, userId)) };
      },
      update_params: async (request, body) => {
        const auth = authOf(request);
        ownAccount(auth, request.params.teacherId);
        const { verb: _verb, ...changes } = body;
        return {
          success: true as const,
          ...(await updatePreferences(db, auth, changes, request.ip)),
        };
      },
      clear_welcome_message: async (request) => {
        const auth = authOf(request);
        ownAccount(auth, request.params.teacherId);
        return { success: true as const, ...(await clearWelcomeMessage(db, auth, request.ip)) };
      },
    },
  );

  route(app, accountCalls.permissionSlip, {}, async (request, reply) => {
    const docx = await permissionSlipDocx(await slipSender(db, authOf(request).user.id));
    return reply
      .type(DOCX_TYPE)
      .header("content-disposition", `attachment; filename="${PERMISSION_SLIP_FILE}"`)
      .header("cache-control", "no-store")
      .send(docx);
  });
});
