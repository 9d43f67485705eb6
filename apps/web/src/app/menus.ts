import { classWords, type Role } from "@refrain/domain";
import { type PagePolicies, pageOpens } from "../lib/pages.ts";

export interface MenuEntry {
  label: string;
  path: string;
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

const ALL_LESSONS: MenuEntry = { label: "All Lessons", path: "/lessons" };
/** Issue 39: a class's benchmark screening; a home class records no readings to screen. */
const SCREENING_PATH = "/screening/class";
/** Issue 39: the class's monitoring plans, who is due, and whose plan the four-point rule flags. */
const MONITORING_PATH = "/screening/monitoring";
/** Issue 39: a school's or district's tiers per grade, school and class. */
const ADMIN_SCREENING: MenuEntry = { label: "Screening", path: "/screening/overview" };
/** Issue 39: when the year's screenings run and what each grade reads in them. */
const BENCHMARK_WINDOWS: MenuEntry = { label: "Benchmark Windows", path: "/screening/windows" };
const GROUPS_PATH = "/teacher/groups";
/** The class's recording consent (issue 19): a school class's, never a home class's. */
const CONSENT_PATH = "/teacher/consent";
const COLLEAGUE_PATH = "/teacher/email/colleagues";
const FLUENCY_MENU = "Fluency";
const TUTORIALS: MenuEntry = { label: "Tutorials", path: "/tutorials" };

/** The full menus of the classroom spec "Navigation menus"; pages not built yet stay hidden. */
export const TEACHER_MENU: MenuGroup[] = [
  {
    label: "Class Scores and Data",
    entries: [
      { label: "Seven Day", path: "/teacher/reports/seven-day" },
      { label: "Classroom", path: "/teacher/reports/classroom" },
      { label: "Detailed", path: "/teacher/reports/detailed" },
      { label: "Scores by Story", path: "/teacher/reports/scores-by-story" },
      { label: "Conference Reports", path: "/teacher/reports/conference" },
      { label: "Fluency Reports", path: "/teacher/reports/fluency" },
      { label: "Screening", path: SCREENING_PATH },
      { label: "Progress Monitoring", path: MONITORING_PATH },
    ],
  },
  {
    label: "Manage Students",
    entries: [
      { label: "Assign Lessons", path: "/teacher/assign" },
      { label: "Add or Edit Students", path: "/teacher/roster" },
      { label: classWords("teacher").groups, path: GROUPS_PATH },
      { label: "Email Parents", path: "/teacher/students" },
      { label: "Personalize Learning", path: "/teacher/personalize" },
      { label: "Tell a Colleague", path: COLLEAGUE_PATH },
    ],
  },
  {
    label: FLUENCY_MENU,
    entries: [
      { label: "Overview", path: "/teacher/fluency" },
      { label: "Recorded Videos", path: "/teacher/fluency/videos" },
      { label: "Recording Consent", path: CONSENT_PATH },
      BENCHMARK_WINDOWS,
    ],
  },
  {
    label: "Resources",
    entries: [
      TUTORIALS,
      ALL_LESSONS,
      { label: "Worksheets", path: "/teacher/worksheets" },
      { label: "Printable Resources", path: "/teacher/resources" },
      { label: "Scope and Sequence", path: "/scope-and-sequence" },
    ],
  },
];

/**
 * A parent teaches their own children: the teacher's menu in family words. A home class records
 * no readings (account `fluencyRecordingPossible`), so it has no Fluency menu (its pages list
 * readings and their consent) and no Screening or Progress Monitoring (of readings); and a family has no colleagues to recommend the product to (the
 * letter speaks of a class and a school's quote). Fluency Reports stays: its quiz graphs are
 * the children's too.
 */
export const PARENT_MENU: MenuGroup[] = TEACHER_MENU.filter(
  (group) => group.label !== FLUENCY_MENU,
).map((group) => ({
  ...group,
  entries: group.entries
    .filter((entry) => ![COLLEAGUE_PATH, SCREENING_PATH, MONITORING_PATH].includes(entry.path))
    .map((entry) =>
      entry.path === GROUPS_PATH ? { ...entry, label: classWords("parent").groups } : entry,
    ),
}));

const ADMIN_RESOURCES: MenuGroup = {
  label: "Resources",
  entries: [
    { label: "Research", path: "/du-summary" },
    { label: "Request a Quote", path: "/quote" },
  ],
};

/** Issue 19: an admin finds a student of their school or district and opens their privacy page. */
const STUDENT_PRIVACY = { label: "Student Privacy and Data", path: "/privacy/students" };

export const SCHOOL_ADMIN_MENU: MenuGroup[] = [
  {
    label: "Reports",
    entries: [
      { label: "School Use and Data", path: "/school_admin/reports/usage" },
      { label: "Concept Scores", path: "/school_admin/reports/concepts" },
      ADMIN_SCREENING,
    ],
  },
  {
    label: "Admin",
    entries: [
      { label: "Teacher Usernames and Passwords", path: "/school_admin/teachers" },
      STUDENT_PRIVACY,
      BENCHMARK_WINDOWS,
      ALL_LESSONS,
    ],
  },
  ADMIN_RESOURCES,
];

export const DISTRICT_ADMIN_MENU: MenuGroup[] = [
  { label: "Reports", entries: [ADMIN_SCREENING] },
  {
    label: "Admin",
    entries: [
      { label: "Search Teachers and Students", path: "/district_admin/search" },
      STUDENT_PRIVACY,
      { label: "Edit My District", path: "/district_admin/settings" },
      BENCHMARK_WINDOWS,
      { label: "Roster Import", path: "/district_admin/roster" },
    ],
  },
  // The spec names the group only; a district admin may open the catalog, so it lives here.
  { ...ADMIN_RESOURCES, entries: [ALL_LESSONS, ...ADMIN_RESOURCES.entries] },
];

export const STAFF_MENU: MenuGroup[] = [
  {
    label: "Lessons",
    entries: [
      ALL_LESSONS,
      { label: "Lesson Tracks", path: "/staff/lessons/tracks" },
      { label: "Suggested Scoring", path: "/staff/suggestions" },
    ],
  },
  {
    label: "Sales",
    entries: [
      { label: "Leads", path: "/staff/leads" },
      { label: "Mailbox", path: "/staff/mail" },
      { label: "Billing", path: "/staff/billing" },
    ],
  },
  { label: "Districts", entries: [{ label: "Roster Import", path: "/staff/roster" }] },
];

export const HELP_MENU: MenuGroup = {
  label: "Help",
  entries: [
    { label: "How to Use", path: "/help/how-to-use" },
    TUTORIALS,
    { label: "Q and A", path: "/help/questions" },
    { label: "Feedback", path: "/feedback" },
  ],
};

/** School and district admins, staff and parents have their own menus; students none; teachers theirs. */
export function menuForRole(role: Role): MenuGroup[] {
  switch (role) {
    case "school_admin":
      return SCHOOL_ADMIN_MENU;
    case "district_admin":
      return DISTRICT_ADMIN_MENU;
    case "staff":
      return STAFF_MENU;
    case "student":
      return [];
    case "parent":
      return PARENT_MENU;
    default:
      return TEACHER_MENU;
  }
}

/**
 * Only entries whose page exists and lets `role` in, by the page's own policy, so a menu never
 * leads to "Not available"; a group left with none is dropped.
 */
export function visibleMenu(groups: MenuGroup[], pages: PagePolicies, role: Role): MenuGroup[] {
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => pageOpens(pages, entry.path, role)),
    }))
    .filter((group) => group.entries.length > 0);
}

/** The header's menus for a role: its own menus, then Help (students get none). */
export function headerMenus(role: Role, pages: PagePolicies): MenuGroup[] {
  if (role === "student") return [];
  return visibleMenu([...menuForRole(role), HELP_MENU], pages, role);
}
