import {
  lessonsCalls,
  MAX_LESSON_TIMINGS_BYTES,
  MAX_LESSON_TRACK_BYTES,
  PLANNER_IMAGES,
  RESOURCE_PDFS,
} from "@refrain/domain";
import type { FastifyReply } from "fastify";
import { type App, area } from "../../core/context.ts";
import { replyWithPdf } from "../../core/pdf-reply.ts";
import { route } from "../../core/route.ts";
import { sendStoredFile } from "../../core/stored-file.ts";
import { authOf } from "../../plugins/guards.ts";
import { requireOpenClass } from "../account/index.ts";
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

/** A PDF shown in the browser's viewer, saved under a readable name. */
const sendPdf = (reply: FastifyReply, made: { pdf: Buffer; filename: string }) =>
  replyWithPdf(reply, made, "inline", "private, max-age=3600");

export const lessonsArea = area("lessons", ({ app, db, lessonTracks, now }) => {
  // Staff send a track or its timings as the whole body. Each upload route takes a body of any
  // type as bytes, in a plugin of its own, so the size limit is its own and no other route
  // takes bytes; the service answers a wrong type with 422 and what to send instead.
  const rawUpload = (bodyLimit: number, register: (uploads: App) => void) =>
    app.register(async (uploads) => {
      uploads.addContentTypeParser("*", { parseAs: "buffer", bodyLimit }, (_request, body, done) =>
        done(null, body),
      );
      register(uploads);
    });

  route(app, lessonsCalls.catalog, {}, async () => ({
    success: true as const,
    data: await listCatalog(db),
  }));

  route(app, lessonsCalls.lesson, {}, async (request) => ({
    success: true as const,
    data: await getLesson(db, request.params.lessonId),
  }));

  route(app, lessonsCalls.logo, {}, async (request, reply) => {
    const svg = await lessonLogoSvg(db, request.params.lessonId);
    return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(svg);
  });

  route(app, lessonsCalls.benchmarkLogo, {}, async (_request, reply) =>
    reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .send(BENCHMARK_LOGO_SVG),
  );

  route(app, lessonsCalls.worksheet, {}, async (request, reply) =>
    sendPdf(reply, await lessonWorksheetPdf(db, request.params.lessonId)),
  );

  route(app, lessonsCalls.track, {}, async (request, reply) =>
    sendStoredFile(
      request,
      reply,
      await lessonTracks.audio(authOf(request).user, request.params.lessonId),
    ),
  );

  route(app, lessonsCalls.timings, {}, async (request, reply) =>
    sendStoredFile(
      request,
      reply,
      await lessonTracks.timings(authOf(request).user, request.params.lessonId),
    ),
  );

  for (const [bodyLimit, call, replace] of [
    [MAX_LESSON_TRACK_BYTES, lessonsCalls.replaceTrack, "replaceAudio"],
    [MAX_LESSON_TIMINGS_BYTES, lessonsCalls.replaceTimings, "replaceTimings"],
  ] as const)
    rawUpload(bodyLimit, (uploads) =>
      route(uploads, call, {}, async (request) =>
        lessonTracks[replace](
          authOf(request),
          request.params.lessonId,
          request.headers["content-type"] ?? "",
          request.body,
          request.ip,
        ),
      ),
    );

  route(app, lessonsCalls.lessonsByLevel, {}, async () => ({
    success: true as const,
    data: await listLessonsByLevel(db),
  }));

  route(app, lessonsCalls.assignmentStudents, {}, async (request) => ({
    success: true as const,
    data: await listAssignmentStudents(db, authOf(request).user.id),
  }));

  // Assigning is new work for the class: a lapsed class may not (decision 0024).
  route(
    app,
    lessonsCalls.assign,
    { preHandler: [requireOpenClass({ db, now })] },
    async (request) => assignLessons(db, authOf(request), request.body, request.ip),
  );

  route(app, lessonsCalls.examData, {}, async (request) =>
    examData(db, authOf(request).user, request.body),
  );

  route(app, lessonsCalls.resources, {}, async () => ({
    success: true as const,
    data: { resources: { "fluency-sheets": await listFluencySheets(db) } },
  }));

  route(app, lessonsCalls.fluencySheet, {}, async (request, reply) =>
    sendPdf(reply, await fluencySheetPdf(db, request.params.edition, request.params.file)),
  );

  for (const name of Object.values(RESOURCE_PDFS)) {
    route(app, lessonsCalls.resourcePdfs[name], {}, async (_request, reply) =>
      sendPdf(reply, await resourcePdf(db, name)),
    );
  }

  for (const name of PLANNER_IMAGES) {
    route(app, lessonsCalls.plannerImages[name], {}, async (_request, reply) =>
      reply
        .type("image/svg+xml")
        .header("cache-control", "private, max-age=86400")
        .send(PLANNER_SVGS[name]),
    );
  }
});
