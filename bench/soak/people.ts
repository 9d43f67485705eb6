/** The demo world's people the virtual users play, and who plays next. */

import { planWorld } from "../../apps/server/src/demo/plan/world.ts";
import { DEMO_RECORDING_TEACHERS } from "../../apps/server/src/demo/recordings.ts";
import { dayMs, PERIODS, pick, since } from "./settings.ts";

export interface Student {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  teacher: string;
  recordingClass: boolean;
  /** Right answers a submitted attempt showed, by question id. */
  known: Map<number, number>;
  sessions: number;
  /** No cold or hot read left to record. */
  recorded: boolean;
}

const plan = planWorld("demo");
export const teacherNames = plan.users
  .filter((u) => u.role === "teacher" && plan.users.some((s) => s.teacherKey === `t:${u.username}`))
  .map((u) => u.username);
export const students: Student[] = plan.users
  .filter((u) => u.role === "student" && teacherNames.includes(u.teacherKey?.slice(2) ?? ""))
  .map((u) => {
    const teacher = (u.teacherKey as string).slice(2);
    return {
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      password: u.password,
      teacher,
      recordingClass: DEMO_RECORDING_TEACHERS.includes(teacher),
      known: new Map(),
      sessions: 0,
      recorded: false,
    };
  });
export const busy = new Set<Student>();

/** The classes in their reading period now: a third of the classes, in turn. */
function classesInSession(): string[] {
  const period = Math.min(PERIODS - 1, Math.floor((since() / dayMs) * PERIODS));
  return teacherNames.filter((_, i) => i % 3 === period % 3);
}

/** A student who is free, of the classes in session, who has read least today. */
export function nextReader(): Student | undefined {
  const classes = classesInSession();
  const free = students.filter((s) => !busy.has(s) && classes.includes(s.teacher));
  const fewest = Math.min(...free.map((s) => s.sessions));
  const candidates = free.filter((s) => s.sessions === fewest);
  return candidates.length > 0 ? pick(candidates) : undefined;
}

export function nextRecorder(): Student | undefined {
  const free = students.filter((s) => s.recordingClass && !s.recorded && !busy.has(s));
  const fewest = Math.min(...free.map((s) => s.sessions));
  const candidates = free.filter((s) => s.sessions === fewest);
  return candidates.length > 0 ? pick(candidates) : undefined;
}
