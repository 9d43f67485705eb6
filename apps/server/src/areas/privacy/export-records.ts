import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  alias,
  type PgSelectBuilder,
  type SelectedFields,
} from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  assignments,
  consentRecords,
  examAnswers,
  examAttempts,
  examQuestions,
  extensionResponses,
  familyPreferences,
  groupMemberships,
  lessons,
  monitoringDecisions,
  monitoringPlans,
  readAlongs,
  readingSuggestions,
  readingViews,
  recordingGrades,
  recordingShares,
  recordings,
  recordingViews,
  studentFeedback,
  studentGroups,
  timeOnTask,
  users,
  weeklyReports,
} from "../../db/schema/index.ts";

/**
 * Everything Refrain holds about one student, read for their export (export-zip.ts): each kind
 * of record as rows of named columns, and the media files that go with them. Left out on
 * purpose: the password hash and the encrypted student password, share links' token hashes and
 * storage keys.
 */

const viewer = alias(users, "viewer");
const grader = alias(users, "grader");
const recorder = alias(users, "recorder");

/** A person's name as text, or null when they gave none. */
const nameOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${t.firstName} || ' ' || ${t.lastName}), '')`;

export type Row = Record<string, unknown>;

/** One kind of record: its file name under data/, its heading, its columns and rows. */
export interface RecordKind {
  name: string;
  title: string;
  columns: string[];
  rows: Row[];
}

/** A file of the media store to copy into the ZIP. */
export interface MediaFile {
  key: string;
  path: string;
}

const MEDIA_EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "audio/mp4": "m4a",
  "audio/m4a": "m4a",
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};
const extensionOf = (type: string | null, fallback: string) =>
  (type && MEDIA_EXTENSIONS[type.split(";")[0]?.trim() ?? ""]) ?? fallback;

/** Reads every record kind of the student, and the media files that go with them. */
export async function readStudentRecords(db: Db, studentId: number) {
  const {
    passwordHash: _hash,
    passwordEncrypted: _encrypted,
    ...profileColumns
  } = getTableColumns(users);
  const kinds: RecordKind[] = [];
  const add = (name: string, title: string, columns: string[], rows: Row[]) =>
    kinds.push({ name, title, columns, rows });
  /** Adds a kind whose columns are those its query selects, in their order. */
  const addSelected = async <C extends SelectedFields>(
    name: string,
    title: string,
    columns: C,
    query: (select: PgSelectBuilder<C>) => Promise<Row[]>,
  ) => add(name, title, Object.keys(columns), await query(db.select(columns)));

  await addSelected("profile", "Profile", profileColumns, (select) =>
    select.from(users).where(eq(users.id, studentId)),
  );

  await addSelected(
    "assignments",
    "Assignments",
    {
      id: assignments.id,
      lesson: lessons.title,
      assignedBy: assignments.assignedBy,
      status: assignments.status,
      assignedAt: assignments.assignedAt,
      startedAt: assignments.startedAt,
      completedAt: assignments.completedAt,
    },
    (select) =>
      select
        .from(assignments)
        .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
        .where(eq(assignments.studentId, studentId))
        .orderBy(assignments.assignedAt, assignments.id),
  );

  await addSelected(
    "read-alongs",
    "Read-alongs played through",
    {
      id: readAlongs.id,
      lesson: lessons.title,
      play: readAlongs.play,
      createdAt: readAlongs.createdAt,
    },
    (select) =>
      select
        .from(readAlongs)
        .innerJoin(lessons, eq(lessons.id, readAlongs.lessonId))
        .where(eq(readAlongs.studentId, studentId))
        .orderBy(readAlongs.createdAt, readAlongs.id),
  );

  const attemptColumns = {
    id: examAttempts.id,
    lesson: lessons.title,
    day: examAttempts.day,
    attempt: examAttempts.attempt,
    correct: examAttempts.correct,
    solved: examAttempts.solved,
    percent: examAttempts.percent,
    createdAt: examAttempts.createdAt,
  };
  const attempts = await db
    .select({ ...attemptColumns, answers: examAttempts.answers })
    .from(examAttempts)
    .innerJoin(lessons, eq(lessons.id, examAttempts.lessonId))
    .where(eq(examAttempts.studentId, studentId))
    .orderBy(examAttempts.createdAt, examAttempts.id);
  add(
    "exam-attempts",
    "Exam attempts (days 1 to 3)",
    Object.keys(attemptColumns),
    attempts.map(({ answers: _answers, ...attempt }) => attempt),
  );
  // Each chosen answer with its question's and answer's words, so the file reads on its own.
  const questionIds = attempts.flatMap((a) => a.answers.map((c) => c.question));
  const questions = questionIds.length
    ? await db
        .select({ id: examQuestions.id, question: examQuestions.question })
        .from(examQuestions)
        .where(inArray(examQuestions.id, questionIds))
    : [];
  const answerIds = attempts.flatMap((a) => a.answers.map((c) => c.answer));
  const answers = answerIds.length
    ? await db
        .select({
          id: examAnswers.id,
          letter: examAnswers.letter,
          text: examAnswers.text,
          correct: examAnswers.correct,
        })
        .from(examAnswers)
        .where(inArray(examAnswers.id, answerIds))
    : [];
  const questionById = new Map(questions.map((q) => [q.id, q.question]));
  const answerById = new Map(answers.map((a) => [a.id, a]));
  add(
    "exam-answers",
    "Exam answers",
    ["attemptId", "lesson", "day", "attempt", "question", "answerLetter", "answer", "correct"],
    attempts.flatMap((a) =>
      a.answers.map((chosen) => {
        const answer = answerById.get(chosen.answer);
        return {
          attemptId: a.id,
          lesson: a.lesson,
          day: a.day,
          attempt: a.attempt,
          question: questionById.get(chosen.question) ?? null,
          answerLetter: answer?.letter ?? null,
          answer: answer?.text ?? null,
          correct: answer?.correct ?? null,
        };
      }),
    ),
  );

  await addSelected(
    "extension-responses",
    "Day 4 extension responses",
    {
      id: extensionResponses.id,
      lesson: lessons.title,
      draft: extensionResponses.draft,
      draftSavedAt: extensionResponses.draftSavedAt,
      response: extensionResponses.response,
      submittedAt: extensionResponses.submittedAt,
      score: extensionResponses.score,
      scoreText: extensionResponses.scoreText,
      comment: extensionResponses.comment,
      scoredAt: extensionResponses.scoredAt,
    },
    (select) =>
      select
        .from(extensionResponses)
        .innerJoin(lessons, eq(lessons.id, extensionResponses.lessonId))
        .where(eq(extensionResponses.studentId, studentId))
        .orderBy(extensionResponses.draftSavedAt, extensionResponses.id),
  );

  await addSelected(
    "time-on-task",
    "Time on task",
    { day: timeOnTask.day, kind: timeOnTask.kind, seconds: timeOnTask.seconds },
    (select) =>
      select
        .from(timeOnTask)
        .where(eq(timeOnTask.userId, studentId))
        .orderBy(timeOnTask.day, timeOnTask.kind),
  );

  const { studentId: _reader, ...readingViewColumns } = getTableColumns(readingViews);
  await addSelected("reading-view", "Reading view", readingViewColumns, (select) =>
    select.from(readingViews).where(eq(readingViews.studentId, studentId)),
  );

  // Storage keys stay out of the file: each media file's path in the ZIP stands in their place.
  const recordingColumns = {
    id: recordings.id,
    lesson: lessons.title,
    classification: recordings.classification,
    lyricsOnly: recordings.lyricsOnly,
    status: recordings.status,
    durationSeconds: recordings.durationSeconds,
    coldId: recordings.coldId,
    hotId: recordings.hotId,
    createdAt: recordings.createdAt,
    processedAt: recordings.processedAt,
    gradedAt: recordings.gradedAt,
    mediaPurgedAt: recordings.mediaPurgedAt,
  };
  const recordingRows = await db
    .select({
      ...recordingColumns,
      videoKey: recordings.videoKey,
      videoType: recordings.videoType,
      thumbnailKey: recordings.thumbnailKey,
    })
    .from(recordings)
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(eq(recordings.studentId, studentId))
    .orderBy(recordings.createdAt, recordings.id);
  const media: MediaFile[] = [];
  const meta = recordingRows.map(({ videoKey, videoType, thumbnailKey, ...r }) => {
    const base = `media/recordings/${r.id}`;
    const file = videoKey
      ? `${base}-${r.classification}.${extensionOf(videoType, r.lyricsOnly ? "m4a" : "mp4")}`
      : null;
    const thumbnail = thumbnailKey ? `${base}-thumbnail.jpg` : null;
    if (videoKey && file) media.push({ key: videoKey, path: file });
    if (thumbnailKey && thumbnail) media.push({ key: thumbnailKey, path: thumbnail });
    return { ...r, file, thumbnail };
  });
  add("recordings", "Recordings", [...Object.keys(recordingColumns), "file", "thumbnail"], meta);
  // With no recordings, `inArray` below matches no row.
  const recordingIds = recordingRows.map((r) => r.id);

  await addSelected(
    "grades",
    "Grades and feedback",
    {
      id: recordingGrades.id,
      recordingId: recordingGrades.recordingId,
      gradedBy: nameOf(grader),
      accuracy: recordingGrades.accuracy,
      expression: recordingGrades.expression,
      wpm: recordingGrades.wpm,
      feedback: recordingGrades.feedback,
      missedWordIds: recordingGrades.selectedWordIds,
      lastWordId: recordingGrades.lastWordId,
      acceptedSuggestionIds: recordingGrades.acceptedWordIds,
      lastWordSuggested: recordingGrades.lastWordSuggested,
      createdAt: recordingGrades.createdAt,
    },
    (select) =>
      select
        .from(recordingGrades)
        .leftJoin(grader, eq(grader.id, recordingGrades.gradedBy))
        .where(inArray(recordingGrades.recordingId, recordingIds))
        .orderBy(recordingGrades.createdAt, recordingGrades.id),
  );

  // What the recogniser suggested of each reading; its error text, about the server, stays out.
  await addSelected(
    "suggestions",
    "Suggested scoring of readings",
    {
      recordingId: readingSuggestions.recordingId,
      engine: readingSuggestions.engine,
      status: readingSuggestions.status,
      result: readingSuggestions.result,
      createdAt: readingSuggestions.createdAt,
      updatedAt: readingSuggestions.updatedAt,
    },
    (select) =>
      select
        .from(readingSuggestions)
        .where(inArray(readingSuggestions.recordingId, recordingIds))
        .orderBy(readingSuggestions.recordingId),
  );

  await addSelected(
    "student-feedback",
    "The teacher's message to the student",
    {
      teacher: nameOf(users),
      message: studentFeedback.message,
      updatedAt: studentFeedback.updatedAt,
    },
    (select) =>
      select
        .from(studentFeedback)
        .leftJoin(users, eq(users.id, studentFeedback.teacherId))
        .where(eq(studentFeedback.studentId, studentId)),
  );

  await addSelected(
    "monitoring-plans",
    "Progress-monitoring plans: baseline, goal and how often the student reads",
    {
      id: monitoringPlans.id,
      startedOn: monitoringPlans.startedOn,
      tier: monitoringPlans.tier,
      baselineWcpm: monitoringPlans.baselineWcpm,
      goalWcpm: monitoringPlans.goalWcpm,
      goalOn: monitoringPlans.goalOn,
      cadenceDays: monitoringPlans.cadenceDays,
      endedOn: monitoringPlans.endedOn,
      startedBy: nameOf(users),
    },
    (select) =>
      select
        .from(monitoringPlans)
        .leftJoin(users, eq(users.id, monitoringPlans.createdBy))
        .where(eq(monitoringPlans.studentId, studentId))
        .orderBy(monitoringPlans.id),
  );

  await addSelected(
    "monitoring-decisions",
    "The teacher's decisions on those plans",
    {
      planId: monitoringDecisions.planId,
      decision: monitoringDecisions.kind,
      goalWcpm: monitoringDecisions.goalWcpm,
      note: monitoringDecisions.note,
      decidedBy: nameOf(users),
      decidedAt: monitoringDecisions.decidedAt,
    },
    (select) =>
      select
        .from(monitoringDecisions)
        .innerJoin(monitoringPlans, eq(monitoringPlans.id, monitoringDecisions.planId))
        .leftJoin(users, eq(users.id, monitoringDecisions.decidedBy))
        .where(eq(monitoringPlans.studentId, studentId))
        .orderBy(monitoringDecisions.id),
  );

  await addSelected(
    "shares",
    "Recordings shared with the family",
    {
      id: recordingShares.id,
      recordingId: recordingShares.recordingId,
      sentTo: recordingShares.email,
      createdAt: recordingShares.createdAt,
      expiresAt: recordingShares.expiresAt,
      revokedAt: recordingShares.revokedAt,
      views: recordingShares.views,
      lastViewedAt: recordingShares.lastViewedAt,
    },
    (select) =>
      select
        .from(recordingShares)
        .where(inArray(recordingShares.recordingId, recordingIds))
        .orderBy(recordingShares.createdAt, recordingShares.id),
  );

  await addSelected(
    "recording-views",
    "Who viewed which recording, and when",
    {
      id: recordingViews.id,
      recordingId: recordingViews.recordingId,
      viewerKind: recordingViews.viewerKind,
      viewer: nameOf(viewer),
      viewerRole: viewer.role,
      onBehalfOfId: recordingViews.onBehalfOfId,
      shareId: recordingViews.shareId,
      viewedAt: recordingViews.viewedAt,
    },
    (select) =>
      select
        .from(recordingViews)
        .leftJoin(viewer, eq(viewer.id, recordingViews.viewerId))
        .where(inArray(recordingViews.recordingId, recordingIds))
        .orderBy(recordingViews.viewedAt, recordingViews.id),
  );

  // The scanned slip's storage key stays out, as a recording's do.
  const consentColumns = {
    id: consentRecords.id,
    kind: consentRecords.kind,
    method: consentRecords.method,
    givenOn: consentRecords.givenOn,
    note: consentRecords.note,
    recordedBy: nameOf(recorder),
    recordedAt: consentRecords.recordedAt,
    withdrawnAt: consentRecords.withdrawnAt,
  };
  const consentRows = await db
    .select({
      ...consentColumns,
      documentKey: consentRecords.documentKey,
      documentType: consentRecords.documentType,
    })
    .from(consentRecords)
    .leftJoin(recorder, eq(recorder.id, consentRecords.recordedBy))
    .where(eq(consentRecords.studentId, studentId))
    .orderBy(consentRecords.recordedAt, consentRecords.id);
  const consent = consentRows.map(({ documentKey, documentType, ...c }) => {
    const document = documentKey
      ? `media/consent/${c.id}.${extensionOf(documentType, "bin")}`
      : null;
    if (documentKey && document) media.push({ key: documentKey, path: document });
    return { ...c, document };
  });
  add(
    "consent-records",
    "Consent to record",
    [...Object.keys(consentColumns), "document"],
    consent,
  );

  await addSelected(
    "group-memberships",
    "Groups",
    { group: studentGroups.name, createdAt: studentGroups.createdAt },
    (select) =>
      select
        .from(groupMemberships)
        .innerJoin(studentGroups, eq(studentGroups.id, groupMemberships.groupId))
        .where(eq(groupMemberships.studentId, studentId)),
  );

  const { studentId: _student, ...preferenceColumns } = getTableColumns(familyPreferences);
  await addSelected("family-preferences", "Family email preferences", preferenceColumns, (select) =>
    select.from(familyPreferences).where(eq(familyPreferences.studentId, studentId)),
  );

  await addSelected(
    "weekly-reports",
    "Weekly reports to the family",
    {
      weekStart: weeklyReports.weekStart,
      status: weeklyReports.status,
      createdAt: weeklyReports.createdAt,
    },
    (select) =>
      select
        .from(weeklyReports)
        .where(eq(weeklyReports.studentId, studentId))
        .orderBy(weeklyReports.weekStart),
  );

  return { kinds, media };
}
