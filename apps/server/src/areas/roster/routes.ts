import {
  feedbackRequest,
  feedbackResponse,
  groupsRequest,
  groupsResponse,
  loginCardsSendResponse,
  rosterRequest,
  rosterResponse,
  sampleLessonsResponse,
  studentIdParams,
} from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf, requirePolicy } from "../../plugins/guards.ts";
import { getFeedback, saveFeedback } from "./feedback.ts";
import { createGroup, deleteGroup, listGroups, placeStudent, renameGroup } from "./groups.ts";
import { cardsSiteUrl, loginCardsOf, sendLoginCards } from "./login-cards.ts";
import {
  autocreateStudents,
  deleteAllStudents,
  deleteStudent,
  listStudents,
  rosterParameters,
  sampleLessons,
  saveStudent,
} from "./service.ts";

export const rosterArea = area("roster", ({ app, db, passwordBox, mailer, limiter, config }) => {
  const classOwner = requirePolicy("classOwners");

  app.post(
    "/teacher/students",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary:
          "The teacher's roster: list, parameters, autocreate {count}, save {student}, delete {student: {id}}, deleteAll",
        body: rosterRequest,
        response: { 200: rosterResponse },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const teacherId = auth.user.id;
      const body = request.body;
      switch (body.verb) {
        case "list":
          return {
            success: true as const,
            students: await listStudents(db, passwordBox, teacherId),
          };
        case "parameters":
          return { success: true as const, ...(await rosterParameters(db, teacherId)) };
        case "autocreate":
          return {
            success: true as const,
            ...(await autocreateStudents(db, passwordBox, teacherId, body.count)),
          };
        case "save":
          return {
            success: true as const,
            student: await saveStudent(db, passwordBox, teacherId, body.student),
          };
        case "delete":
          return {
            success: true as const,
            ...(await deleteStudent(db, auth, body.student.id, request.ip)),
          };
        case "deleteAll":
          return { success: true as const, ...(await deleteAllStudents(db, auth, request.ip)) };
      }
    },
  );

  app.get(
    "/teacher/students/sample-lessons",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary: "The six lessons offered by Try a Sample Lesson",
        response: { 200: sampleLessonsResponse },
      },
    },
    async () => ({ success: true as const, lessons: await sampleLessons(db) }),
  );

  app.post(
    "/teacher/students/groups",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary:
          "Student groups: list, update {studentId, groupId} (0 removes), create {name}, rename {groupId, name}, delete {groupId}",
        body: groupsRequest,
        response: { 200: groupsResponse },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const teacherId = auth.user.id;
      const body = request.body;
      switch (body.verb) {
        case "list":
          break;
        case "update":
          await placeStudent(db, teacherId, body.studentId, body.groupId);
          break;
        case "create":
          await createGroup(db, teacherId, body.name);
          break;
        case "rename":
          await renameGroup(db, teacherId, body.groupId, body.name);
          break;
        case "delete":
          await deleteGroup(db, auth, body.groupId, request.ip);
          break;
      }
      return { success: true as const, ...(await listGroups(db, teacherId)) };
    },
  );

  app.get(
    "/student/feedback/:studentId",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary: "The teacher's message to one of their students",
        params: studentIdParams,
        response: { 200: feedbackResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        data: {
          message: await getFeedback(db, authOf(request).user.id, request.params.studentId),
        },
      },
    }),
  );

  app.post(
    "/student/feedback/:studentId",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary: "Save the message a student sees on their home page (empty removes it)",
        params: studentIdParams,
        body: feedbackRequest,
        response: { 200: feedbackResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        data: {
          message: await saveFeedback(
            db,
            authOf(request).user.id,
            request.params.studentId,
            request.body.message,
          ),
        },
      },
    }),
  );

  app.post(
    "/teacher/media/cards/send",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary: "E-mail the class's printable login cards (PDF) to the teacher",
        response: { 200: loginCardsSendResponse },
      },
    },
    async (request) => {
      const teacherId = authOf(request).user.id;
      limiter.check("loginCardMailsPerTeacher", String(teacherId));
      const result = await sendLoginCards(
        db,
        passwordBox,
        mailer,
        teacherId,
        cardsSiteUrl(config, request),
      );
      return { success: true as const, ...result };
    },
  );

  app.get(
    "/teacher/media/cards.pdf",
    {
      onRequest: classOwner,
      schema: {
        tags: ["roster"],
        summary: "The class's printable login cards as a PDF download",
      },
    },
    async (request, reply) => {
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
    },
  );
});
