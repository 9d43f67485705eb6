import {
  type AcceptGroupBody,
  type GroupsState,
  type Season,
  type SuggestedGroups,
  suggestGroups,
} from "@refrain/domain";
import type { Db } from "../../db/client.ts";
import { createGroupOf, listGroups } from "../roster/index.ts";
import { classScreening } from "./results.ts";

/**
 * Intervention groups (issue 39 part 5, decision 0037) suggested from a window's screening of a
 * class: its students below benchmark with a score, grouped by need, each with the class group
 * they are in now (accepting moves them).
 */
export async function suggestedGroups(
  db: Db,
  teacherId: number,
  year: number,
  season: Season | undefined,
): Promise<SuggestedGroups> {
  const [screening, groups] = await Promise.all([
    classScreening(db, teacherId, year, season),
    listGroups(db, teacherId),
  ]);
  const groupOf = new Map(
    groups.groups.flatMap((g) => g.memberships.map((m) => [m.userId, g.details.name] as const)),
  );
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

/** A suggested group, as the teacher kept it, made one of the class's groups. */
export const acceptGroup = (
  db: Db,
  teacherId: number,
  body: AcceptGroupBody,
): Promise<GroupsState> => createGroupOf(db, teacherId, body.name, body.student_ids);
