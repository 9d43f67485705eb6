import {
  assignWindowMessages,
  classScreeningCalls,
  currentSchoolYear,
  cutScoreCalls,
  cutScoreMessages,
  DECISION_LABELS,
  groupCalls,
  monitoringCalls,
  monitoringMessages,
  reachScreeningCalls,
  schoolSummaryCalls,
  screeningCalls,
  screeningExportCalls,
  windowMessages,
} from "@refrain/domain";
import { area } from "../../core/context.ts";
import { replyWithPdf } from "../../core/pdf-reply.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { districtCutTable, saveCutScores } from "./cut-scores.ts";
import { districtExports, exportFileOf, startDistrictExport } from "./export-files.ts";
import { suggestedGroups } from "./groups.ts";
import { classMonitoring, groupMonitoring, studentMonitoring } from "./monitoring.ts";
import { decide, editPlan, startPlan } from "./plans.ts";
import { assignWindowPassages, classInReach, classScreening } from "./results.ts";
import { schoolSummaryPdf } from "./school-summary.ts";
import { reachScreening } from "./summary.ts";
import { saveWindows, windowsFor } from "./windows.ts";

/**
 * Screening and progress monitoring (issue 39): the year's benchmark windows, and a class's
 * results in one.
 */
export const screeningArea = area("screening", ({ app, db, jobs, storage }) => {
  route(app, screeningCalls.windows, {}, async (request) => ({
    success: true as const,
    data: await windowsFor(db, authOf(request).user, request.query.year ?? currentSchoolYear()),
  }));
  route(app, screeningCalls.saveWindows, {}, async (request) => ({
    success: true as const,
    message: windowMessages.saved,
    data: await saveWindows(db, authOf(request), request.body, request.ip),
  }));
  route(app, classScreeningCalls.own, {}, async (request) => {
    const { year, season } = request.query;
    return {
      success: true as const,
      data: await classScreening(db, authOf(request).user.id, year ?? currentSchoolYear(), season),
    };
  });
  route(app, classScreeningCalls.ofTeacher, {}, async (request) => {
    const { year, season } = request.query;
    const teacherId = await classInReach(db, authOf(request).user, request.params.teacherId);
    return {
      success: true as const,
      data: await classScreening(db, teacherId, year ?? currentSchoolYear(), season),
    };
  });
  route(app, reachScreeningCalls.summary, {}, async (request) => {
    const { year, season, school, search, page } = request.query;
    return {
      success: true as const,
      data: await reachScreening(
        db,
        authOf(request).user,
        year ?? currentSchoolYear(),
        season,
        school,
        { search, page },
      ),
    };
  });
  route(app, schoolSummaryCalls.pdf, {}, async (request, reply) => {
    const { year, season } = request.query;
    const made = await schoolSummaryPdf(
      db,
      authOf(request).user,
      request.params.schoolId,
      year ?? currentSchoolYear(),
      season,
    );
    return replyWithPdf(reply, made, "attachment", "private, no-store");
  });
  route(app, cutScoreCalls.get, {}, async (request) => ({
    success: true as const,
    data: await districtCutTable(db, authOf(request).user.districtId),
  }));
  route(app, cutScoreCalls.save, {}, async (request) => ({
    success: true as const,
    message: request.body.rows.length > 0 ? cutScoreMessages.saved : cutScoreMessages.cleared,
    data: await saveCutScores(db, authOf(request), request.body, request.ip),
  }));
  route(app, classScreeningCalls.assign, {}, async (request) => {
    const { year, season } = request.body;
    const { group_id: groupId } = request.body;
    const data = await assignWindowPassages(db, authOf(request), year, season, request.ip, groupId);
    return {
      success: true as const,
      message: assignWindowMessages.assigned(data.passages, data.students),
      data,
    };
  });
  route(app, monitoringCalls.ofClass, {}, async (request) => ({
    success: true as const,
    data: await classMonitoring(db, authOf(request).user.id),
  }));
  route(app, monitoringCalls.student, {}, async (request) => ({
    success: true as const,
    data: await studentMonitoring(db, authOf(request).user, request.params.studentId),
  }));
  route(app, monitoringCalls.group, {}, async (request) => ({
    success: true as const,
    data: await groupMonitoring(db, authOf(request).user.id, request.params.groupId),
  }));
  route(app, monitoringCalls.start, {}, async (request) => {
    const { planId, name } = await startPlan(db, authOf(request), request.body);
    return { success: true as const, message: monitoringMessages.started(name), data: { planId } };
  });
  route(app, monitoringCalls.edit, {}, async (request) => {
    const { planId } = request.params;
    await editPlan(db, authOf(request), planId, request.body.cadence_days);
    return { success: true as const, message: monitoringMessages.saved, data: { planId } };
  });
  route(app, monitoringCalls.decide, {}, async (request) => {
    const { planId } = request.params;
    await decide(db, authOf(request), planId, request.body);
    const message =
      request.body.kind === "end"
        ? monitoringMessages.ended
        : `${monitoringMessages.decided}: ${DECISION_LABELS[request.body.kind].toLowerCase()}`;
    return { success: true as const, message, data: { planId } };
  });
  route(app, groupCalls.suggested, {}, async (request) => {
    const { year, season } = request.query;
    const teacherId = authOf(request).user.id;
    return {
      success: true as const,
      data: await suggestedGroups(db, teacherId, year ?? currentSchoolYear(), season),
    };
  });
  route(app, screeningExportCalls.start, {}, async (request) => {
    const deps = { db, jobs };
    const started = await startDistrictExport(deps, authOf(request), request.body.year, request.ip);
    return { success: true as const, ...started };
  });
  route(app, screeningExportCalls.latest, {}, async (request) => ({
    success: true as const,
    data: await districtExports(db, authOf(request).user),
  }));
  route(app, screeningExportCalls.file, {}, async (request, reply) => {
    const file = await exportFileOf(db, authOf(request), request.params.exportId, request.ip);
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "no-store");
    if (file.bytes !== null) reply.header("content-length", file.bytes);
    return reply.send(storage.readStream(file.key));
  });
});
