import { privacyCalls, retentionCalls, retentionMessages, viewCalls } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { route } from "../../route.ts";
import { policyFacts } from "./policy.ts";
import { classRetention, districtRetention, saveDistrictRetention } from "./retention.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";
import { recordingViewLog, studentViewLog } from "./views.ts";

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

  // Who watched a student's recordings, and how long each is kept (views.ts, retention.ts).
  route(app, viewCalls.student, {}, async (request) => ({
    success: true as const,
    data: await studentViewLog({ db, config }, authOf(request).user, request.params.studentId),
  }));
  route(app, viewCalls.recording, {}, async (request) => ({
    success: true as const,
    data: await recordingViewLog(db, authOf(request).user.id, request.params.recordingId),
  }));
  route(app, retentionCalls.classRecordings, {}, async (request) => ({
    success: true as const,
    data: await classRetention({ db, config }, authOf(request).user.id),
  }));
  route(app, retentionCalls.district, {}, async (request) => ({
    success: true as const,
    data: await districtRetention(
      { db, config },
      authOf(request).user.districtId,
      request.params.districtId,
    ),
  }));
  route(app, retentionCalls.updateDistrict, {}, async (request) => {
    const { districtId } = request.params;
    const deps = { db, config };
    return {
      success: true as const,
      message: retentionMessages.districtSaved,
      data: await saveDistrictRetention(
        deps,
        authOf(request),
        districtId,
        request.body,
        request.ip,
      ),
    };
  });
});
