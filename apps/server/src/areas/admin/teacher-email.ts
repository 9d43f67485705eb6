import { Link } from "@react-email/components";
import {
  COMPANY,
  type EmailView,
  fullName,
  type StudentSummary,
  schoolYearToDate,
} from "@refrain/domain";
import { eq } from "drizzle-orm";
import { type CSSProperties, createElement as h } from "react";
import type { MailMessage } from "../../adapters/mail.ts";
import { recordAudit } from "../../core/audit.ts";
import type { AppContext, Auth } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import { schools, users } from "../../db/schema/index.ts";
import { linkStyle, mailLayout, paragraph, renderMail, withBreaks } from "../../mail-layout.ts";
import { classSummary } from "../reports/index.ts";

/**
 * A teacher's e-mail to their school admin or colleagues (access spec screen 18, §7; classroom
 * spec "Teacher email summary"): the teacher's own words, a few figures of their class this
 * school year from the class summary's reads, and where to learn more. The preview is the very
 * HTML a send mails, so what the teacher sees is what arrives.
 */

type Deps = Pick<AppContext, "db" | "mailer" | "config" | "limiter">;

export interface TeacherLetterInput {
  view: EmailView;
  message: string;
}

/** One line of the class's figures: a label and its value, or null when nothing was measured. */
export interface ClassFigure {
  label: string;
  value: string | null;
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

const measured = (rows: readonly StudentSummary[], pick: (row: StudentSummary) => number | null) =>
  rows.flatMap((row) => {
    const value = pick(row);
    return value === null ? [] : [value];
  });

/**
 * The class's figures, each student weighing the same, as the class summary's group rows do.
 * Cold and hot reads stand side by side because their difference is what repeated reading is
 * meant to grow.
 */
export function classFiguresOf(rows: readonly StudentSummary[]): ClassFigure[] {
  const wcpm = (value: number | null) => (value === null ? null : `${value} words correct/min`);
  const judged = rows.filter((row) => row.goals !== "none");
  const comprehension = mean(measured(rows, (row) => row.comprehension));
  return [
    { label: "Students", value: String(rows.length) },
    {
      label: "Students who worked on a lesson",
      value: String(rows.filter((row) => row.stories > 0).length),
    },
    { label: "Lessons completed", value: String(rows.reduce((n, row) => n + row.lessons, 0)) },
    { label: "Average exam score", value: comprehension === null ? null : `${comprehension}%` },
    {
      label: "First read of a lesson (cold read)",
      value: wcpm(mean(measured(rows, (r) => r.cold))),
    },
    { label: "After practice (hot read)", value: wcpm(mean(measured(rows, (r) => r.hot))) },
    {
      label: "Fluency goal met",
      value:
        judged.length === 0
          ? null
          : `${judged.filter((row) => row.goals === "met").length} of ${judged.length} students`,
    },
  ];
}

const SUBJECTS: Record<EmailView, (teacher: string) => string> = {
  school_admin: (teacher) => `${teacher} shared their class's ${COMPANY.product} summary`,
  colleague: (teacher) => `${teacher} recommends ${COMPANY.product} for your class`,
};

interface Sender {
  name: string;
  email: string | null;
  school: string | null;
}

async function senderOf(db: Deps["db"], userId: number): Promise<Sender> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      school: schools.name,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  const sender = ownedOr404(row);
  return {
    name: fullName(sender.firstName, sender.lastName) || sender.username,
    email: sender.email,
    school: sender.school,
  };
}

