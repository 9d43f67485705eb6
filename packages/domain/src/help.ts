import { fluencyRecordingPossible } from "./account/recording.ts";
import type { Role } from "./auth.ts";
import { allows } from "./policies.ts";
import { classWords } from "./roster/class-words.ts";

// The calls and their answers apart from the tutorials' scripts below: a page that asks for a
// tutorial's popup does not download every tutorial's text with them.
export * from "./help/calls.ts";

/**
 * Help and onboarding: the tutorial popups with their guided tours, the tutorial videos made from
 * the product itself, and the tutor story videos. One tutorial's script serves three readers: the
 * popup (its intro text), the tour (each step highlights `[data-tour="target"]` on the real page)
 * and `npm run tutorials` (which opens the page as a demo account, highlights each step and speaks
 * its text), so the video says what the tour says. A parent reads the same script in the words of
 * their own pages (their children, not a class).
 */

export interface TourStep {
  /** The `data-tour` attribute of the control the step highlights. */
  target: string;
  title: string;
  /** What the tour shows and the video's narration says, in our own words. */
  text: string;
}

export interface Tutorial {
  title: string;
  /** The page the tutorial belongs to and the video is recorded on. */
  path: string;
  /** Who meets it: the video is recorded as the demo account of this role. */
  role: "teacher" | "student";
  /**
   * A tour of recorded readings: met only by a class that records (account
   * `fluencyRecordingPossible`), never by a parent's home class.
   */
  recording?: boolean;
  /** The popup's text and the video's first narration. */
  intro: string;
  steps: readonly TourStep[];
}

/**
 * Every tutorial in the words of `role`'s pages: a parent's popups speak of their children
 * (`classWords`), and leave out the fluency figures a home class never has. The videos are
 * recorded as the demo teacher, in a teacher's words (`TUTORIALS`).
 */
