import { ROLES, type Role, type RoutePolicy } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { type PagePolicies, pageOpens } from "../lib/pages.ts";
import {
  DISTRICT_ADMIN_MENU,
  HELP_MENU,
  headerMenus,
  type MenuGroup,
  menuForRole,
  PARENT_MENU,
  SCHOOL_ADMIN_MENU,
  STAFF_MENU,
  TEACHER_MENU,
  visibleMenu,
} from "./menus.ts";
import { pagePolicies } from "./router.tsx";

const labels = (groups: MenuGroup[]) =>
  groups.map((group) => `${group.label}: ${group.entries.map((entry) => entry.label).join(", ")}`);

describe("menuForRole", () => {
  it("gives each admin role its own menu, staff theirs, students none, teachers and parents theirs", () => {
    expect(menuForRole("school_admin")).toBe(SCHOOL_ADMIN_MENU);
    expect(menuForRole("district_admin")).toBe(DISTRICT_ADMIN_MENU);
    expect(menuForRole("staff")).toBe(STAFF_MENU);
    expect(menuForRole("student")).toEqual([]);
    expect(menuForRole("teacher")).toBe(TEACHER_MENU);
    expect(menuForRole("parent")).toBe(PARENT_MENU);
  });

  it("gives a parent the teacher's pages in family words, but for the fluency readings and colleagues", () => {
    const paths = (groups: MenuGroup[]) => groups.flatMap((g) => g.entries.map((e) => e.path));
    // A home class records no readings, so it has no Fluency menu (readings, their consent) and
    // no screening or monitoring of readings; a family has no colleagues to write to.
    const fluency = TEACHER_MENU.find((g) => g.label === "Fluency")?.entries.map((e) => e.path);
    expect(fluency).toContain("/teacher/consent");
    expect(paths(PARENT_MENU)).toEqual(
      paths(TEACHER_MENU).filter(
        (path) =>
          !fluency?.includes(path) &&
          path !== "/teacher/email/colleagues" &&
          path !== "/screening/class" &&
          path !== "/screening/monitoring",
      ),
    );
    expect(labels(PARENT_MENU)).toContain(
      "Manage Students: Assign Lessons, Add or Edit Students, Reading Groups, Email Parents, Personalize Learning",
    );
  });

  // The spec's menu, Tell a Colleague (its colleague e-mail page, issue 13), Recording
  // Consent (issue 19), Screening, Progress Monitoring and Benchmark Windows (issue 39).
  it("holds the spec's full teacher menu", () => {
    expect(TEACHER_MENU.map((group) => group.label)).toEqual([
      "Class Scores and Data",
      "Manage Students",
      "Fluency",
      "Resources",
    ]);
    expect(TEACHER_MENU.flatMap((group) => group.entries)).toHaveLength(23);
  });
});

describe("visibleMenu", () => {
  const groups: MenuGroup[] = [
    {
      label: "A",
      entries: [
        { label: "One", path: "/one" },
        { label: "Two", path: "/two" },
      ],
    },
    { label: "B", entries: [{ label: "Three", path: "/three" }] },
  ];

  it("keeps only entries whose page exists and drops groups left empty", () => {
    expect(labels(visibleMenu(groups, new Map([["/two", "public"]]), "teacher"))).toEqual([
      "A: Two",
    ]);
  });

  it("keeps only entries whose page's policy lets the role in", () => {
    const pages: PagePolicies = new Map<string, RoutePolicy>([
      ["/one", "staff"],
      ["/two", "classOwners"],
      ["/three", "adults"],
    ]);
    expect(labels(visibleMenu(groups, pages, "parent"))).toEqual(["A: Two", "B: Three"]);
    expect(labels(visibleMenu(groups, pages, "staff"))).toEqual(["A: One", "B: Three"]);
  });

  it("shows nothing when no page exists", () => {
    expect(visibleMenu(groups, new Map(), "teacher")).toEqual([]);
  });
});

describe("headerMenus with the app's pages", () => {
  const HELP = "Help: How to Use, Tutorials, Q and A, Feedback";
  const CLASS_SCORES =
    "Class Scores and Data: Seven Day, Classroom, Detailed, Scores by Story, Conference Reports, Fluency Reports";
  const TEACHER = [
    `${CLASS_SCORES}, Screening, Progress Monitoring`,
    "Manage Students: Assign Lessons, Add or Edit Students, Groups, Email Parents, Personalize Learning, Tell a Colleague",
    "Fluency: Overview, Recorded Videos, Recording Consent, Benchmark Windows",
    "Resources: Tutorials, All Lessons, Worksheets, Printable Resources, Scope and Sequence",
    HELP,
  ];

  // Teachers and parents every classroom page; each admin their reports or admin pages, the
  // catalog and Resources; staff their lessons, sales and district pages; all but students Help.
  it.each<[Role, string[]]>([
    ["teacher", TEACHER],
    [
      "parent",
      [
        // A home class records no readings: no Screening, no Fluency menu.
        CLASS_SCORES,
        "Manage Students: Assign Lessons, Add or Edit Students, Reading Groups, Email Parents, Personalize Learning",
        ...TEACHER.slice(3),
      ],
    ],
    [
      "school_admin",
      [
        "Reports: School Use and Data, Concept Scores, Screening",
        "Admin: Teacher Usernames and Passwords, Student Privacy and Data, Benchmark Windows, All Lessons",
        "Resources: Research, Request a Quote",
        HELP,
      ],
    ],
    [
      "district_admin",
      [
        "Reports: Screening",
        "Admin: Search Teachers and Students, Student Privacy and Data, Edit My District, Benchmark Windows, Roster Import",
        "Resources: All Lessons, Research, Request a Quote",
        HELP,
      ],
    ],
    [
      "staff",
      [
        "Lessons: All Lessons, Lesson Tracks, Suggested Scoring",
        "Sales: Leads, Mailbox, Billing",
        "Districts: Roster Import",
        HELP,
      ],
    ],
    ["student", []],
  ])("shows a %s their menus", (role, menus) => {
    expect(labels(headerMenus(role, pagePolicies))).toEqual(menus);
  });

  it("hides a menu entry until its page is routed", () => {
    const withoutFeedback = new Map([...pagePolicies].filter(([path]) => path !== "/feedback"));
    expect(labels(headerMenus("teacher", withoutFeedback)).at(-1)).toBe(
      "Help: How to Use, Tutorials, Q and A",
    );
  });

  // The menus are written per role and the pages name their policy: every entry of every
  // role's menus must have a page that lets the role in, or it would silently disappear.
  it("leaves no entry of any role's menus hidden for want of a page", () => {
    for (const role of ROLES) {
      const entries = [...menuForRole(role), ...(role === "student" ? [] : [HELP_MENU])].flatMap(
        (group) => group.entries,
      );
      for (const { path } of entries)
        expect(pageOpens(pagePolicies, path, role), `${role} → ${path}`).toBe(true);
    }
    expect(pagePolicies.get("/teacher/roster")).toBe("classOwners");
    expect(pagePolicies.get("/lessons")).toBe("adults");
  });
});
