import type { ClassConsentCounts, ConsentOnFile } from "@refrain/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { consentRecords, users } from "../db/schema/index.ts";
import { studentsOf } from "./access.ts";

/** Condition on `consent_records`: still in force. */
export const notWithdrawn = isNull(consentRecords.withdrawnAt);

/**
 * Which consents a student has on file (a record of the kind not withdrawn). Every place that
 * decides whether a student may record reads it here, fresh on each call, so a withdrawal
 * refuses the very next recording.
 */
export async function consentOnFile(db: Db, studentId: number): Promise<ConsentOnFile> {
  const rows = await db
    .selectDistinct({ kind: consentRecords.kind })
    .from(consentRecords)
    .where(and(eq(consentRecords.studentId, studentId), notWithdrawn));
  const kinds = new Set(rows.map((r) => r.kind));
  return {
    parent_permission: kinds.has("parent_permission"),
    admin_approval: kinds.has("admin_approval"),
  };
}

/** How many of a class's students have each consent on file (the settings card's "12 of 14"). */
export async function classConsentCountsOf(db: Db, teacherId: number): Promise<ClassConsentCounts> {
  const withKind = (kind: "parent_permission" | "admin_approval") =>
    sql<number>`(count(distinct ${users.id}) filter (where ${consentRecords.kind} = ${kind}))::int`;
  const [row] = await db
    .select({
      students: sql<number>`count(distinct ${users.id})::int`,
      parent_permission: withKind("parent_permission"),
      admin_approval: withKind("admin_approval"),
    })
    .from(users)
    .leftJoin(consentRecords, and(eq(consentRecords.studentId, users.id), notWithdrawn))
    .where(studentsOf(teacherId));
  return row ?? { students: 0, parent_permission: 0, admin_approval: 0 };
}
