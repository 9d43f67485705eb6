import type { Role } from "../auth.ts";

/**
 * Whether an account's class may record fluency videos at all: a school teacher's may; a
 * parent's home class has no school admin to approve recordings of children.
 */
export const fluencyRecordingPossible = (role: Role): boolean => role === "teacher";
