import { describe, expect, it } from "vitest";
import {
  DISTRICT_ADMIN_MENU,
  headerMenus,
  type MenuGroup,
  menuForRole,
  PARENT_MENU,
  SCHOOL_ADMIN_MENU,
  STAFF_MENU,
  TEACHER_MENU,
  visibleMenu,
} from "./menus.ts";
import { implementedPaths } from "./router.tsx";

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

  it("gives a parent the teacher's pages in family words", () => {
    const paths = (groups: MenuGroup[]) => groups.flatMap((g) => g.entries.map((e) => e.path));
    expect(paths(PARENT_MENU)).toEqual(paths(TEACHER_MENU));
    expect(labels(PARENT_MENU)).toContain(
      "Manage Students: Assign Lessons, Add or Edit Students, Reading Groups, Email Parents, Personalize Learning",
    );
  });

  it("holds the spec's full teacher menu", () => {
    expect(TEACHER_MENU.map((group) => group.label)).toEqual([
      "Class Scores and Data",
      "Manage Students",
      "Fluency",
      "Resources",
    ]);
    expect(TEACHER_MENU.flatMap((group) => group.entries)).toHaveLength(18);
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
    expect(labels(visibleMenu(groups, new Set(["/two"])))).toEqual(["A: Two"]);
  });

  it("shows nothing when no page exists", () => {
    expect(visibleMenu(groups, new Set())).toEqual([]);
  });
});

describe("headerMenus with today's pages", () => {
  const TEACHER = [
    "Manage Students: Assign Lessons, Add or Edit Students, Groups",
    "Resources: All Lessons, Worksheets, Printable Resources",
    "Help: Feedback",
  ];

  it("shows a teacher and a parent the classroom pages that exist, and Help → Feedback", () => {
    expect(labels(headerMenus("teacher", implementedPaths))).toEqual(TEACHER);
    expect(labels(headerMenus("parent", implementedPaths))).toEqual([
      "Manage Students: Assign Lessons, Add or Edit Students, Reading Groups",
      ...TEACHER.slice(1),
    ]);
  });

  it("shows a school admin the catalog and the quote request", () => {
    expect(labels(headerMenus("school_admin", implementedPaths))).toEqual([
      "Admin: All Lessons",
      "Resources: Request a Quote",
      "Help: Feedback",
    ]);
  });

  it("shows a district admin Resources and staff their lessons and sales pages", () => {
    expect(labels(headerMenus("district_admin", implementedPaths))).toEqual([
      "Resources: All Lessons, Request a Quote",
      "Help: Feedback",
    ]);
    expect(labels(headerMenus("staff", implementedPaths))).toEqual([
      "Lessons: All Lessons",
      "Sales: Leads, Mailbox",
      "Help: Feedback",
    ]);
  });

  it("gives a student no menu", () => {
    expect(headerMenus("student", implementedPaths)).toEqual([]);
  });

  it("hides a menu entry until its page is routed", () => {
    const withoutFeedback = new Set([...implementedPaths].filter((path) => path !== "/feedback"));
    expect(labels(headerMenus("teacher", withoutFeedback))).toEqual(TEACHER.slice(0, 2));
  });
});
