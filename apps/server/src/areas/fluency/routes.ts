import {
  fluencyCalls,
  fluencyMessages,
  gradingCalls,
  gradingMessages,
  suggestionCalls,
  suggestionMessages,
} from "@refrain/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { asrProvider } from "../../adapters/asr/index.ts";
import type { Storage } from "../../adapters/storage.ts";
import { sendByteRange } from "../../core/byte-range.ts";
import { area } from "../../core/context.ts";
import { conflict, gone, notFound } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { parentPageLanguage } from "../families/index.ts";
import { queuedAdaptations } from "./adaptation.ts";
import {
  fluencyOverview,
  gradeReading,
  readingSet,
  recordingsByStudent,
  studentGradedReadings,
} from "./grading.ts";
import { queueRecordingProcessing } from "./process.ts";
import {
  classRecording,
  classRecordingList,
  removeRecording,
  requeueFailed,
  studentLesson,
  viewableMedia,
} from "./service.ts";
import {
  closedLinkPage,
  SHARED_PAGE_POLICY,
  sharedReadingPage,
  WAITING_QUERY,
} from "./shared-page.ts";
import { sharedReadingFacts } from "./shared-page-facts.ts";
import {
  listShares,
  openShare,
  revokeShare,
  shareDraft,
  sharedMedia,
  shareReading,
  viewShare,
} from "./sharing.ts";
import { retrySuggestion, setSuggestionHelp, suggestionHelpOf } from "./suggest.ts";
import {
  requireSchool,
  schoolAdaptationsOf,
  suggestionAgreementOf,
} from "./suggestion-agreement.ts";
import { registerRecordingUploads } from "./uploads.ts";
import { recordView, startsPlayback } from "./view-log.ts";

/**
 * Streams a media file with Range (a player seeks by asking for ranges). `no-store`: a reading
 * of a child is kept by no cache, shared or not.
 */
async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: Storage,
  key: string | null,
  type: string,
) {
  const size = key ? await media.size(key) : null;
  if (key === null || size === null) throw notFound();
  reply.type(type).header("accept-ranges", "bytes").header("cache-control", "no-store");
  return sendByteRange(reply, request.headers.range, size, (range) => media.readStream(key, range));
}

