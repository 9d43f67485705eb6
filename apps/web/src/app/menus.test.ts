import { describe, expect, it } from "vitest";
import {
  DISTRICT_ADMIN_MENU,
  headerMenus,
  type MenuGroup,
  menuForRole,
  SCHOOL_ADMIN_MENU,
  STAFF_MENU,
  TEACHER_MENU,
  visibleMenu,
} from "./menus.ts";
import { implementedPaths } from "./router.tsx";

const labels = (groups: MenuGroup[]) =>
  groups.map((group) => `${group.label}: ${group.entries.map((entry) => entry.label).join(", ")}`);

describe("menuForRole", () => {
  it("gives each admin role its own menu, staff theirs, students none and anyone else the teacher's", () => {
    expect(menuForRole("school_admin")).toBe(SCHOOL_ADMIN_MENU);
    expect(menuForRole("district_admin")).toBe(DISTRICT_ADMIN_MENU);
    expect(menuForRole("staff")).toBe(STAFF_MENU);
    expect(menuForRole("student")).toEqual([]);
    expect(menuForRole("teacher")).toBe(TEACHER_MENU);
    expect(menuForRole("parent")).toBe(TEACHER_MENU);
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
  it("shows a teacher and a parent Resources → All Lessons only", () => {
    expect(labels(headerMenus("teacher", implementedPaths))).toEqual(["Resources: All Lessons"]);
    expect(labels(headerMenus("parent", implementedPaths))).toEqual(["Resources: All Lessons"]);
  });

  it("shows a school admin Admin → All Lessons", () => {
    expect(labels(headerMenus("school_admin", implementedPaths))).toEqual(["Admin: All Lessons"]);
  });

  it("shows a district admin Resources → All Lessons and staff Lessons → All Lessons", () => {
    expect(labels(headerMenus("district_admin", implementedPaths))).toEqual([
      "Resources: All Lessons",
    ]);
    expect(labels(headerMenus("staff", implementedPaths))).toEqual(["Lessons: All Lessons"]);
  });

  it("gives a student no menu", () => {
    expect(headerMenus("student", implementedPaths)).toEqual([]);
  });

  it("shows Help once one of its pages exists", () => {
    const withHelp = new Set([...implementedPaths, "/feedback"]);
    expect(labels(headerMenus("teacher", withHelp))).toEqual([
      "Resources: All Lessons",
      "Help: Feedback",
    ]);
  });
});
