import {
  familiesMessages,
  type ManagedStudent,
  PARENT_LIST_LABELS,
  type ParentList,
  type ParentRowInput,
} from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { classOrder, studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { dateText } from "../../core/date-text.ts";
import { invalid, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { familyPreferences, users } from "../../db/schema/index.ts";
import { parentChoiceColumns } from "./parent-mail.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Preferences = typeof familyPreferences.$inferSelect;

/** The columns of a row: the roster's names and address, and the preferences when they exist. */
const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  ...parentChoiceColumns,
};
/** The rows of students with their preferences: the preferences' columns are null without one. */
const withPreferences = (db: Db | Tx) =>
  db
    .select(rowColumns)
    .from(users)
    .leftJoin(familyPreferences, eq(familyPreferences.studentId, users.id));
type Row = Awaited<ReturnType<typeof withPreferences>>[number];

type Values = Omit<Preferences, "studentId" | "updatedAt">;

/** What the preferences row holds now, the table's defaults when there is none. */
const currentValues = (row: Row): Values => ({
  language: row.language ?? "en",
  sendWeeklyReport: row.sendWeeklyReport ?? false,
  sendParentEmails: row.sendParentEmails ?? false,
  weeklyReportUnsubscribedAt: row.weeklyReportUnsubscribedAt,
  parentEmailsUnsubscribedAt: row.parentEmailsUnsubscribedAt,
  bouncingAt: row.bouncingAt,
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A student without a preferences row gets nothing and reads English (the table's defaults). */
function present(row: Row): ManagedStudent {
  const values = currentValues(row);
  return {
    id: row.id,
    firstname: row.firstName,
    lastname: row.lastName,
    parent_email: row.parentEmail,
    send_weekly_report: values.sendWeeklyReport,
    send_parent_emails: values.sendParentEmails,
    send_weekly_report_unsubscribed: iso(values.weeklyReportUnsubscribedAt),
    send_parent_emails_unsubscribed: iso(values.parentEmailsUnsubscribedAt),
    parent_language: values.language,
    parent_email_bouncing: iso(values.bouncingAt),
  };
}

/** Each list's switch and unsubscribe date, by the columns and the answer's field. */
const LISTS = {
  weekly_report: {
    field: "student.send_weekly_report",
    send: "sendWeeklyReport",
    unsubscribedAt: "weeklyReportUnsubscribedAt",
  },
  parent_emails: {
    field: "student.send_parent_emails",
    send: "sendParentEmails",
    unsubscribedAt: "parentEmailsUnsubscribedAt",
  },
} as const satisfies Record<ParentList, { field: string; send: string; unsubscribedAt: string }>;

/**
 * The teacher's student with their preferences, the student's row locked for the transaction so
 * two saves of one student apply one after the other; 404 when not the teacher's.
 */
async function lockedRow(tx: Tx, teacherId: number, studentId: number): Promise<Row> {
  const [row] = await withPreferences(tx)
    .where(and(eq(users.id, studentId), studentsOf(teacherId)))
    .for("update", { of: users });
  return ownedOr404(row);
}

/** The teacher's students by last name, then first name, each with what the parent receives. */
export async function listParentRows(db: Db, teacherId: number): Promise<ManagedStudent[]> {
  const rows = await withPreferences(db)
    .where(studentsOf(teacherId))
    .orderBy(...classOrder);
  return rows.map(present);
}

/**
 * What a new parent address does to the student's preferences, wherever it is saved (the parent
 * e-mail manager, the roster's own form): a different address may no longer be refused, so its
 * bounce is forgotten; with no address nothing can be sent, so both switches go off.
 */
export function addressChangeEffects(
  previous: string | null,
  next: string | null,
): Partial<Pick<Values, "bouncingAt" | "sendWeeklyReport" | "sendParentEmails">> {
  if (next === previous) return {};
  return next === null
    ? { bouncingAt: null, sendWeeklyReport: false, sendParentEmails: false }
    : { bouncingAt: null };
}

/**
 * Applies `addressChangeEffects` to a student's stored preferences, for a save that wrote
 * users.parent_email itself. Without a preferences row there is nothing to change: the
 * table's defaults send nothing and know no bounce.
 */
export async function applyAddressChange(
  tx: Tx,
  studentId: number,
  previous: string | null,
  next: string | null,
) {
  const effects = addressChangeEffects(previous, next);
  if (Object.keys(effects).length === 0) return;
  await tx
    .update(familyPreferences)
    .set({ ...effects, updatedAt: new Date() })
    .where(eq(familyPreferences.studentId, studentId));
}

/** Writes the address (when given) and the whole preferences row, and answers the saved row. */
async function store(tx: Tx, saved: Row, parentEmail: string | null, values: Values) {
  if (parentEmail !== saved.parentEmail) {
    await tx.update(users).set({ parentEmail }).where(eq(users.id, saved.id));
  }
  const set = { ...values, updatedAt: new Date() };
  await tx
    .insert(familyPreferences)
    .values({ studentId: saved.id, ...set })
    .onConflictDoUpdate({ target: familyPreferences.studentId, set });
  return present({ ...saved, ...values, parentEmail });
}

/**
 * Saves one student's parent address, switches and language. A list the parent unsubscribed from
 * stays off here (422): only `resubscribe`, which the teacher confirms, switches it back on.
 * A changed or blank address follows `addressChangeEffects`.
 */
export async function saveParentRow(
  db: Db,
  teacherId: number,
  input: ParentRowInput,
): Promise<ManagedStudent> {
  const parentEmail = input.parent_email?.trim() || null;
  return db.transaction(async (tx) => {
    const saved = await lockedRow(tx, teacherId, input.id);
    const wanted = {
      weekly_report: input.send_weekly_report,
      parent_emails: input.send_parent_emails,
    } satisfies Record<ParentList, boolean>;
    const errors: Record<string, string[]> = {};
    for (const list of Object.keys(LISTS) as ParentList[]) {
      const { field, unsubscribedAt } = LISTS[list];
      const since = saved[unsubscribedAt];
      if (wanted[list] && since) {
        errors[field] = [familiesMessages.unsubscribed(PARENT_LIST_LABELS[list], dateText(since))];
      }
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    // No address, even an unchanged one, has nowhere to send to.
    const addressed = parentEmail !== null;
    return store(tx, saved, parentEmail, {
      ...currentValues(saved),
      language: input.parent_language,
      sendWeeklyReport: addressed && wanted.weekly_report,
      sendParentEmails: addressed && wanted.parent_emails,
      ...addressChangeEffects(saved.parentEmail, parentEmail),
    });
  });
}

/**
 * Clears the parent's unsubscribe from `list` and switches it on, once the teacher confirmed the
 * parent asked for it; audited, since it overrides the parent's own choice.
 */
export async function resubscribeParent(
  db: Db,
  auth: Auth,
  studentId: number,
  list: ParentList,
  ip: string,
): Promise<ManagedStudent> {
  return db.transaction(async (tx) => {
    const saved = await lockedRow(tx, auth.user.id, studentId);
    if (!saved.parentEmail) {
      throw invalid({ "student.parent_email": [familiesMessages.noAddress] });
    }
    const { send, unsubscribedAt } = LISTS[list];
    const values = currentValues(saved);
    values[send] = true;
    values[unsubscribedAt] = null;
    const answer = await store(tx, saved, saved.parentEmail, values);
    await recordAudit(tx, {
      actor: auth,
      action: "family.resubscribe",
      target: studentId,
      ip,
      details: { list },
    });
    return answer;
  });
}
