import {
  CUSTOM_MESSAGE_TOKEN,
  type MailTemplate,
  PARENT_CATALOGS,
  type ParentLanguage,
  type ParentMessageId,
} from "@refrain/domain";
import { createElement as h, type ReactNode } from "react";
import { paragraph } from "../../mail-layout.ts";
import { parentIntl } from "./mail/intl.ts";
import type { ParentMailContent } from "./parent-mail.ts";

/**
 * Parent Connect's templates (issue 16 part 2), written by us in English and Spanish: their
 * words are ICU messages of the parent catalogs (`connect.*`), whose arguments are the
 * template's tokens, so a token the teacher sees in the English subject is the very argument
 * each parent's language fills in. The teacher's own message is never parsed as ICU: it is
 * their text, shown as they typed it.
 */

/** What a token stands for, for one recipient. */
export interface TokenValues {
  student_first_name: string;
  student_username: string;
  teacher_name: string;
  teacher_username: string;
  sign_in_url: string;
  lessons_completed: number;
  /** The average exam score as a fraction (0.85), or null when the student has none yet. */
  average_score: number | null;
  custom_message: string;
}
export type Token = keyof TokenValues;

/** One part of a template's body, written for one parent. */
type Block = (values: TokenValues, language: ParentLanguage) => ReactNode;

const message =
  (id: ParentMessageId): Block =>
  (values, language) =>
    paragraph(parentIntl(language).formatMessage({ id }, icuValues(values)));

/** The teacher's words: a paragraph per blank-line-separated part, its line breaks kept. */
const customMessage: Block = (values) =>
  values.custom_message
    .trim()
    .split(/\n\s*\n/)
    .map((part, i) =>
      h(
        "div",
        { key: i },
        paragraph(
          part.split("\n").flatMap((line, j) => (j === 0 ? [line] : [h("br", { key: j }), line])),
        ),
      ),
    );

/** The progress note's score line: the average, or that there is none yet. */
const score: Block = (values, language) =>
  message(values.average_score === null ? "connect.progress.noScore" : "connect.progress.score")(
    values,
    language,
  );

interface TemplateDef {
  id: string;
  /** The teacher's name for it in the picker (the teacher's side is in English). */
  title: string;
  subject: ParentMessageId;
  tokens: Token[];
  body: Block[];
  /** Needs the student's lessons completed and average score. */
  progress?: boolean;
  /** Carries the recording permission slip to sign and return. */
  permissionSlip?: boolean;
}

const TEMPLATES: TemplateDef[] = [
  {
    id: "welcome",
    title: "Welcome to the class and how the program works",
    subject: "connect.welcome.subject",
    tokens: ["teacher_name", "student_first_name"],
    body: [
      message("connect.welcome.greeting"),
      message("connect.welcome.how"),
      message("connect.welcome.home"),
      message("connect.welcome.contact"),
    ],
  },
  {
    id: "sign-in-at-home",
    title: "How to sign in at home",
    subject: "connect.signIn.subject",
    tokens: ["student_first_name", "sign_in_url", "teacher_username", "student_username"],
    body: [
      message("connect.signIn.intro"),
      message("connect.signIn.teacher"),
      message("connect.signIn.student"),
      message("connect.signIn.password"),
      message("connect.signIn.often"),
    ],
  },
  {
    id: "recording-permission",
    title: "Permission to record your child's reading",
    subject: "connect.permission.subject",
    tokens: ["student_first_name"],
    body: [
      message("connect.permission.intro"),
      message("connect.permission.what"),
      message("connect.permission.who"),
      message("connect.permission.keep"),
      message("connect.permission.no"),
    ],
    permissionSlip: true,
  },
  {
    id: "progress-note",
    title: "Progress note with the student's numbers",
    subject: "connect.progress.subject",
    tokens: [
      "student_first_name",
      "lessons_completed",
      "average_score",
      "teacher_name",
      CUSTOM_MESSAGE_TOKEN,
    ],
    body: [
      message("connect.progress.lessons"),
      score,
      message("connect.progress.note"),
      customMessage,
    ],
    progress: true,
  },
  {
    id: "blank-note",
    title: "Blank note (your message only)",
    subject: "connect.blank.subject",
    tokens: ["teacher_name", CUSTOM_MESSAGE_TOKEN],
    body: [customMessage],
  },
];

export type ConnectTemplate = TemplateDef;

/** A template by id, or undefined for one we do not have. */
export const templateById = (id: string): ConnectTemplate | undefined =>
  TEMPLATES.find((t) => t.id === id);

/** The English subject with its tokens: what the teacher browses and starts editing from. */
const englishSubject = (t: ConnectTemplate) => PARENT_CATALOGS.en[t.subject];

/** The browse call's list (§3 Mail template). */
export const browseTemplates = (): MailTemplate[] =>
  TEMPLATES.map((t) => ({
    id: t.id,
    title: t.title,
    subject: englishSubject(t),
    token_list: [...t.tokens],
  }));

/** ICU's arguments: a missing score is never formatted (the other message is used). */
const icuValues = (values: TokenValues) => ({
  ...values,
  average_score: values.average_score ?? 0,
});

/**
 * A subject the teacher edited, with the tokens filled in as text. Braces that name no token
 * stay as typed; the teacher's words are not a message format.
 */
function fillTokens(subject: string, values: TokenValues, language: ParentLanguage): string {
  const intl = parentIntl(language);
  return subject.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values) || name === CUSTOM_MESSAGE_TOKEN) return whole;
    const value = values[name as Token];
    if (name === "average_score")
      return value === null ? "" : intl.formatNumber(value as number, { style: "percent" });
    return typeof value === "number" ? intl.formatNumber(value) : String(value);
  });
}

/**
 * The mail for one parent: their language's subject, unless the teacher changed the English one
 * (then theirs, tokens filled), and the template's body in their language.
 */
export function composeTemplate(
  template: ConnectTemplate,
  subject: string,
  values: TokenValues,
  language: ParentLanguage,
): ParentMailContent {
  const edited = subject.trim() !== englishSubject(template).trim();
  return {
    subject: edited
      ? fillTokens(subject.trim(), values, language)
      : parentIntl(language).formatMessage({ id: template.subject }, icuValues(values)),
    content: template.body.map((block, i) => h("div", { key: i }, block(values, language))),
  };
}
