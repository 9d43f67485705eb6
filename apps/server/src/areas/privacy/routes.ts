import { privacyCalls } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { route } from "../../route.ts";
import { policyFacts } from "./policy.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";

/** The published policy's facts, and one student's privacy page for whoever reaches them. */
export const privacyArea = area("privacy", ({ app, db, config }) => {
  route(app, privacyCalls.policy, {}, async () => ({
    success: true as const,
    data: policyFacts(config),
  }));
  route(app, privacyCalls.student, {}, async (request) => {
    const { user } = authOf(request);
    const { teacherId, ...student } = await studentInReach(db, user, request.params.studentId);
    return {
      success: true as const,
      data: { student, ownsClass: ownsClassOf(user, { teacherId }) },
    };
  });
});
