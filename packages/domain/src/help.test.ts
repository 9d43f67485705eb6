import { describe, expect, it } from "vitest";
import {
  meetsTutorial,
  readyInText,
  TUTORIAL_NAMES,
  TUTORIALS,
  tutorialFor,
  tutorialsShownTo,
} from "./help.ts";

describe("when a video being made should be ready", () => {
  it("says it in whole minutes, rounded up, and never promises what the server cannot tell", () => {
    expect(readyInText(null)).toBe("It will show here as soon as it is ready.");
    expect(readyInText(0)).toBe("It should be ready within a minute.");
    expect(readyInText(59)).toBe("It should be ready within a minute.");
    expect(readyInText(61)).toBe("It should be ready in about 2 minutes.");
    expect(readyInText(600)).toBe("It should be ready in about 10 minutes.");
  });
});

/** Everything a reader of the tutorial reads: its title, popup text and tour steps. */
const wordsOf = (
  name: (typeof TUTORIAL_NAMES)[number],
  role: Parameters<typeof tutorialFor>[1],
) => {
  const tutorial = tutorialFor(name, role);
  return [tutorial.title, tutorial.intro, ...tutorial.steps.flatMap((s) => [s.title, s.text])].join(
    "\n",
  );
};

describe("who meets which tutorial", () => {
  it("offers a teacher's tours to a parent, but never the tour of recorded readings", () => {
    expect(TUTORIAL_NAMES.filter((name) => meetsTutorial(name, "teacher"))).toEqual(
      TUTORIAL_NAMES.filter((name) => TUTORIALS[name].role === "teacher"),
    );
    const parents = TUTORIAL_NAMES.filter((name) => meetsTutorial(name, "parent"));
    expect(parents).toContain("roster");
    expect(parents).not.toContain("fluency_review");
    expect(parents).not.toContain("student_dashboard");
    expect(TUTORIAL_NAMES.filter((name) => meetsTutorial(name, "student"))).toEqual([
      "student_dashboard",
    ]);
    for (const role of ["school_admin", "district_admin", "staff"] as const)
      expect(TUTORIAL_NAMES.filter((name) => meetsTutorial(name, role))).toEqual([]);
  });

  it("lists on the Tutorials page a class owner's own tours and their students', and every one to those who look after them", () => {
    expect(tutorialsShownTo("teacher")).toEqual(TUTORIAL_NAMES);
    expect(tutorialsShownTo("parent")).toEqual(
      TUTORIAL_NAMES.filter((name) => name !== "fluency_review"),
    );
    for (const role of ["school_admin", "district_admin", "staff"] as const)
      expect(tutorialsShownTo(role)).toEqual(TUTORIAL_NAMES);
  });
});

describe("a tutorial's words", () => {
  it("speak to a parent of their children, never of a class or students, nor of fluency they cannot record", () => {
    for (const name of tutorialsShownTo("parent")) {
      if (TUTORIALS[name].role === "student") continue;
      const words = wordsOf(name, "parent");
      // The roster page and its button keep the spec's names for a parent too (classWords).
      const prose = words.replace("Adding and editing students", "").replace("New Student", "");
      expect(prose, name).not.toMatch(/\bclass\b|\bstudents?\b|fluency/i);
    }
    expect(tutorialFor("class_summary", "parent").title).toBe("Your children at a glance");
    expect(tutorialFor("roster", "parent").intro).toContain("your children");
  });

  it("are a teacher's as the videos narrate them, and as admins and staff read them", () => {
    for (const name of TUTORIAL_NAMES)
      for (const role of ["teacher", "school_admin", "district_admin", "staff", null] as const)
        expect(tutorialFor(name, role), `${name} for ${role}`).toEqual(TUTORIALS[name]);
    expect(TUTORIALS.class_summary.title).toBe("Your class at a glance");
    expect(TUTORIALS.class_summary.steps[0].text).toContain("fluency goal");
  });
});