// Deleting a reading is audited (service.ts): it destroys a child's work and its files.
export const fluencyArea = area("fluency", (context) => {
  const { app, db, media, jobs, mailer, config, limiter } = context;
  const me = (request: FastifyRequest) => authOf(request).user.id;
  const secureCookies = config.PUBLIC_URL.startsWith("https://");

  route(app, fluencyCalls.studentLesson, {}, async (request) => ({
    success: true as const,
    data: await studentLesson(db, me(request), request.params.lessonId),
  }));
  route(app, fluencyCalls.recordings, {}, async (request) => ({
    success: true as const,
    data: await classRecordingList(db, me(request), request.query),
  }));
  route(app, fluencyCalls.retry, {}, async (request) => {
    const id = await requeueFailed(db, me(request), request.params.id);
    // Read before the job is sent (core/jobs.ts): the answer is the retry's own, queued.
    const data = await classRecording(db, me(request), id);
    await queueRecordingProcessing(jobs, id);
    return { success: true as const, data };
  });
  route(app, fluencyCalls.remove, {}, async (request) => {
    await removeRecording(db, media, authOf(request), request.params.id, request.ip);
    return { success: true as const, message: "The recording was deleted." };
  });
  // A screening session re-opens a benchmark passage for one student (issue 39).
  route(app, fluencyCalls.reopenBenchmark, {}, async (request) => {
    const auth = authOf(request);
    await removeRecording(db, media, auth, request.params.id, request.ip, ["benchmark"]);
    return { success: true as const, message: fluencyMessages.reopened };
  });
  // Starting to play a recording is logged for the student's privacy page (view-log.ts).
  const viewLog = { db, now: context.now, log: app.log };
  route(app, fluencyCalls.video, {}, async (request, reply) => {
    const auth = authOf(request);
    const found = await viewableMedia(db, auth.user, request.params.id);
    if (startsPlayback(request.headers.range))
      await recordView(viewLog, request.params.id, { auth });
    return sendMedia(request, reply, media, found.videoKey, found.videoType ?? "video/mp4");
  });
  route(app, fluencyCalls.thumbnail, {}, async (request, reply) => {
    const found = await viewableMedia(db, authOf(request).user, request.params.id);
    return sendMedia(request, reply, media, found.thumbnailKey, "image/jpeg");
  });

  route(app, gradingCalls.byStudent, {}, async (request) => ({
    success: true as const,
    data: await recordingsByStudent(db, me(request), request.query.type),
  }));
  route(app, gradingCalls.overview, {}, async (request) => ({
    success: true as const,
    data: await fluencyOverview(db, me(request)),
  }));
  route(app, gradingCalls.readingSet, {}, async (request) => ({
    success: true as const,
    data: await readingSet(db, me(request), request.params.id),
  }));
  route(app, gradingCalls.grade, {}, async (request) => ({
    success: true as const,
    message: "The grade was saved.",
    data: await gradeReading(db, authOf(request).user, request.params.id, request.body),
  }));
  route(app, suggestionCalls.retry, {}, async (request) => {
    // Turned off since (ASR_PROVIDER, or the engine removed): the row stays failed.
    const asr = asrProvider(config.ASR_PROVIDER);
    if (!asr) throw conflict(suggestionMessages.unavailable);
    const data = await retrySuggestion(db, me(request), request.params.id, asr.engine);
    await jobs.send("reading-suggest", { recordingId: request.params.id });
    return { success: true as const, data };
  });
  route(app, suggestionCalls.help, {}, async (request) => ({
    success: true as const,
    data: await suggestionHelpOf(db, me(request)),
  }));
  route(app, suggestionCalls.setHelp, {}, async (request) => ({
    success: true as const,
    data: await setSuggestionHelp(db, me(request), request.body.help),
  }));
  route(app, suggestionCalls.agreement, {}, async () => ({
    success: true as const,
    data: await suggestionAgreementOf(db),
  }));
  route(app, suggestionCalls.schools, {}, async () => ({
    success: true as const,
    data: await schoolAdaptationsOf(db, asrProvider(config.ASR_PROVIDER)?.engine ?? null),
  }));
  // Staff adapt a school now rather than at night, as after a change of engine.
  route(app, suggestionCalls.adapt, {}, async (request) => {
    const { id } = request.params;
    await requireSchool(db, id);
    if (!asrProvider(config.ASR_PROVIDER)?.adapt) throw conflict(suggestionMessages.cannotAdapt);
    if (!(await queuedAdaptations(db)).has(id)) await jobs.send("school-adapt", { schoolId: id });
    return { success: true as const, data: { queued: true as const } };
  });
  route(app, gradingCalls.studentGraded, {}, async (request) => ({
    success: true as const,
    data: await studentGradedReadings(db, me(request)),
  }));

  route(app, gradingCalls.shareDraft, {}, async (request) => ({
    success: true as const,
    data: await shareDraft(db, config, authOf(request).user, request.params.id),
  }));
  const perTeacher = (request: FastifyRequest) => String(me(request));
  route(
    app,
    gradingCalls.share,
    { preHandler: [rateLimit(limiter, "recordingSharesPerTeacher", perTeacher)] },
    async (request) => {
      const deps = { db, mailer, config };
      await shareReading(deps, authOf(request), request.params.id, request.body, request.ip);
      return { success: true as const, message: gradingMessages.shared };
    },
  );
  route(app, gradingCalls.shares, {}, async (request) => ({
    success: true as const,
    data: await listShares(db, me(request), request.params.id),
  }));
  route(app, gradingCalls.revokeShare, {}, async (request) => {
    const { id, shareId } = request.params;
    await revokeShare(db, authOf(request), id, shareId, request.ip);
    return { success: true as const, message: "The link was turned off." };
  });

  // The family's page: the link is the only key, so nothing here may be cached or indexed.
  // `?lang=en|es` switches its language and remembers the choice (families/page-language.ts).
  route(
    app,
    gradingCalls.sharedPage,
    { preValidation: [rateLimit(limiter, "sharedPagePerIp")] },
    async (request, reply) => {
      const opened = await openShare(db, request.params.token);
      const facts =
        opened.status === "open" ? await sharedReadingFacts(db, opened.recordingId) : null;
      const language = parentPageLanguage(request, reply, facts?.language ?? null, secureCookies);
      const page = (status: number, html: string) =>
        reply
          .code(status)
          .type("text/html; charset=utf-8")
          .header("content-security-policy", SHARED_PAGE_POLICY)
          .header("x-robots-tag", "noindex, nofollow")
          .header("cache-control", "no-store")
          .send(html);
      if (opened.status === "missing") return page(404, closedLinkPage(404, language));
      if (opened.status === "gone" || !facts) return page(410, closedLinkPage(410, language));
      const media = await sharedMedia(db, opened);
      // The waiting page looking again by itself is no new view: it was counted when opened.
      const lookingAgain = (request.query as Record<string, unknown>)[WAITING_QUERY] !== undefined;
      const reading = await viewShare(db, opened, request.ip, !lookingAgain);
      return page(200, sharedReadingPage(reading, { ...facts, language }, media));
    },
  );
  route(
    app,
    gradingCalls.sharedVideo,
    { preValidation: [rateLimit(limiter, "sharedVideoPerIp")] },
    async (request, reply) => {
      const opened = await openShare(db, request.params.token);
      reply.header("x-robots-tag", "noindex, nofollow");
      if (opened.status === "missing") throw notFound();
      if (opened.status === "gone") throw gone(gradingMessages.linkGone);
      const type = opened.reading.videoType ?? "video/mp4";
      if (startsPlayback(request.headers.range))
        await recordView(viewLog, opened.recordingId, { shareId: opened.shareId });
      return sendMedia(request, reply, media, opened.videoKey, type);
    },
  );

  registerRecordingUploads(context);
});
