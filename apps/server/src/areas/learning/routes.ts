import { learningCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { classOpenFor, requireOpenClass } from "../account/index.ts";
import {
  readingViewOf,
  saveReadingView,
  saveStudentReadingView,
  studentReadingView,
} from "./reading-view.ts";
import {
  heartbeat,
  recordReadAlong,
  saveExtension,
  studentHeartbeat,
  submitExam,
} from "./record.ts";
import { studentHome } from "./service.ts";

// Nothing here is audited: a student's own learning is neither destructive nor privileged, and
// every record already carries who and when.
export const learningArea = area("learning", ({ app, db, now }) => {
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  // An admin acting as a student or teacher is not them using the product: the usage reports
  // (time on task, active students and teachers) count none of it.
  const acting = (request: Parameters<typeof authOf>[0]) => authOf(request).impersonator !== null;
  const notCounted = { success: true as const, credited: 0 };
  // Reading, answering and writing are new work: a lapsed class keeps its history only.
  const open = { preHandler: [requireOpenClass({ db, now })] };
  route(app, learningCalls.home, {}, async (request) => {
    const teacherId = authOf(request).user.teacherId;
    const classOpen = teacherId === null || (await classOpenFor({ db, now }, teacherId));
    return { success: true as const, data: { ...(await studentHome(db, me(request))), classOpen } };
  });
  route(app, learningCalls.examSubmit, open, async (request) =>
    submitExam(db, me(request), request.body),
  );
  route(app, learningCalls.readAlong, open, async (request) =>
    recordReadAlong(db, me(request), request.body),
  );
  route(app, learningCalls.studentHeartbeat, {}, async (request) =>
    acting(request) ? notCounted : studentHeartbeat(db, me(request), request.body),
  );
  route(app, learningCalls.teacherHeartbeat, {}, async (request) =>
    acting(request)
      ? notCounted
      : heartbeat(db, me(request), "teacher_investment", request.body.seconds),
  );
  route(app, learningCalls.extensionDraft, open, async (request) =>
    saveExtension(db, me(request), request.body, false),
  );
  route(app, learningCalls.extensionSubmit, open, async (request) =>
    saveExtension(db, me(request), request.body, true),
  );
  // The reading view is how the words look, not learning: a lapsed class may still change it.
  route(app, learningCalls.readingView, {}, async (request) => ({
    success: true as const,
    data: await readingViewOf(db, me(request)),
  }));
  route(app, learningCalls.saveReadingView, {}, async (request) => ({
    success: true as const,
    data: await saveReadingView(db, me(request), request.body),
  }));
  route(app, learningCalls.studentReadingView, {}, async (request) => ({
    success: true as const,
    data: await studentReadingView(db, me(request), request.params.studentId),
  }));
  route(app, learningCalls.saveStudentReadingView, {}, async (request) => ({
    success: true as const,
    data: await saveStudentReadingView(db, me(request), request.params.studentId, request.body),
  }));
});
