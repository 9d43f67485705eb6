import { Text } from "@react-email/components";
import {
  hasActivity,
  type ParentLanguage,
  practiceMinutes,
  readingAgainstGoal,
  weekLastDay,
} from "@refrain/domain";
import { type CSSProperties, Fragment, createElement as h, type ReactNode } from "react";
import { dateRangeText, dateText } from "../../../core/date-text.ts";
import { paragraph } from "../../../mail-layout.ts";
import { parentIntl } from "../mail/intl.ts";
import type { StudentWeek } from "./week-data.ts";

/** A weekly report's own words, in the parent's language; the parent mail layout frames them. */
export interface WeeklyReportContent {
  subject: string;
  preview: string;
  content: ReactNode;
}

/*
 * Written with createElement, like the layout (decision 0001: no JSX on the server). Children
 * are passed as arguments rather than arrays, so React asks for no keys.
 */
const heading: CSSProperties = {
  color: "#212529",
  fontSize: "17px",
  fontWeight: 700,
  lineHeight: "24px",
  margin: "20px 0 4px",
};
const item: CSSProperties = {
  color: "#212529",
  fontSize: "16px",
  lineHeight: "24px",
  margin: "0 0 4px",
  paddingLeft: "12px",
};
const quote: CSSProperties = {
  ...item,
  borderLeft: "3px solid #1c7ed6",
  fontStyle: "italic",
  margin: "4px 0 12px",
  whiteSpace: "pre-line",
};

const title = (text: string) => h(Text, { style: heading }, text);
/** A line of a list: a plain paragraph with a dash, which every client and text part keeps. */
const line = (text: string) => h(Text, { style: item }, `– ${text}`);
const block = (...children: ReactNode[]) => h(Fragment, null, ...children);

/**
 * A sentence that ends on a title with a stop of its own ("Next up: Fly, Kite, Fly!.") keeps
 * the title's and drops the message's full stop, in any language whose sentence ends that way.
 */
const oneFullStop = (sentence: string) => sentence.replace(/([.!?…])\.$/u, "$1");

/**
 * The weekly report of `week` (the week starting `weekStart`), in `language`. A week without
 * activity gets the short encouragement of decision 0023, with the teacher's message and what
 * comes next when there are some; an active one gets every part that has something to say.
 */
export function weeklyReportContent(
  week: StudentWeek,
  language: ParentLanguage,
  weekStart: string,
): WeeklyReportContent {
  const intl = parentIntl(language);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const name = week.firstName;
  const dates = dateRangeText(weekStart, weekLastDay(weekStart), intl.locale);

  const feedback = week.feedback
    ? block(
        title(
          t("weeklyReport.feedback.title", {
            teacher: week.feedback.teacherName,
            date: dateText(week.feedback.at, intl.locale),
          }),
        ),
        h(Text, { style: quote }, week.feedback.message),
      )
    : null;
  const next = week.next
    ? paragraph(oneFullStop(t("weeklyReport.next", { lesson: week.next })))
    : null;

  // The window's result in plain words, never a percentile alone (issue 39).
  const screeningPart = week.screening
    ? paragraph(t("screening.result", { name, ...week.screening }))
    : null;

  if (!hasActivity(week)) {
    return {
      subject: t("weeklyReport.quiet.subject", { name }),
      preview: t("weeklyReport.quiet.preview"),
      content: block(
        paragraph(t("weeklyReport.quiet.body", { name })),
        screeningPart,
        feedback,
        next,
      ),
    };
  }

  const lessonsPart =
    week.lessonsWorked > 0
      ? block(
          paragraph(t("weeklyReport.lessonsWorked", { name, count: week.lessonsWorked })),
          ...week.lessonTitles.map(line),
        )
      : null;
  const completedPart =
    week.lessonsCompleted > 0
      ? paragraph(t("weeklyReport.lessons", { name, count: week.lessonsCompleted }))
      : null;
  const playsPart =
    week.readAlongs > 0
      ? paragraph(t("weeklyReport.readAlongs", { name, count: week.readAlongs }))
      : null;
  const quizPart =
    week.quizScores.filter((q) => q.percent !== null).length > 0
      ? block(
          title(t("weeklyReport.quizzes.title")),
          ...week.quizScores
            .filter((q) => q.percent !== null)
            .map((q) =>
              line(
                t("weeklyReport.quiz", {
                  lesson: q.lesson,
                  day: q.day,
                  score: (q.percent ?? 0) / 100,
                }),
              ),
            ),
        )
      : null;
  const latest = week.graded.at(-1);
  const goal = latest ? readingAgainstGoal(week.grade, latest.wcpm, latest.at) : null;
  const readingsPart =
    week.recordings > 0
      ? block(
          paragraph(t("weeklyReport.readings", { name, count: week.recordings })),
          ...week.graded.map((g) =>
            line(
              t("weeklyReport.reading", {
                lesson: g.lesson,
                kind: g.classification,
                wcpm: g.wcpm,
              }),
            ),
          ),
          goal
            ? paragraph(t("weeklyReport.goal", { status: goal.status, target: goal.target }))
            : null,
        )
      : null;
  const minutesPart = paragraph(
    t("weeklyReport.minutes", { name, minutes: practiceMinutes(week.seconds) }),
  );

  return {
    subject: t("weeklyReport.subject", { name, dates }),
    preview: t("weeklyReport.preview", { name }),
    content: block(
      paragraph(t("weeklyReport.intro", { name, dates })),
      lessonsPart,
      completedPart,
      playsPart,
      quizPart,
      readingsPart,
      screeningPart,
      minutesPart,
      feedback,
      next,
      paragraph(t("weeklyReport.closing", { name })),
    ),
  };
}
