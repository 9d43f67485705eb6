import { classSummaryCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { classSummary } from "./class-summary.ts";
import { adminTeachers, studentList } from "./criteria.ts";

// Reads only: nothing here changes a record, so nothing is audited.
export const reportsClassSummaryArea = area("reports-class-summary", ({ app, db }) => {
  route(app, classSummaryCalls.classSummary, {}, async (request) => {
    const { user } = authOf(request);
    // A teacher's dashboard is their own: another teacher's id names nothing the caller may see.
    if (request.params.teacher !== user.id) throw notFound();
    return { success: true as const, data: await classSummary(db, user.id, request.query) };
  });
  route(app, classSummaryCalls.studentList, {}, async (request) => ({
    success: true as const,
    data: await studentList(db, authOf(request).user, request.params.teacherId),
  }));
  route(app, classSummaryCalls.adminTeachers, {}, async (request) => ({
    success: true as const,
    data: await adminTeachers(
      db,
      authOf(request).user,
      request.params.adminId,
      request.query.school_id,
    ),
  }));
});
