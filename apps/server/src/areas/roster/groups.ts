import {
  compareByLastName,
  type GroupMember,
  type GroupsState,
  groupsMessages,
} from "@refrain/domain";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { requireStudentOf, studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { invalid, notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { groupMemberships, studentGroups, users } from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";

/** The caller's groups with their members, and the students in none; both sorted by last name. */
export async function listGroups(db: Db, teacherId: number): Promise<GroupsState> {
  const groups = await db
    .select({ id: studentGroups.id, name: studentGroups.name })
    .from(studentGroups)
    .where(eq(studentGroups.teacherId, teacherId))
    .orderBy(asc(studentGroups.id));
  const students = await db
    .select({
      userId: users.id,
      name: users.firstName,
      lastname: users.lastName,
      membershipId: groupMemberships.id,
      groupId: groupMemberships.groupId,
    })
    .from(users)
    .leftJoin(groupMemberships, eq(groupMemberships.studentId, users.id))
    .where(studentsOf(teacherId));
  const member = (s: (typeof students)[number]): GroupMember => ({
    userId: s.userId,
    name: s.name,
    lastname: s.lastname,
    userMembershipId: s.membershipId ?? 0,
  });
  return {
    groups: groups.map((g) => ({
      details: { id: g.id, name: g.name },
      memberships: students
        .filter((s) => s.groupId === g.id)
        .map(member)
        .sort(compareByLastName),
    })),
    ungroupedStudents: students
      .filter((s) => s.groupId === null)
      .map(member)
      .sort(compareByLastName),
  };
}

async function ownGroup(db: Db, teacherId: number, groupId: number) {
  const [group] = await db
    .select({ id: studentGroups.id, name: studentGroups.name })
    .from(studentGroups)
    .where(and(eq(studentGroups.id, groupId), eq(studentGroups.teacherId, teacherId)));
  return ownedOr404(group);
}

/** Puts a student of the class into one of the caller's groups; group 0 takes them out of any. */
export async function placeStudent(db: Db, teacherId: number, studentId: number, groupId: number) {
  await requireStudentOf(db, teacherId, studentId);
  if (groupId !== 0) await ownGroup(db, teacherId, groupId);
  if (groupId === 0) {
    await db.delete(groupMemberships).where(eq(groupMemberships.studentId, studentId));
  } else {
    await db
      .insert(groupMemberships)
      .values({ groupId, studentId })
      .onConflictDoUpdate({ target: groupMemberships.studentId, set: { groupId } });
  }
}

const nameTaken = () => invalid({ name: [groupsMessages.nameTaken] });

async function checkNameFree(db: Db, teacherId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: studentGroups.id })
    .from(studentGroups)
    .where(
      and(
        eq(studentGroups.teacherId, teacherId),
        sql`lower(${studentGroups.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(studentGroups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw nameTaken();
}

/** A group name is unique per teacher ignoring case; the index settles a race. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) !== null) throw nameTaken();
    throw error;
  }
}

export async function createGroup(db: Db, teacherId: number, name: string) {
  await checkNameFree(db, teacherId, name);
  await withUniqueName(() => db.insert(studentGroups).values({ teacherId, name }));
}

/**
 * A new group of students of the caller's class (an intervention group accepted from the
 * screening, issue 39): each member moves into it from any group they were in. 404 when one is
 * not the caller's student; the name is unique as any group's.
 */
export async function createGroupOf(
  db: Db,
  teacherId: number,
  name: string,
  studentIds: readonly number[],
): Promise<GroupsState> {
  const ids = [...new Set(studentIds)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), studentsOf(teacherId)));
  if (found.length !== ids.length) throw notFound();
  await checkNameFree(db, teacherId, name);
  await withUniqueName(() =>
    db.transaction(async (tx) => {
      const [group] = await tx
        .insert(studentGroups)
        .values({ teacherId, name })
        .returning({ id: studentGroups.id });
      const groupId = ownedOr404(group).id;
      await tx
        .insert(groupMemberships)
        .values(ids.map((studentId) => ({ groupId, studentId })))
        .onConflictDoUpdate({ target: groupMemberships.studentId, set: { groupId } });
    }),
  );
  return listGroups(db, teacherId);
}

export async function renameGroup(db: Db, teacherId: number, groupId: number, name: string) {
  await ownGroup(db, teacherId, groupId);
  await checkNameFree(db, teacherId, name, groupId);
  await withUniqueName(() =>
    db.update(studentGroups).set({ name }).where(eq(studentGroups.id, groupId)),
  );
}

/** Deletes a group; its members return to the ungrouped list (their memberships cascade). */
export async function deleteGroup(db: Db, auth: Auth, groupId: number, ip: string) {
  const teacherId = auth.user.id;
  await db.transaction(async (tx) => {
    const [group] = await tx
      .delete(studentGroups)
      .where(and(eq(studentGroups.id, groupId), eq(studentGroups.teacherId, teacherId)))
      .returning({ id: studentGroups.id, name: studentGroups.name });
    const deleted = ownedOr404(group);
    await recordAudit(tx, {
      actor: auth,
      target: teacherId,
      action: "group.delete",
      ip,
      details: { groupId: deleted.id, name: deleted.name },
    });
  });
}
