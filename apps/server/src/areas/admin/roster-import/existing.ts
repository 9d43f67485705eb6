import type { ExistingDistrict, RosterState } from "@refrain/domain";
import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { schoolsOf } from "../../../core/access.ts";
import type { Db } from "../../../db/client.ts";
import { groupMemberships, schools, studentGroups, users } from "../../../db/schema/index.ts";

/**
 * What the district has that a roster plan works from: its schools; its rostered people and
 * its schools' teachers (whom the roster may adopt by e-mail) with their students; their groups;
 * and which of the package's usernames and NCES ids other accounts and districts hold.
 */
export async function loadExisting(
  db: Db,
  districtId: number,
  state: RosterState,
): Promise<ExistingDistrict> {
  const districtSchools = await db
    .select({
      id: schools.id,
      name: schools.name,
      ncesId: schools.ncesId,
      sourcedId: schools.sourcedId,
      deactivatedAt: schools.deactivatedAt,
    })
    .from(schools)
    .where(schoolsOf(districtId));
  const schoolIds = districtSchools.map((s) => s.id);

  const person = {
    id: users.id,
    sourcedId: users.sourcedId,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    schoolId: users.schoolId,
    deactivatedAt: users.deactivatedAt,
    rosterValues: users.rosterValues,
  };
  const teachers = await db
    .select({ ...person, maxStudents: users.maxStudents })
    .from(users)
    .where(
      and(
        eq(users.role, "teacher"),
        or(
          eq(users.rosterDistrictId, districtId),
          schoolIds.length > 0 ? inArray(users.schoolId, schoolIds) : sql`false`,
        ),
      ),
    );
  const teacherIds = teachers.map((t) => t.id);
  const students =
    teacherIds.length === 0
      ? []
      : await db
          .select({
            ...person,
            teacherId: sql<number>`${users.teacherId}`,
            planId: sql<number>`${users.planId}`,
            parentEmail: users.parentEmail,
            groupId: groupMemberships.groupId,
            groupSourcedId: studentGroups.sourcedId,
          })
          .from(users)
          .leftJoin(groupMemberships, eq(groupMemberships.studentId, users.id))
          .leftJoin(studentGroups, eq(studentGroups.id, groupMemberships.groupId))
          .where(
            and(
              eq(users.role, "student"),
              or(eq(users.rosterDistrictId, districtId), inArray(users.teacherId, teacherIds)),
            ),
          );
  const groups =
    teacherIds.length === 0
      ? []
      : await db
          .select({
            id: studentGroups.id,
            teacherId: studentGroups.teacherId,
            name: studentGroups.name,
            sourcedId: studentGroups.sourcedId,
          })
          .from(studentGroups)
          .where(inArray(studentGroups.teacherId, teacherIds));

  // Only a new teacher takes a username from the roster: the teachers' wanted ones, as one
  // parameter however many (a district's users would pass PostgreSQL's parameter limit).
  const teaching = new Set(
    [...state.roles.values()].filter((r) => r.role === "teacher").map((r) => r.userSourcedId),
  );
  const candidates = [...state.users.values()]
    .filter((u) => teaching.has(u.sourcedId) && u.username !== "")
    .map((u) => u.username.toLowerCase());
  const taken =
    candidates.length === 0
      ? []
      : await db
          .select({ name: sql<string>`lower(${users.username})` })
          .from(users)
          .where(
            and(
              ne(users.role, "student"),
              sql`lower(${users.username}) in (select jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb))`,
            ),
          );
  const identifiers = [...state.orgs.values()].map((o) => o.identifier).filter((i) => i !== "");
  const elsewhere =
    identifiers.length === 0
      ? []
      : await db
          .select({ ncesId: schools.ncesId })
          .from(schools)
          .where(
            and(
              inArray(schools.ncesId, identifiers),
              isNotNull(schools.districtId),
              ne(schools.districtId, districtId),
            ),
          );

  return {
    schools: districtSchools.map(({ deactivatedAt, ...s }) => ({
      ...s,
      deactivated: deactivatedAt !== null,
    })),
    otherDistrictsNcesIds: new Set(elsewhere.flatMap((s) => (s.ncesId ? [s.ncesId] : []))),
    teachers: teachers.map(({ deactivatedAt, ...t }) => ({
      ...t,
      deactivated: deactivatedAt !== null,
    })),
    students: students.map(({ deactivatedAt, groupSourcedId, ...s }) => ({
      ...s,
      deactivated: deactivatedAt !== null,
      groupFromRoster: groupSourcedId !== null,
    })),
    groups,
    takenAdultUsernames: new Set(taken.map((t) => t.name)),
  };
}
