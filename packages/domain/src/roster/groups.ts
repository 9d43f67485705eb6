import { z } from "zod";
import { recordId, requiredText } from "../validation.ts";

/**
 * A class's student groups (classroom spec "Student groups", §3, §4): the state both lists show,
 * the verbs' bodies and the rules the page applies before the server answers. The calls are
 * roster.ts's `rosterCalls.groups`.
 */

/** The longest group name. */
export const GROUP_NAME_MAX = 60;

export const groupsMessages = {
  filterPlaceholder: "Filter student list...",
  allPlaced: "All students have been placed into groups.",
  emptyGroup: "No students have been added to this group.",
  expand: "Expand Group",
  collapse: "Collapse Group",
  nameTaken: "You already have a group with this name.",
} as const;

/**
 * A student in a group or in the ungrouped list: `userMembershipId` is the membership's id, and
 * 0 in the ungrouped list (group 0 means no group).
 */
export const groupMember = z.object({
  userId: z.number(),
  name: z.string(),
  lastname: z.string(),
  userMembershipId: z.number(),
});
export type GroupMember = z.infer<typeof groupMember>;

export const studentGroup = z.object({
  details: z.object({ id: z.number(), name: z.string() }),
  memberships: z.array(groupMember),
});
export type StudentGroup = z.infer<typeof studentGroup>;

export const groupsState = z.object({
  groups: z.array(studentGroup),
  ungroupedStudents: z.array(groupMember),
});
export type GroupsState = z.infer<typeof groupsState>;

const groupName = requiredText({ max: GROUP_NAME_MAX });
const groupId = recordId();

export const groupsListRequest = z.object({ verb: z.literal("list") });
export const groupsUpdateRequest = z.object({
  verb: z.literal("update"),
  studentId: recordId(),
  /** 0 takes the student out of any group. */
  groupId: recordId({ min: 0 }),
});
export const groupsCreateRequest = z.object({ verb: z.literal("create"), name: groupName });
export const groupsRenameRequest = z.object({
  verb: z.literal("rename"),
  groupId,
  name: groupName,
});
export const groupsDeleteRequest = z.object({ verb: z.literal("delete"), groupId });
/** The create and rename form. */
export const groupNameForm = z.object({ name: groupName });
export type GroupNameForm = z.infer<typeof groupNameForm>;

/** Every groups verb answers with the whole, fresh state, so the page never drifts. */
export const groupsResponse = groupsState.extend({ success: z.literal(true) });
export type GroupsResponse = z.infer<typeof groupsResponse>;

/** Last name, then first name, ignoring case: how both lists are kept. */
export function compareByLastName(
  a: Pick<GroupMember, "name" | "lastname" | "userId">,
  b: Pick<GroupMember, "name" | "lastname" | "userId">,
): number {
  return (
    a.lastname.localeCompare(b.lastname, "en", { sensitivity: "base" }) ||
    a.name.localeCompare(b.name, "en", { sensitivity: "base" }) ||
    a.userId - b.userId
  );
}

/**
 * The state after moving `studentId` into `groupId` (0: ungrouped), both lists kept sorted by
 * last name. Unknown students or groups leave the state as it was. The moved student's
 * membership id is unknown until the server answers, so it reads -1 in a group.
 */
export function moveStudent(state: GroupsState, studentId: number, groupId: number): GroupsState {
  const all = [...state.ungroupedStudents, ...state.groups.flatMap((g) => g.memberships)];
  const student = all.find((m) => m.userId === studentId);
  if (!student) return state;
  if (groupId !== 0 && !state.groups.some((g) => g.details.id === groupId)) return state;
  const without = (list: GroupMember[]) => list.filter((m) => m.userId !== studentId);
  const current = state.groups.find((g) => g.memberships.some((m) => m.userId === studentId));
  if ((current?.details.id ?? 0) === groupId) return state;
  return {
    ungroupedStudents:
      groupId === 0
        ? [...state.ungroupedStudents, { ...student, userMembershipId: 0 }].sort(compareByLastName)
        : without(state.ungroupedStudents),
    groups: state.groups.map((g) => ({
      ...g,
      memberships:
        g.details.id === groupId
          ? [...g.memberships, { ...student, userMembershipId: -1 }].sort(compareByLastName)
          : without(g.memberships),
    })),
  };
}
