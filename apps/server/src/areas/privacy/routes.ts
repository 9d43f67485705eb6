import {
  consentCalls,
  consentMessages,
  exportCalls,
  exportMessages,
  privacyCalls,
  privacySearchCalls,
  RECORD_CONSENT_BODY_BYTES,
  retentionCalls,
  retentionMessages,
  viewCalls,
} from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { area } from "../../core/context.ts";
import { AppError } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { CLOSED_LINK_POLICY, closedLinkPage } from "./closed-link-page.ts";
import {
  consentOverview,
  deleteStudentRecordings,
  recordConsent,
  slipOf,
  studentConsent,
  withdrawConsent,
} from "./consent.ts";
import { erasureStores } from "./erase.ts";
import {
  claimDownload,
  exportLink,
  listExports,
  removeExportFiles,
  requestExport,
  sendExportToParent,
} from "./export.ts";
import { findStudents } from "./find.ts";
import { policyFacts } from "./policy.ts";
import { classRetention, districtRetention, saveDistrictRetention } from "./retention.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";
import { recordingViewLog, studentViewLog } from "./views.ts";

/**
 * The published policy's facts; one student's privacy page for whoever reaches them, with the
 * consent to record them, who watched their recordings, how long those are kept, and their
 * exports; a district's retention (issue 19).
 */
export const privacyArea = area(
  "privacy",
  ({ app, db, jobs, limiter, mailer, config, media, storage }) => {
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
    // The same allowance as the district search: a person types a few searches a minute.
    const perCaller = (request: FastifyRequest) => String(authOf(request).user.id);
    route(
      app,
      privacySearchCalls.findStudents,
      { preHandler: [rateLimit(limiter, "searchPerAdmin", perCaller)] },
      async (request) => ({
        success: true as const,
        data: await findStudents(db, authOf(request).user, request.query.q),
      }),
    );

    route(app, exportCalls.request, {}, async (request) => ({
      success: true as const,
      message: exportMessages.requested,
      data: await requestExport(
        { db, jobs, limiter },
        authOf(request),
        request.params.studentId,
        request.ip,
      ),
    }));
    route(app, exportCalls.list, {}, async (request) => ({
      success: true as const,
      data: await listExports(db, authOf(request).user, request.params.studentId),
    }));
    route(app, exportCalls.link, {}, async (request) => ({
      success: true as const,
      data: await exportLink(db, authOf(request).user, request.params.exportId),
    }));
    route(app, exportCalls.send, {}, async (request) => {
      const deps = { db, mailer, config };
      await sendExportToParent(deps, authOf(request), request.params.exportId, request.ip);
      return { success: true as const, message: exportMessages.sent };
    });
    // The link is the key, for whoever holds it: a parent it was e-mailed to needs no account.
    route(
      app,
      exportCalls.download,
      { preValidation: [rateLimit(limiter, "exportDownloadPerIp")] },
      async (request, reply) => {
        // A browser opening the link (from an e-mail, say) reads a page when it is closed.
        const browsing =
          (request.headers.accept ?? "").includes("text/html") &&
          !request.headers["x-requested-with"];
        let claimed: Awaited<ReturnType<typeof claimDownload>>;
        try {
          claimed = await claimDownload(db, request.params.token, request.ip);
        } catch (error) {
          if (!browsing || !(error instanceof AppError)) throw error;
          const status = error.status === 410 ? 410 : 404;
          return reply
            .code(status)
            .type("text/html; charset=utf-8")
            .header("content-security-policy", CLOSED_LINK_POLICY)
            .header("x-robots-tag", "noindex, nofollow")
            .header("cache-control", "no-store")
            .send(closedLinkPage(status));
        }
        const stream = media.readStream(claimed.fileKey);
        // Once the file has gone out (or the download broke off: the link is spent either way),
        // it goes from the store; the hourly clean-up catches what a stopped server left.
        stream.once("close", () => {
          removeExportFiles(db, media, claimed.id).catch((error: unknown) =>
            request.log.error({ error, exportId: claimed.id }, "could not remove an export's file"),
          );
        });
        return reply
          .type("application/zip")
          .header(
            "content-disposition",
            `attachment; filename="refrain-student-export-${claimed.id}.zip"`,
          )
          .header("cache-control", "no-store")
          .header("x-robots-tag", "noindex, nofollow")
          .header("content-length", claimed.bytes)
          .send(stream);
      },
    );
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
        { db, jobs, stores: erasureStores({ media, storage, config }) },
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
  },
);
