import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { groupMemberships, studentFeedback, studentGroups, users } from "../db/schema/index.ts";
import type { WorldSize } from "./plan/world.ts";

/** ms.rivera's reading groups: how many of her students (in class order) each one takes. */
const DEMO_GROUPS = [
  { name: "Bluebirds", size: 5 },
  { name: "Robins", size: 4 },
  { name: "Owls", size: 4 },
];

/** Her messages to the students at these positions of the class. */
const DEMO_FEEDBACK = [
  {
    position: 0,
    message:
      "Great reading this week! You read along all three times. Next time, slow down a little on the chorus so every word is clear.",
  },
  {
    position: 3,
    message:
      "You got every Day 2 question right. When a question feels tricky, look back at the lyrics before you choose.",
  },
];

/**
 * Groups and feedback messages for ms.rivera's class in the demo world, so her Groups page
 * and some students' home pages have something to show. Deterministic like the rest.
 */
export async function seedDemoGroups(db: Db, size: WorldSize) {
  if (size !== "demo") return;
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "teacher"), eq(users.username, "ms.rivera")));
  if (!teacher) return;
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "student"), eq(users.teacherId, teacher.id)))
    .orderBy(asc(users.id));

  await db.transaction(async (tx) => {
    const groups = await tx
      .insert(studentGroups)
      .values(DEMO_GROUPS.map((g) => ({ teacherId: teacher.id, name: g.name })))
      .returning({ id: studentGroups.id });
    let next = 0;
    const memberships = DEMO_GROUPS.flatMap((g, i) => {
      const members = students.slice(next, next + g.size);
      next += g.size;
      return members.map((s) => ({ groupId: groups[i]?.id as number, studentId: s.id }));
    });
    if (memberships.length > 0) await tx.insert(groupMemberships).values(memberships);
    const feedback = DEMO_FEEDBACK.flatMap((f) => {
      const student = students[f.position];
      return student ? [{ studentId: student.id, teacherId: teacher.id, message: f.message }] : [];
    });
    if (feedback.length > 0) await tx.insert(studentFeedback).values(feedback);
  });
}
