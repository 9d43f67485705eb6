import { Readable } from "node:stream";
import {
  assignWindowMessages,
  classScreeningCalls,
  currentSchoolYear,
  cutScoreCalls,
  cutScoreMessages,
  DECISION_LABELS,
  exportFileName,
  groupCalls,
  monitoringCalls,
  monitoringMessages,
  reachScreeningCalls,
  screeningCalls,
  screeningExportCalls,
  windowMessages,
} from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { districtCutTable, saveCutScores } from "./cut-scores.ts";
import { districtExport } from "./export.ts";
import { suggestedGroups } from "./groups.ts";
import { classMonitoring, groupMonitoring, studentMonitoring } from "./monitoring.ts";
import { decide, editPlan, startPlan } from "./plans.ts";
import { assignWindowPassages, classInReach, classScreening } from "./results.ts";
import { reachScreening } from "./summary.ts";
import { saveWindows, windowsFor } from "./windows.ts";

/**
 * Screening and progress monitoring (issue 39): the year's benchmark windows, and a class's
 * results in one.
 */
export const screeningArea = area("screening", ({ app, db }) => {
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
    const { year, season } = request.query;
    return {
      success: true as const,
      data: await reachScreening(db, authOf(request).user, year ?? currentSchoolYear(), season),
    };
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
  route(app, screeningExportCalls.district, {}, async (request, reply) => {
    const { districtId } = authOf(request).user;
    const year = request.query.year ?? currentSchoolYear();
    // Streamed as it is read, one school at a time: memory stays bounded however large the
    // district (bench/screening.ts).
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${exportFileName(year)}"`)
      .header("cache-control", "no-store")
      .send(Readable.from(districtExport(db, districtId ?? 0, year)));
  });
});
