import { z } from "zod";
import { contract } from "../contract.ts";
import { ROSTER_LIMITS } from "../roster.ts";
import { recordId, requiredText } from "../validation.ts";
import { groupsState } from "./groups.ts";

export const groupMessages = {
  members: "Choose at least one student.",
  accepted: (name: string, n: number) =>
    `${name} made with ${n} ${n === 1 ? "student" : "students"}.`,
} as const;

/**
 * A group made whole (an intervention group the screening suggested, issue 39): its name and
 * members, who move into it from any group they were in.
 */
export const groupOfBody = z.strictObject({
  name: requiredText({ max: ROSTER_LIMITS.groupName }),
  student_ids: z
    .array(recordId(), { error: groupMessages.members })
    .min(1, groupMessages.members)
    .max(40, groupMessages.members),
});
export type GroupOfBody = z.infer<typeof groupOfBody>;

export const groupOfCall = contract({
  tag: "roster",
  policy: "classOwners",
  method: "POST",
  path: "/teacher/students/groups/of",
  summary: "Make a group of the given students of the class, moving them from any other group",
  body: groupOfBody,
  response: z.object({ success: z.literal(true), message: z.string(), data: groupsState }),
});