function tutorialsIn(role: Role) {
  const w = classWords(role);
  const records = fluencyRecordingPossible(role);
  return {
    class_summary: {
      title: `Your ${w.classNoun} at a glance`,
      path: "/",
      role: "teacher",
      intro: `Welcome to Refrain. This is your home page: a summary of your ${w.classNoun}'s reading this week. Take the short tour to see where everything is.`,
      steps: [
        {
          target: "class-figures",
          title: records ? "This week in three numbers" : "This week in two numbers",
          text: records
            ? `These circles show how many ${w.students} read with good comprehension, how many meet their fluency goal, and how many read in their range.`
            : `These circles show how many of your ${w.students} read with good comprehension, and how many read in their range.`,
        },
        {
          target: "class-table",
          title: `Every ${w.student}`,
          text: `The table lists each ${w.student} with their latest scores. Select a name to open that ${w.student}'s detailed report.`,
        },
        {
          target: "class-roster-link",
          title: `Add your ${w.students}`,
          text: `Start here on your first day: add your ${w.students}, then assign them a lesson.`,
        },
      ],
    },
    roster: {
      // The page's own name, which a parent's page keeps too (classWords).
      title: "Adding and editing students",
      path: "/teacher/roster",
      role: "teacher",
      intro: `Your roster is the list of your ${w.students}. Add them, give each a username and a password, and print their login cards.`,
      steps: [
        {
          target: "roster-create",
          title: `Add ${w.students}`,
          text: "On the first day, choose how many accounts to create; later, New Student adds one more. Each new row waits for a name, a username and a password.",
        },
        {
          target: "roster-table",
          title: "Edit in place",
          text: `Change any box and press Enter or move on: the row saves by itself. A ${w.student}'s settings open from the row.`,
        },
        {
          target: "roster-cards",
          title: "Login cards",
          text: `Print a card for each ${w.student} with their username and password, ready to hand out.`,
        },
      ],
    },
    groups: {
      title: "Reading groups",
      path: "/teacher/groups",
      role: "teacher",
      intro: `Groups let you assign a lesson to some of your ${w.students} at once and compare how each group reads.`,
      steps: [
        {
          target: "groups-create",
          title: "Make a group",
          text: `Name a group and create it. Name it after a time of day or a reading level, whatever suits your ${w.classNoun}.`,
        },
        {
          target: "groups-board",
          title: `Move ${w.students}`,
          text: `Drag a ${w.student} into a group, or use the keyboard to move them. Each ${w.student} belongs to one group.`,
        },
      ],
    },
    assign_lessons: {
      title: "Assigning lessons",
      path: "/teacher/assign",
      role: "teacher",
      intro: `Assign a song lesson to your ${w.classNoun}, a group or one ${w.student}. They find it on their own page the next time they sign in.`,
      steps: [
        {
          target: "assign-students",
          title: `Step 1: choose ${w.students}`,
          text: `Choose who reads: all your ${w.students}, a group, or one ${w.student} at a time.`,
        },
        {
          target: "assign-lessons",
          title: "Step 2: choose lessons",
          text: "Then pick one or more lessons for them. Assigning never erases work already done.",
        },
      ],
    },
    fluency_review: {
      title: "Reviewing readings",
      path: "/teacher/fluency",
      role: "teacher",
      recording: true,
      intro:
        "Students record themselves reading. Here you listen, count the words read correctly, mark the missed words and rate their expression.",
      steps: [
        {
          target: "fluency-readings",
          title: "Your class's readings",
          text: "Here you see how many readings wait for a grade. Open them to grade: the words correct per minute are worked out from the words you mark.",
        },
        {
          target: "fluency-switch",
          title: "Turn recording on",
          text: "Students record only once you turn recording on in Settings and Preferences, with the parents' signed permission on file.",
        },
      ],
    },
    teacher_reports: {
      title: "Reading the reports",
      path: "/teacher/reports/detailed",
      role: "teacher",
      intro: records
        ? `The detailed report shows one ${w.student}'s work lesson by lesson: exam scores, time spent and fluency.`
        : `The detailed report shows one ${w.student}'s work lesson by lesson: exam scores and time spent.`,
      steps: [
        // One step: the page shows its tables only once a student is chosen, so a step of their
        // own had nothing to highlight on the page as it opens (issue 37).
        {
          target: "report-student",
          title: `Choose a ${w.student}`,
          text: `Pick the ${w.student} whose work you want to see. Their lessons then show in tables with their scores; a score under seventy-five percent is a hint to retake that exam.`,
        },
      ],
    },
    student_dashboard: {
      title: "Your reading page",
      path: "/",
      role: "student",
      intro: "Hi! This is your reading page. Your lessons wait for you here.",
      steps: [
        {
          target: "student-assigned",
          title: "Your lessons",
          text: "These are the lessons your teacher gave you. Start with the first one.",
        },
        // What a student finished is said here: its own list shows only once there is one, so a
        // step of its own had nothing to highlight for a new reader (issue 37).
        {
          target: "student-level",
          title: "Lessons at your level",
          text: "More songs to read at your reading level, whenever you like. Lessons you finish move further down, so you can read them again any time.",
        },
      ],
    },
  } as const satisfies Record<string, Tutorial>;
}

/** The tutorials as the videos narrate them: in a teacher's words. */
export const TUTORIALS = tutorialsIn("teacher");

export type TutorialName = keyof typeof TUTORIALS;
export const TUTORIAL_NAMES = Object.keys(TUTORIALS) as TutorialName[];

export function isTutorialName(name: string): name is TutorialName {
  return Object.hasOwn(TUTORIALS, name);
}

/**
 * A tutorial as `role` reads it: a class owner's in their pages' words (a parent's: their
 * children); an admin's or staff's as the teachers they look after meet it.
 */
export function tutorialFor(name: TutorialName, role: Role | null): Tutorial {
  return tutorialsIn(role !== null && allows("classOwners", role) ? role : "teacher")[name];
}

/**
 * Is `role` offered the tutorial on its page? A student's are a student's; a teacher's are a
 * parent's too (a parent teaches at home), except a tour of recorded readings, which a home class
 * never makes.
 */
export function meetsTutorial(name: TutorialName, role: Role): boolean {
  const tutorial: Tutorial = TUTORIALS[name];
  if (tutorial.role === "student") return role === "student";
  return allows("classOwners", role) && (!tutorial.recording || fluencyRecordingPossible(role));
}

/**
 * The tutorials the Tutorials page shows `role`: a class owner's own, and their students'; every
 * one to an admin or staff, who look after the teachers and students that meet them.
 */
export function tutorialsShownTo(role: Role): TutorialName[] {
  if (!allows("classOwners", role)) return TUTORIAL_NAMES;
  return TUTORIAL_NAMES.filter(
    (name) => TUTORIALS[name].role === "student" || meetsTutorial(name, role),
  );
}
