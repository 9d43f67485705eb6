import {
  type ConnectInput,
  connectMessages,
  fullName,
  type MailableStudent,
  needsCustomMessage,
  PERMISSION_SLIP_FILE,
  schoolYearStart,
} from "@refrain/domain";
import { and, avg, count, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { MailAttachment } from "../../adapters/mail.ts";
import { studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { AppServices, Auth } from "../../core/context.ts";
import { invalid, notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { assignments, examAttempts, users } from "../../db/schema/index.ts";
import { permissionSlipDocx, slipSender } from "../account/index.ts";
import {
  addresseesWhere,
  type ParentAddressee,
  renderParentMail,
  sendParentMail,
  skipReasonOf,
} from "./parent-mail.ts";
import {
  type ConnectTemplate,
  composeTemplate,
  type TokenValues,
  templateById,
} from "./templates.ts";

/**
 * Parent Connect (issue 16 part 2): the teacher's mailable students, a preview of a template for
 * one of them, and the send, one message per parent in the parent's language through
 * `sendParentMail`, which skips whoever stopped these e-mails meanwhile.
 */

type Deps = Pick<AppServices, "db" | "mailer" | "config" | "limiter">;
type Input = Required<Pick<ConnectInput, "subject" | "student_ids">> & {
  custom_message?: string;
};

/** The teacher's students whose parents receive parent e-mails now (§3 Mailable student), in the class order. */
export async function mailableStudents(db: Db, teacherId: number): Promise<MailableStudent[]> {
  const rows = await addresseesWhere(db, and(studentsOf(teacherId), isNotNull(users.parentEmail)));
  return rows
    .filter((row) => skipReasonOf(row, "parent_emails") === null)
    .map((row) => ({
      id: row.studentId,
      name: fullName(row.firstName, row.lastName),
      parentEmail: row.parentEmail ?? "",
      selected: false,
    }));
}

/** The template, 404 when we have none by that id; 422 when its message editor is left empty. */
function checkedTemplate(templateId: string, input: Input): ConnectTemplate {
  const template = templateById(templateId);
  if (!template) throw notFound();
  const tokens = { token_list: template.tokens };
  if (needsCustomMessage(tokens) && !input.custom_message?.trim())
    throw invalid({ custom_message: [connectMessages.noCustomMessage] });
  return template;
}

/** The chosen students, in the order chosen; 404 if any is not the teacher's (nothing is sent). */
async function chosenStudents(db: Db, teacherId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await addresseesWhere(db, and(inArray(users.id, unique), studentsOf(teacherId)));
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((row) => [row.studentId, row]));
  return unique.map((id) => byId.get(id) as ParentAddressee);
}

/** Lessons completed and the average exam score this school year, per student. */
async function progressOf(db: Db, studentIds: number[]) {
  const since = new Date(`${schoolYearStart(new Date())}T00:00:00Z`);
  const lessons = await db
    .select({ studentId: assignments.studentId, n: count() })
    .from(assignments)
    .where(
      and(
        inArray(assignments.studentId, studentIds),
        eq(assignments.status, "completed"),
        gte(assignments.completedAt, since),
      ),
    )
    .groupBy(assignments.studentId);
  const scores = await db
    .select({ studentId: examAttempts.studentId, mean: avg(examAttempts.percent) })
    .from(examAttempts)
    .where(
      and(
        inArray(examAttempts.studentId, studentIds),
        gte(examAttempts.createdAt, since),
        // An attempt with nothing solved has no score (grading spec §3).
        isNotNull(examAttempts.percent),
      ),
    )
    .groupBy(examAttempts.studentId);
  const lessonsOf = new Map(lessons.map((r) => [r.studentId, r.n]));
  const scoreOf = new Map(scores.map((r) => [r.studentId, r.mean]));
  return (id: number) => {
    const mean = scoreOf.get(id);
    return {
      lessons_completed: lessonsOf.get(id) ?? 0,
      // Whole percents, as the student's reports show them.
      average_score: mean == null ? null : Math.round(Number(mean)) / 100,
    };
  };
}

/** What the teacher's side of every mail says: their name, sign-in name and reply address. */
async function teacherOf(db: Db, auth: Auth) {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, auth.user.id));
  return {
    name: fullName(auth.user.firstName, auth.user.lastName),
    username: auth.user.username,
    email: row?.email ?? undefined,
  };
}

/** A composer for the chosen template and students: each parent's mail in their language. */
async function composerFor(
  deps: Deps,
  auth: Auth,
  template: ConnectTemplate,
  input: Input,
  students: ParentAddressee[],
) {
  const teacher = await teacherOf(deps.db, auth);
  const progress = template.progress
    ? await progressOf(
        deps.db,
        students.map((s) => s.studentId),
      )
    : () => ({ lessons_completed: 0, average_score: null });
  const slip: MailAttachment[] = template.permissionSlip
    ? [
        {
          filename: PERMISSION_SLIP_FILE,
          contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          content: await permissionSlipDocx(await slipSender(deps.db, auth.user.id)),
        },
      ]
    : [];
  const valuesOf = (student: ParentAddressee): TokenValues => ({
    student_first_name: student.firstName,
    student_username: student.username,
    teacher_name: teacher.name,
    teacher_username: teacher.username,
    sign_in_url: `${deps.config.PUBLIC_URL}/student/login`,
    custom_message: input.custom_message ?? "",
    ...progress(student.studentId),
  });
  return {
    replyTo: teacher.email,
    compose: (student: ParentAddressee) => ({
      ...composeTemplate(template, input.subject, valuesOf(student), student.language),
      attachments: slip,
    }),
  };
}

/** The mail as the first chosen student's parent would receive it (§3 Mail preview). */
export async function previewMail(deps: Deps, auth: Auth, templateId: string, input: Input) {
  const template = checkedTemplate(templateId, input);
  const students = await chosenStudents(deps.db, auth.user.id, input.student_ids);
  const first = students[0] as ParentAddressee;
  const { compose } = await composerFor(deps, auth, template, input, [first]);
  const mail = await renderParentMail(deps.config, first, "parent_emails", compose(first));
  return { subject: mail.subject, body: mail.html };
}

/**
 * One message per chosen student's parent. The teacher's daily allowance counts each parent
 * mailed, all or none; each message sent is audited against its student.
 */
export async function sendMail(
  deps: Deps,
  auth: Auth,
  templateId: string,
  input: Input,
  ip: string,
) {
  const template = checkedTemplate(templateId, input);
  const students = await chosenStudents(deps.db, auth.user.id, input.student_ids);
  const reachable = students.filter((s) => skipReasonOf(s, "parent_emails") === null);
  if (reachable.length > 0)
    await deps.limiter.take("parentMailsPerTeacher", String(auth.user.id), reachable.length);
  const { compose, replyTo } = await composerFor(deps, auth, template, input, reachable);
  let queued = 0;
  for (const student of reachable) {
    const result = await sendParentMail(deps, {
      student,
      list: "parent_emails",
      compose,
      replyTo,
    });
    if (result.status !== "queued") continue;
    queued += 1;
    await recordAudit(deps.db, {
      actor: auth,
      action: "families.parent_mail",
      target: student.studentId,
      ip,
      details: { template: template.id, outboxId: result.outboxId },
    });
  }
  const skipped = students.length - queued;
  const message = [
    connectMessages.queued(queued),
    skipped > 0 ? connectMessages.skipped(skipped) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { queued, message };
}