/** The letter's text and HTML, the same for every recipient (no greeting by name: none is known). */
export async function teacherLetter(
  sender: Sender,
  input: TeacherLetterInput,
  figures: readonly ClassFigure[],
  publicUrl: string,
): Promise<Required<Pick<MailMessage, "subject" | "text" | "html">>> {
  const from = sender.school ? `${sender.name} (${sender.school})` : sender.name;
  const intro = `${from} teaches with ${COMPANY.product} and wrote to you:`;
  const paragraphs = input.message.split(/\n{2,}/).filter((p) => p.trim() !== "");
  const heading = "Their class this school year";
  const shown = figures.map((f) => ({ label: f.label, value: f.value ?? "not measured yet" }));
  const links = [
    { label: "What the research says about repeated reading", url: `${publicUrl}/du-summary` },
    { label: "Ask for a quote for your school", url: `${publicUrl}/quote` },
  ];
  const closing = sender.email
    ? `Replying to this email reaches ${sender.name} at ${sender.email}.`
    : `This email was sent by ${COMPANY.product} for ${sender.name}.`;

  const text = [
    intro,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `${heading}:`,
    ...shown.map((f) => `- ${f.label}: ${f.value}`),
    "",
    "Learn more:",
    ...links.map((l) => `- ${l.label}: ${l.url}`),
    "",
    closing,
  ].join("\n");
  const cell: CSSProperties = {
    padding: "4px 12px 4px 0",
    borderBottom: "1px solid #dee2e6",
    textAlign: "left",
  };
  const subject = SUBJECTS[input.view](sender.name);
  const { html } = await renderMail(
    mailLayout({ language: "en", title: subject, preview: intro, footer: [closing] }, [
      paragraph(intro),
      ...paragraphs.map((p) =>
        h(
          "blockquote",
          { style: { margin: "0 0 12px", paddingLeft: "12px", borderLeft: "3px solid #0a7558" } },
          withBreaks(p),
        ),
      ),
      h("h2", { style: { fontSize: "18px" } }, heading),
      h(
        "table",
        { style: { borderCollapse: "collapse" } },
        h(
          "tbody",
          null,
          ...shown.map((f) =>
            h(
              "tr",
              null,
              h("th", { scope: "row", style: { ...cell, fontWeight: "normal" } }, f.label),
              h("td", { style: cell }, h("strong", null, f.value)),
            ),
          ),
        ),
      ),
      paragraph("Learn more:"),
      h(
        "ul",
        null,
        ...links.map((l) => h("li", null, h(Link, { href: l.url, style: linkStyle }, l.label))),
      ),
    ]),
  );
  return { subject, text, html };
}

/** The letter for the signed-in teacher, with their class's figures of this school year so far. */
async function letterFor(deps: Deps, teacherId: number, input: TeacherLetterInput) {
  const [sender, summary] = await Promise.all([
    senderOf(deps.db, teacherId),
    classSummary(deps.db, teacherId, {
      ...schoolYearToDate(new Date()),
      student_id: "overall",
      type: "all",
    }),
  ]);
  return {
    sender,
    letter: await teacherLetter(
      sender,
      input,
      classFiguresOf(summary.students),
      deps.config.PUBLIC_URL,
    ),
  };
}

/** The HTML a send would mail. */
export async function previewTeacherEmail(deps: Deps, auth: Auth, input: TeacherLetterInput) {
  return (await letterFor(deps, auth.user.id, input)).letter.html;
}

/**
 * Mails the letter to each address (already only the valid ones, without repeats). Every
 * recipient counts against the teacher's daily allowance, and the whole send is refused before
 * anything goes out when it would pass it. Replies go to the teacher, not to us.
 */
export async function sendTeacherEmail(
  deps: Deps,
  auth: Auth,
  input: TeacherLetterInput & { emails: readonly string[] },
  ip: string,
): Promise<number> {
  const teacherId = auth.user.id;
  const { sender, letter } = await letterFor(deps, teacherId, input);
  await deps.limiter.take("summaryMailsPerTeacher", String(teacherId), input.emails.length);
  await recordAudit(deps.db, {
    actor: auth,
    action: "teacher.summary_email",
    target: teacherId,
    ip,
    details: { view: input.view, to: input.emails },
  });
  for (const to of input.emails)
    await deps.mailer.send({ to, ...letter, ...(sender.email && { replyTo: sender.email }) });
  return input.emails.length;
}
