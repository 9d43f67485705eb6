import type { Role } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { reads } from "./audience.ts";
import { guideFor } from "./content/how-to-use.ts";
import type { GuideSection } from "./content/types.ts";

const ROLES: Role[] = ["teacher", "parent", "school_admin", "district_admin", "staff"];

/**
 * A guide's own words: its titles, intros and steps, without the names of the pages it links to,
 * the labels it shows between asterisks and the menus it names, which are the product's words
 * ("Add or Edit Students", *Select Number of Students in Class*), the same for every reader.
 */
function proseOf(guide: GuideSection[]): string {
  return (
    guide
      .flatMap((section) => [
        section.title,
        section.intro,
        ...section.tasks.flatMap((task) => [
          task.title,
          ...task.steps.map((step) =>
            step.map((part) => (typeof part === "string" ? part : "")).join(""),
          ),
        ]),
      ])
      .join("\n")
      .replace(/\*[^*]+\*/g, "")
      // A menu's name, which an intro says unmarked.
      .replaceAll("Class Scores and Data", "")
  );
}

const ids = (guide: GuideSection[]) => guide.map((section) => section.id);

describe("who reads a part of help", () => {
  it("names its readers by their policies.ts group or by one role, and everyone without", () => {
    expect(reads("parent", { readers: ["classOwners"] })).toBe(true);
    expect(reads("school_admin", { readers: ["classOwners"] })).toBe(false);
    expect(reads("parent", { readers: ["teacher"] })).toBe(false);
    expect(reads("district_admin", { readers: ["teacher", "admins"] })).toBe(true);
    for (const role of ROLES) expect(reads(role, {})).toBe(true);
  });

  it("gives help on recorded readings to a class that records, and to those who look after teachers, never to a home class", () => {
    const recording = { recording: true };
    expect(reads("teacher", recording)).toBe(true);
    expect(reads("parent", recording)).toBe(false);
    expect(reads("school_admin", recording)).toBe(true);
    expect(reads("staff", recording)).toBe(true);
  });
});

describe("the guide each role reads", () => {
  it("is the whole of a teacher's: the first day to talking to parents, with recordings", () => {
    const guide = guideFor("teacher");
    expect(ids(guide)).toEqual(["first-day", "weekly-routine", "grading", "reports", "parents"]);
    expect(guide[1]?.tasks.map((task) => task.id)).toContain("recordings");
    expect(proseOf(guide)).toContain("your school administrator's approval");
  });

  it("speaks to a parent of their children, with no class, school admin, recordings or other parents", () => {
    const guide = guideFor("parent");
    expect(ids(guide)).toEqual(["first-day", "weekly-routine", "reports"]);
    const prose = proseOf(guide);
    expect(prose).toContain("Add your children");
    expect(prose).not.toMatch(/\bclass\b|\bstudents?\b/i);
    expect(prose).not.toMatch(/administrator|quote|talking to parents|record|benchmark/i);
  });

  it("tells school and district admins what they do, never to play a lesson for a class", () => {
    expect(ids(guideFor("school_admin"))).toEqual([
      "school-teachers",
      "school-reports",
      "student-privacy",
      "admin-resources",
    ]);
    expect(ids(guideFor("district_admin"))).toEqual([
      "district-schools",
      "district-people",
      "district-roster",
      "district-settings",
      "student-privacy",
      "admin-resources",
    ]);
    for (const role of ["school_admin", "district_admin"] as const)
      expect(proseOf(guideFor(role))).not.toMatch(/your class|\bplay\b|assign/i);
  });

  it("shows staff the company's pages: leads, mail, billing, promo codes, tracks, suggestions and rosters", () => {
    const guide = guideFor("staff");
    expect(ids(guide)).toEqual(["staff-sales", "staff-billing", "staff-lessons", "staff-roster"]);
    expect(guide.flatMap((section) => section.tasks.map((task) => task.id))).toEqual([
      "staff-leads",
      "staff-mailbox",
      "staff-cancellations",
      "staff-promo-codes",
      "staff-tracks",
      "staff-suggestions",
      "staff-roster-import",
    ]);
  });

  it("gives every reader anchors unique on their page, no part left empty, and plain intros", () => {
    for (const role of ROLES) {
      const guide = guideFor(role);
      const anchors = guide.flatMap((section) => [section.id, ...section.tasks.map((t) => t.id)]);
      expect(new Set(anchors).size, role).toBe(anchors.length);
      expect(guide.length, role).toBeGreaterThan(0);
      for (const section of guide) {
        expect(section.tasks.length, section.id).toBeGreaterThan(0);
        // An intro is drawn as plain text: a label marked in it would show its asterisks.
        expect(section.intro, section.id).not.toContain("*");
      }
    }
  });
});
