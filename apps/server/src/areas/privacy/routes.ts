import { privacyCalls } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { route } from "../../route.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";

/** One student's privacy page: who they are, for whoever reaches them. */
export const privacyArea = area("privacy", ({ app, db }) => {
  route(app, privacyCalls.student, {}, async (request) => {
    const { user } = authOf(request);
    const { teacherId, ...student } = await studentInReach(db, user, request.params.studentId);
    return {
      success: true as const,
      data: { student, ownsClass: ownsClassOf(user, { teacherId }) },
    };
  });
});
