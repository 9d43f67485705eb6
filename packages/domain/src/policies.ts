import { ROLES, type Role } from "./auth/session.ts";

/**
 * Who may do what, in one place: the server's route guards, the web app's pages and menus and
 * the authorization tests all name these groups instead of listing roles. A group is named by
 * what its members are, so a new role is added to the groups it belongs to, once.
 */
const CLASS_OWNERS = ["teacher", "parent"] as const satisfies readonly Role[];
const ADMINS = ["school_admin", "district_admin"] as const satisfies readonly Role[];

export const POLICIES = {
  /** Anyone signed in. */
  signedIn: ROLES,
  /** Everyone but students: the lesson catalog and the printables. */
  adults: ROLES.filter((role) => role !== "student"),
  /** The roles that own a class of students (a parent is a home teacher). */
  classOwners: CLASS_OWNERS,
  /** School and district admins. */
  admins: ADMINS,
  /** Who reads students' graphs: class owners their own, admins their school's or district's. */
  reportReaders: [...CLASS_OWNERS, ...ADMINS],
  schoolAdmins: ["school_admin"],
  districtAdmins: ["district_admin"],
  students: ["student"],
  /**
   * Who sets a school year's benchmark windows: a district for its schools, a school admin for
   * a school its district leaves to it, a teacher with no school for their own class. (A
   * parent's home class records no readings, so it has nothing to screen.)
   */
  windowSetters: ["district_admin", "school_admin", "teacher"],
  /** The company's own people: leads, content, mailbox. */
  staff: ["staff"],
  /** Who brings a district's roster in: its district admins, and staff for any district. */
  rosterImporters: ["district_admin", "staff"],
  /** The roles an admin may act as; only they can return to the admin's account. */
  impersonable: [...CLASS_OWNERS, "student"],
} as const satisfies Record<string, readonly Role[]>;

export type PolicyName = keyof typeof POLICIES;

/** What a route declares: a named group, or "public" for a call anyone may make signed out. */
export type RoutePolicy = PolicyName | "public";

/** Is `role` in the group `policy`? Narrows `role` to the group's roles. */
export function allows<P extends PolicyName>(
  policy: P,
  role: Role,
): role is (typeof POLICIES)[P][number] {
  return (POLICIES[policy] as readonly Role[]).includes(role);
}

// ---- Impersonation (access spec §2, §6) ----
export interface ScopedUser {
  role: Role;
  schoolId: number | null;
  districtId: number | null;
}

/** Whom each admin may act as; nobody else may act as anyone, and an admin is never a target. */
export const IMPERSONATION_TARGETS: Record<(typeof ADMINS)[number], readonly Role[]> = {
  school_admin: CLASS_OWNERS,
  district_admin: POLICIES.impersonable,
};

/**
 * May `actor` act as `target`? A school admin may take the teachers of their school; a
 * district admin the teachers and students of their district.
 * "not_found" hides that a record outside the actor's reach exists at all.
 */
export function impersonationVerdict(
  actor: ScopedUser,
  target: ScopedUser,
): "allowed" | "forbidden" | "not_found" {
  if (actor.role !== "school_admin" && actor.role !== "district_admin") return "forbidden";
  const inScope =
    actor.role === "school_admin"
      ? actor.schoolId !== null && target.schoolId === actor.schoolId
      : actor.districtId !== null && target.districtId === actor.districtId;
  if (!inScope) return "not_found";
  if (!IMPERSONATION_TARGETS[actor.role].includes(target.role)) return "forbidden";
  return "allowed";
}
