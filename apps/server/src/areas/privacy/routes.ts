import {
  consentCalls,
  consentMessages,
  privacyCalls,
  RECORD_CONSENT_BODY_BYTES,
} from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { route } from "../../route.ts";
import {
  consentOverview,
  deleteStudentRecordings,
  recordConsent,
  slipOf,
  studentConsent,
  withdrawConsent,
} from "./consent.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";

/** One student's privacy page, and the consent to record students (issue 19). */
export const privacyArea = area("privacy", ({ app, db, media }) => {
  route(app, privacyCalls.student, {}, async (request) => {
    const { user } = authOf(request);
    const { teacherId, ...student } = await studentInReach(db, user, request.params.studentId);
    return {
      success: true as const,
      data: { student, ownsClass: ownsClassOf(user, { teacherId }) },
    };
  });

  route(app, consentCalls.overview, {}, async (request) => ({
    success: true as const,
    data: { students: await consentOverview(db, authOf(request).user.id) },
  }));

  route(app, consentCalls.studentRecords, {}, async (request) => ({
    success: true as const,
    data: await studentConsent(db, authOf(request).user, request.params.studentId),
  }));

  route(app, consentCalls.record, { bodyLimit: RECORD_CONSENT_BODY_BYTES }, async (request) => {
    const recordIds = await recordConsent(db, media, authOf(request), request.body, request.ip);
    return {
      success: true as const,
      message: consentMessages.recorded(recordIds.length),
      data: { recordIds },
    };
  });

  route(app, consentCalls.slip, {}, async (request, reply) => {
    const slip = await slipOf(db, media, authOf(request).user, request.params.recordId);
    return reply
      .type(slip.type)
      .header("content-disposition", `attachment; filename="${slip.filename}"`)
      .header("cache-control", "private, no-store")
      .send(slip.data);
  });

  route(app, consentCalls.withdraw, {}, async (request) => ({
    success: true as const,
    message: consentMessages.withdrawn,
    data: await withdrawConsent(db, authOf(request), request.params.recordId, request.ip),
  }));

  route(app, consentCalls.deleteRecordings, {}, async (request) => {
    const deleted = await deleteStudentRecordings(
      db,
      media,
      authOf(request),
      request.params.studentId,
      request.ip,
    );
    return {
      success: true as const,
      message: consentMessages.recordingsDeleted(deleted),
      data: { deleted },
    };
  });
});
