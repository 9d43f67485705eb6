import { adminCalls } from "@refrain/domain";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { previewTeacherEmail, sendTeacherEmail } from "./teacher-email.ts";

/**
 * A teacher's class summary to their school admin or colleagues: preview answers the HTML a
 * send would mail; send mails it. The service counts the allowance per recipient, so the route
 * adds no limit of its own (a preview mails nobody).
 */
export function teacherEmailRoutes({ app, db, mailer, config, limiter }: AppContext) {
  const deps = { db, mailer, config, limiter };
  route(app, adminCalls.teacherEmail, {}, async (request) => {
    const auth = authOf(request);
    const { body } = request;
    if (body.type === "preview")
      return { success: true as const, html: await previewTeacherEmail(deps, auth, body) };
    const sent = await sendTeacherEmail(deps, auth, body, request.ip);
    return {
      success: true as const,
      message: `Sent to ${sent} ${sent === 1 ? "address" : "addresses"}`,
      sent,
    };
  });
}
