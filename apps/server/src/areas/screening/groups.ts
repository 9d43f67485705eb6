import { type Season, type SuggestedGroups, suggestGroups } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { studentsOf } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import { groupMemberships, studentGroups, users } from "../../db/schema/index.ts";
import { classScreening } from "./results.ts";

/**
 * Intervention groups (issue 39 part 5, decision 0037) suggested from a window's screening of a
 * class: its students below benchmark with a score, grouped by need, each with the class group
 * they are in now (making the group, roster's call, moves them).
 */
export async function suggestedGroups(
  db: Db,
  teacherId: number,
  year: number,
  season: Season | undefined,
): Promise<SuggestedGroups> {
  const [screening, memberships] = await Promise.all([
    classScreening(db, teacherId, year, season),
    db
      .select({ studentId: groupMemberships.studentId, name: studentGroups.name })
      .from(groupMemberships)
      .innerJoin(studentGroups, eq(studentGroups.id, groupMemberships.groupId))
      .innerJoin(users, eq(users.id, groupMemberships.studentId))
      .where(studentsOf(teacherId)),
  ]);
  const groupOf = new Map(memberships.map((m) => [m.studentId, m.name]));
  const scored = screening.students.flatMap((s) =>
    s.result?.status === "scored"
      ? [
          {
            id: s.id,
            name: s.name,
            tier: s.result.tier,
            wcpm: s.result.wcpm,
            accuracy: s.result.accuracy,
          },
        ]
      : [],
  );
  return {
    season: screening.window.season,
    groups: suggestGroups(scored, screening.window.season).map((g) => ({
      ...g,
      members: g.members.map((m) => ({ ...m, group: groupOf.get(m.id) ?? null })),
    })),
  };
}
