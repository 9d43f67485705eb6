import {
  accountMessages,
  type ClassConsentCounts,
  classHasConsent,
  fluencyRecordingPossible,
  type SavedPreferences,
  type SettingsLoadResponse,
  type SettingsUpdateParamsResponse,
  type StudentPreferences,
} from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../../core/audit.ts";
import { classConsentCountsOf } from "../../core/consent-on-file.ts";
import type { Auth } from "../../core/context.ts";
import { notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { classSettings, schools, users } from "../../db/schema/index.ts";
import { classCodeOf } from "../auth/index.ts";
import { type Billing, subscriptionOf } from "./billing/copy.ts";
import {
  type ClassSettings,
  COLUMN_OF,
  loadClassSettings,
  preferencesOf,
} from "./class-settings.ts";

/**
 * The settings path names an account: only the caller's own. Anyone else's id answers as an
 * id naming nothing, so the route never tells which accounts exist.
 */
export function ownAccount(auth: Auth, teacherId: number): number {
  if (teacherId !== auth.user.id) throw notFound();
  return teacherId;
}

async function accountRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      role: users.role,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      studentLoginType: users.studentLoginType,
      mailAddress1: users.mailAddress1,
      mailCity: users.mailCity,
      mailState: users.mailState,
      mailZip: users.mailZip,
      howITeach: users.howITeach,
      deviceNumber: users.deviceNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return ownedOr404(row);
}

/**
 * The class preferences by the spec's names. The two consent fields are derived (issue 19): a
 * kind is "on file" when every student of the class has a record of it in force.
 */
async function preferencesFor(
  db: Db,
  userId: number,
  studentLoginType: "input" | "select",
): Promise<{ preferences: StudentPreferences; consent: ClassConsentCounts }> {
  const settings = await loadClassSettings(db, userId);
  const consent = await classConsentCountsOf(db, userId);
  return {
    preferences: {
      ...preferencesOf(settings),
      student_username: studentLoginType,
      student_fluency_have_parent_permission: classHasConsent(consent, "parent_permission"),
      student_fluency_have_admin_approval: classHasConsent(consent, "admin_approval"),
    },
    consent,
  };
}

/** The load verb: the account's own fields, its subscription and the class preferences. */
export async function loadSettings(
  billing: Billing,
  auth: Auth,
): Promise<Omit<SettingsLoadResponse, "success">> {
  const userId = auth.user.id;
  const account = await accountRow(billing.db, userId);
  const { preferences, consent } = await preferencesFor(
    billing.db,
    userId,
    account.studentLoginType,
  );
  return {
    message: accountMessages.loaded,
    username: account.username,
    firstname: account.firstName,
    lastname: account.lastName,
    email: account.email ?? "",
    mailaddress1: account.mailAddress1,
    mailcity: account.mailCity,
    mailstate: account.mailState,
    mailzip: account.mailZip,
    _is_actual_teacher: account.role === "teacher",
    publishableKey: billing.provider.publishableKey,
    student: preferences,
    subscription: await subscriptionOf(billing, userId),
    howTeach:
      account.howITeach && account.deviceNumber
        ? { how_i_teach: account.howITeach, device_number: account.deviceNumber }
        : null,
    fluencyRecordingPossible: fluencyRecordingPossible(account.role),
    fluencyConsent: consent,
    impersonating: auth.impersonator !== null,
    class_code: await classCodeOf(billing.db, userId),
  };
}

/** Pages that read these preferences beyond this one: the roster, the class's sign-in page. */
const SHOWN_ELSEWHERE = ["record_student_fluency", "student_username"] as const;

/**
 * update_params: the preferences sent replace the saved ones; those left out stay. Consent is
 * not among them (it is recorded per student on the consent page). Every change is audited.
 */
export async function updatePreferences(
  db: Db,
  auth: Auth,
  changes: Partial<SavedPreferences>,
  ip: string,
): Promise<Omit<SettingsUpdateParamsResponse, "success">> {
  const userId = auth.user.id;
  return db.transaction(async (tx) => {
    const account = await accountRow(tx, userId);
    const { preferences: before } = await preferencesFor(tx, userId, account.studentLoginType);
    const after: StudentPreferences = { ...before, ...changes };
    const changed = (Object.keys(after) as (keyof StudentPreferences)[]).filter(
      (name) => after[name] !== before[name],
    );
    const stored = Object.fromEntries(
      Object.entries(COLUMN_OF).map(([name, column]) => [
        column,
        after[name as keyof typeof COLUMN_OF],
      ]),
    ) as ClassSettings;
    await tx
      .insert(classSettings)
      .values({ teacherId: userId, ...stored })
      .onConflictDoUpdate({
        target: classSettings.teacherId,
        set: { ...stored, updatedAt: sql`now()` },
      });
    if (after.student_username !== before.student_username)
      await tx
        .update(users)
        .set({ studentLoginType: after.student_username })
        .where(eq(users.id, userId));
    if (changed.length > 0)
      await recordAudit(tx, {
        actor: auth,
        target: userId,
        action: "class_settings.update",
        ip,
        details: Object.fromEntries(changed.map((name) => [name, after[name]])),
      });
    return {
      ...after,
      message: accountMessages.preferencesSaved,
      reload_nav: SHOWN_ELSEWHERE.some((name) => changed.includes(name)),
    };
  });
}

/** clear_welcome_message: students' home pages show no class message. */
export async function clearWelcomeMessage(db: Db, auth: Auth, ip: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(classSettings)
      .values({ teacherId: auth.user.id, welcomeMessage: "" })
      .onConflictDoUpdate({
        target: classSettings.teacherId,
        set: { welcomeMessage: "", updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actor: auth,
      target: auth.user.id,
      action: "class_settings.clear_welcome_message",
      ip,
    });
  });
  return { message: accountMessages.welcomeCleared };
}

/** Who the permission slip is from: the teacher's name and school. */
export async function slipSender(db: Db, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      schoolName: sql<string | null>`coalesce(${schools.name}, ${users.schoolNameTyped})`,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  return ownedOr404(row);
}
