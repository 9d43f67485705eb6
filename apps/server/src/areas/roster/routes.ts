import { groupMessages, groupOfCall, rosterCalls, studentsChangedText } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route, verbRoute } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { assertOpenClass } from "../account/index.ts";
import { mailFeedbackToParent } from "../families/index.ts";
import { erasureStores } from "../privacy/index.ts";
import { createClassList } from "./class-list.ts";
import { getFeedback, saveFeedback } from "./feedback.ts";
import {
  createGroup,
  createGroupOf,
  deleteGroup,
  listGroups,
  placeStudent,
  renameGroup,
} from "./groups.ts";
import { cardsSiteUrl, loginCardsOf, sendLoginCards } from "./login-cards.ts";
import {
  autocreateStudents,
  deleteAllStudents,
  deleteStudent,
  listStudents,
  rosterParameters,
  sampleLessons,
  saveStudent,
  updateStudents,
} from "./service.ts";

export const rosterArea = area(
  "roster",
  ({
    app,
    db,
    passwordBox,
    mailer,
    limiter,
    config,
    sessions,
    background,
    now,
    media,
    storage,
    jobs,
  }) => {
    // A deleted student is erased for good: rows now, files through the erasure job.
    const erasure = {
      db,
      jobs,
      passwordBox,
      stores: erasureStores({ media, storage, config }),
    };
    verbRoute(
      app,
      rosterCalls.students,
      {},
      {
        list: async (request) => ({
          success: true as const,
          students: await listStudents(db, passwordBox, authOf(request).user.id),
        }),
        parameters: async (request) => ({
          success: true as const,
          ...(await rosterParameters(db, authOf(request).user.id)),
        }),
        autocreate: async (request, body) => {
          await assertOpenClass({ db, now }, request);
          return {
            success: true as const,
            ...(await autocreateStudents(db, passwordBox, authOf(request), body.count, request.ip)),
          };
        },
        // Like autocreate, a class list adds students: only to an open class (decision 0024).
        createMany: async (request, body) => {
          await assertOpenClass({ db, now }, request);
          return {
            success: true as const,
            ...(await createClassList(db, passwordBox, authOf(request), body.students, request.ip)),
          };
        },
        // A student whose password, name or account changed or ended is signed out of no
        // cached session: see plugins/session-cache.ts.
        save: async (request, body) => {
          // A lapsed class may still correct its students, not add new ones (decision 0024).
          if (body.student.id === undefined) await assertOpenClass({ db, now }, request);
          const student = await saveStudent(
            db,
            passwordBox,
            authOf(request),
            body.student,
            request.ip,
          );
          await sessions.forgetUsers([student.id]);
          return { success: true as const, student };
        },
        // Personalize Learning. Like saving a student, it needs no open class: a lapsed class
        // may still adjust its students (decision 0024).
        updateMany: async (request, body) => {
          const students = await updateStudents(
            db,
            passwordBox,
            authOf(request).user.id,
            body.studentIds,
            body.changes,
          );
          return {
            success: true as const,
            message: studentsChangedText(students.length),
            students,
          };
        },
        delete: async (request, body) => {
          const answer = await deleteStudent(erasure, authOf(request), body.student.id, request.ip);
          await sessions.forgetUsers([body.student.id]);
          return { success: true as const, ...answer };
        },
        deleteAll: async (request) => {
          const { studentIds, ...answer } = await deleteAllStudents(
            erasure,
            authOf(request),
            request.ip,
          );
          await sessions.forgetUsers(studentIds);
          return { success: true as const, ...answer };
        },
      },
    );

    route(app, rosterCalls.sampleLessons, {}, async () => ({
      success: true as const,
      lessons: await sampleLessons(db),
    }));

    // A group made whole: an intervention group accepted from the screening (issue 39).
    route(app, groupOfCall, {}, async (request) => {
      const { name, student_ids: ids } = request.body;
      const data = await createGroupOf(db, authOf(request).user.id, name, ids);
      return { success: true as const, message: groupMessages.accepted(name, ids.length), data };
    });

    // Every groups verb answers with the whole, fresh state, so the page never drifts.
    const groupsAfter = async (teacherId: number) => ({
      success: true as const,
      ...(await listGroups(db, teacherId)),
    });
    verbRoute(
      app,
      rosterCalls.groups,
      {},
      {
        list: async (request) => groupsAfter(authOf(request).user.id),
        update: async (request, body) => {
          const teacherId = authOf(request).user.id;
          await placeStudent(db, teacherId, body.studentId, body.groupId);
          return groupsAfter(teacherId);
        },
        create: async (request, body) => {
          const teacherId = authOf(request).user.id;
          await createGroup(db, teacherId, body.name);
          return groupsAfter(teacherId);
        },
        rename: async (request, body) => {
          const teacherId = authOf(request).user.id;
          await renameGroup(db, teacherId, body.groupId, body.name);
          return groupsAfter(teacherId);
        },
        delete: async (request, body) => {
          const auth = authOf(request);
          await deleteGroup(db, auth, body.groupId, request.ip);
          return groupsAfter(auth.user.id);
        },
      },
    );

    route(app, rosterCalls.feedback, {}, async (request) => ({
      success: true as const,
      data: {
        data: {
          message: await getFeedback(db, authOf(request).user.id, request.params.studentId),
        },
      },
    }));

    route(app, rosterCalls.saveFeedback, {}, async (request) => {
      const { user } = authOf(request);
      const { studentId } = request.params;
      const saved = await saveFeedback(db, user.id, studentId, request.body.message);
      // A new message reaches the parent too (classroom spec §1), after the answer: the save
      // stands whether or not the mail can be queued.
      if (saved.changed && saved.message !== "") {
        const teacherName = `${user.firstName} ${user.lastName}`.trim() || user.username;
        background.run(request.log, "feedback mail to the parent", () =>
          mailFeedbackToParent({ db, mailer, config }, teacherName, studentId, saved.message),
        );
      }
      return { success: true as const, data: { data: { message: saved.message } } };
    });

    route(app, rosterCalls.sendLoginCards, {}, async (request) => {
      const teacherId = authOf(request).user.id;
      await limiter.check("loginCardMailsPerTeacher", String(teacherId));
      const result = await sendLoginCards(
        db,
        passwordBox,
        mailer,
        teacherId,
        cardsSiteUrl(config, request),
      );
      return { success: true as const, ...result };
    });

    route(app, rosterCalls.loginCardsPdf, {}, async (request, reply) => {
      const { pdf } = await loginCardsOf(
        db,
        passwordBox,
        authOf(request).user.id,
        cardsSiteUrl(config, request),
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", 'attachment; filename="login-cards.pdf"')
        .header("cache-control", "no-store")
        .send(pdf);
    });
  },
);
