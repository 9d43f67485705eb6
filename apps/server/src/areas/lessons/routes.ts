import {
  assignLessonsRequest,
  assignLessonsResponse,
  assignmentStudentsResponse,
  catalogResponse,
  examDataRequest,
  examDataResponse,
  idParam,
  lessonObjectResponse,
  lessonsByLevelResponse,
  PLANNER_IMAGES,
  RESOURCE_PDFS,
  resourcesResponse,
  text,
} from "@refrain/domain";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { area } from "../../context.ts";
import { authOf, requirePolicy } from "../../plugins/guards.ts";
import { assignLessons, listAssignmentStudents } from "./assignments.ts";
import { examData } from "./exams.ts";
import {
  fluencySheetPdf,
  lessonWorksheetPdf,
  listFluencySheets,
  resourcePdf,
} from "./printables/index.ts";
import { PLANNER_SVGS } from "./printables/planner.ts";
import {
  BENCHMARK_LOGO_SVG,
  getLesson,
  lessonLogoSvg,
  listCatalog,
  listLessonsByLevel,
} from "./service.ts";

const lessonParams = z.object({ lessonId: idParam });

/** A PDF shown in the browser's viewer, saved under a readable name. */
function sendPdf(reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) {
  const ascii = filename.replace(/[^\w .,()-]/g, "");
  return reply
    .type("application/pdf")
    .header(
      "content-disposition",
      `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header("cache-control", "private, max-age=3600")
    .send(pdf);
}

export const lessonsArea = area("lessons", ({ app, db }) => {
  app.get(
    "/lessons/catalog",
    {
      onRequest: requirePolicy("adults"),
      schema: {
        tags: ["lessons"],
        summary: "All lessons grouped by reading level",
        response: { 200: catalogResponse },
      },
    },
    async () => ({ success: true as const, data: await listCatalog(db) }),
  );

  app.get(
    "/service/objects/lesson/:lessonId",
    {
      onRequest: requirePolicy("signedIn"),
      schema: {
        tags: ["lessons"],
        summary: "One lesson with its words",
        params: lessonParams,
        response: { 200: lessonObjectResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getLesson(db, request.params.lessonId),
    }),
  );

  app.get(
    "/media/lessons/:lessonId/logo.svg",
    {
      onRequest: requirePolicy("public"),
      schema: { tags: ["lessons"], summary: "A lesson's logo", params: lessonParams },
    },
    async (request, reply) => {
      const svg = await lessonLogoSvg(db, request.params.lessonId);
      return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(svg);
    },
  );

  app.get(
    "/media/lessons/benchmark-logo.svg",
    {
      onRequest: requirePolicy("public"),
      schema: { tags: ["lessons"], summary: "The logo every benchmark passage shows" },
    },
    async (_request, reply) =>
      reply
        .type("image/svg+xml")
        .header("cache-control", "public, max-age=86400")
        .send(BENCHMARK_LOGO_SVG),
  );

  app.get(
    "/media/lessons/:lessonId/worksheet.pdf",
    {
      onRequest: requirePolicy("adults"),
      schema: {
        tags: ["lessons"],
        summary: "A lesson's printable fluency worksheet (PDF)",
        params: lessonParams,
      },
    },
    async (request, reply) => sendPdf(reply, await lessonWorksheetPdf(db, request.params.lessonId)),
  );

  app.get(
    "/teacher/lessons/assign/lessons_by_level",
    {
      onRequest: requirePolicy("classOwners"),
      schema: {
        tags: ["lessons"],
        summary: "Lessons grouped by reading level, for assigning and for worksheets",
        response: { 200: lessonsByLevelResponse },
      },
    },
    async () => ({ success: true as const, data: await listLessonsByLevel(db) }),
  );

  app.get(
    "/teacher/lessons/assign/students",
    {
      onRequest: requirePolicy("classOwners"),
      schema: {
        tags: ["lessons"],
        summary: "The teacher's students with their assigned, started, completed and own lessons",
        response: { 200: assignmentStudentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAssignmentStudents(db, authOf(request).user.id),
    }),
  );

  app.post(
    "/teacher/lessons/assign",
    {
      onRequest: requirePolicy("classOwners"),
      schema: {
        tags: ["lessons"],
        summary: "Assign and remove lessons for several of the teacher's students at once",
        body: assignLessonsRequest,
        response: { 200: assignLessonsResponse },
      },
    },
    async (request) => assignLessons(db, authOf(request), request.body, request.ip),
  );

  app.post(
    "/student/examData",
    {
      onRequest: requirePolicy("signedIn"),
      schema: {
        tags: ["lessons"],
        summary:
          "A lesson's exam for one day: questions for days 1–3, the prompt and rubric for day 4",
        body: examDataRequest,
        response: { 200: examDataResponse },
      },
    },
    async (request) => examData(db, authOf(request).user, request.body),
  );

  app.get(
    "/teacher/resources",
    {
      onRequest: requirePolicy("classOwners"),
      schema: {
        tags: ["lessons"],
        summary: "The printable resources page's data: the fluency sheets of grades 1–5",
        response: { 200: resourcesResponse },
      },
    },
    async () => ({
      success: true as const,
      data: { resources: { "fluency-sheets": await listFluencySheets(db) } },
    }),
  );

  app.get(
    "/media/resources/fluency-sheets/:edition/:file",
    {
      onRequest: requirePolicy("adults"),
      schema: {
        tags: ["lessons"],
        summary: "A fluency sheet (PDF) in its dated folder",
        params: z.object({ edition: text().max(100), file: text().max(200) }),
      },
    },
    async (request, reply) =>
      sendPdf(reply, await fluencySheetPdf(db, request.params.edition, request.params.file)),
  );

  for (const name of Object.values(RESOURCE_PDFS)) {
    app.get(
      `/media/resources/${name}.pdf`,
      {
        onRequest: requirePolicy("adults"),
        schema: { tags: ["lessons"], summary: `Printable resource: ${name} (PDF)` },
      },
      async (_request, reply) => sendPdf(reply, await resourcePdf(db, name)),
    );
  }

  for (const name of PLANNER_IMAGES) {
    app.get(
      `/media/resources/${name}.svg`,
      {
        onRequest: requirePolicy("adults"),
        schema: { tags: ["lessons"], summary: `Planner artwork: ${name} (SVG)` },
      },
      async (_request, reply) =>
        reply
          .type("image/svg+xml")
          .header("cache-control", "private, max-age=86400")
          .send(PLANNER_SVGS[name]),
    );
  }
});
