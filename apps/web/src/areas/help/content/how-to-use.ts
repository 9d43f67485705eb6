import { classWords, fluencyRecordingPossible, type Role } from "@refrain/domain";
import { readable } from "../audience.ts";
import { ADMIN_GUIDE } from "./admin-guide.ts";
import {
  ALL_LESSONS,
  ASSIGN,
  DETAILED,
  EMAIL_PARENTS,
  ROSTER,
  SETTINGS,
  VIDEOS,
} from "./product-pages.ts";
import { STAFF_GUIDE } from "./staff-guide.ts";
import type { GuideSection, ProductRef } from "./types.ts";

// Recorded Videos at its tab of readings to grade, where the guide's grading steps begin.
const VIDEOS_TO_GRADE: ProductRef = { ...VIDEOS, to: `${VIDEOS.to}?tab=new` };

/**
 * How to Use for a class owner: their tasks from the first day to talking with families, in our
 * own words and their pages' words (`classWords`: a parent's children, not a class). A home
 * class records no readings (account `fluencyRecordingPossible`): its guide says nothing of
 * them. Every step says what the product does today; the links open the pages named.
 */
function classOwnerGuide(role: Role): GuideSection[] {
  const w = classWords(role);
  const records = fluencyRecordingPossible(role);
  return [
    {
      id: "first-day",
      title: "Your first day",
      readers: ["classOwners"],
      intro: `Three things get your ${w.classNoun} reading: an account for each ${w.student}, their login cards, and a first lesson.`,
      tasks: [
        {
          id: "add-students",
          title: `Add your ${w.students}`,
          steps: [
            ["Open ", ROSTER, " from the *Manage Students* menu."],
            [
              "Choose how many accounts to make under *Select Number of Students in Class*, then press *Add Student(s)*.",
            ],
            [
              `Each new row already has a username and an easy password. Type the ${w.student}'s first and last name and choose their reading level.`,
            ],
            [
              `A row saves by itself once it is complete. The gear at the end of a row holds the *Parent email*, the ${w.student}'s own settings and a message for them.`,
            ],
          ],
        },
        {
          id: "login-cards",
          title: "Print the login cards",
          steps: [
            [
              "On ",
              ROSTER,
              ", press *Download Login Cards* for a PDF of cut-out cards, eight to a page, or *Email Student Login Cards* to have the PDF sent to your own email address.",
            ],
            [
              `Each card holds the sign-in address, your username, and the ${w.student}'s username and password.`,
            ],
            [
              `${capitalized(w.students)} open *Student Login*, type your username, then pick their name or type their username, then their password. Choose tiles or typing under *How students sign in* in `,
              SETTINGS,
              ".",
            ],
          ],
        },
        {
          id: "first-lesson",
          title: "Assign a first lesson",
          steps: [
            [
              "Browse ",
              ALL_LESSONS,
              ": a lesson's page shows its lyrics, its day 4 prompt and a preview of its day 1 to 3 questions. The ",
              { label: "Scope and Sequence", to: "/scope-and-sequence" },
              " shows how the levels build on each other.",
            ],
            [
              "Open ",
              ASSIGN,
              `. In step 1, tick the ${w.students} (or all of them) and press *Choose Lessons*.`,
            ],
            [
              "In step 2, tick the lesson. Each tile shows its level, its Lexile measure and the words per minute it is sung at. Press *Review and Save*, then *Save Changes*.",
            ],
            [
              `The lesson waits at the top of each ${w.student}'s reading page the next time they sign in.`,
            ],
          ],
        },
      ],
    },
    {
      id: "weekly-routine",
      title: "The weekly routine",
      readers: ["classOwners"],
      intro: `One lesson a week. A ${w.student}'s reading page shows each lesson's steps, which are done, and which comes next.`,
      tasks: [
        {
          id: "read-along",
          title: "Read along three times",
          steps: [
            [
              `The ${w.student} plays the lesson's song and reads the lyrics along with it. Three read-alongs are the practice that builds fluency.`,
            ],
            [
              "To keep the questions closed until the third read-along, switch on *Read along three times before the exams* in ",
              SETTINGS,
              `. *Play lesson songs slower* helps ${w.students} who need more time.`,
            ],
          ],
        },
        {
          id: "exam-days",
          title: "Days 1 to 3: the questions",
          steps: [
            ["Each day has its own multiple-choice comprehension questions about the lesson."],
            [
              `A day scored under 75% shows *try again*, and the ${w.student} may take it again. With *Retake a day scored under 75%* switched on, the next day opens only once the day before is passed.`,
            ],
          ],
        },
        {
          id: "day-four",
          title: "Day 4: the written extension",
          steps: [
            [`The ${w.student} answers the lesson's day 4 prompt in a few sentences of their own.`],
            [
              "You score the answer from the ",
              DETAILED,
              ` with a rubric of 1 to 3 points, and may leave a comment the ${w.student} reads.`,
            ],
            [
              "A lesson is complete once day 4 is handed in. Switch off *Hand in day 4 to complete a lesson* to make day 4 optional.",
            ],
          ],
        },
        {
          id: "recordings",
          title: "Recordings: cold read, hot read, benchmark",
          recording: true,
          steps: [
            [
              "In ",
              SETTINGS,
              ", switch on *Students record themselves reading*, download the permission slip and send it home, then tick that you have the parents' permission and your school administrator's approval.",
            ],
            ["Cold read: the student records the lyrics once, before their first read-along."],
            [
              "Hot read: after the third read-along they record them again. Refrain then puts the two readings side by side in a comparison.",
            ],
            [
              "Benchmark: assign a passage of the Benchmark Passages level in ",
              ASSIGN,
              " and the student records it once. Benchmark readings are set against grade-level norms in the fluency graphs.",
            ],
            [
              "Under *What is recorded*, choose *Video Only*, or *Lyrics Only* for sound without a picture.",
            ],
          ],
        },
      ],
    },
    {
      id: "grading",
      title: "Grading a reading",
      readers: ["classOwners"],
      recording: true,
      intro:
        "A grade has three parts: the words read correctly per minute, the words missed, and an expression score from 1 to 5.",
      tasks: [
        {
          id: "grade-reading",
          title: "Grade a reading",
          steps: [
            [
              "Open ",
              VIDEOS_TO_GRADE,
              " from the *Fluency* menu. *New Fluency Videos* lists the readings waiting for a grade.",
            ],
            ["Press *Grade Video* on a row and play the reading."],
            [
              "Mark each word the student missed in the lesson's words: click it, or move with the arrow keys and press Space. *Errors* counts the missed words.",
            ],
            [
              "*WPM* starts at the lesson's words per minute. For a benchmark or a lyrics-only reading, set the last word read (Alt-click it, or press L) and the WPM is worked out from the recording's length.",
            ],
            [
              "Choose the *Expression* score from 1 to 5 (or press 1 to 5). *CWPM* and *Accuracy* follow your marks as you go.",
            ],
            ["Add feedback if you like, then press *Submit*."],
          ],
        },
        {
          id: "compare-readings",
          title: "Compare a cold and a hot read",
          steps: [
            [
              "Once both readings of a lesson are in, a *Comparison* row appears. *View Comparison* plays them side by side with their errors and expression, cold to hot.",
            ],
            ["A comparison is not graded itself: grade its cold and hot reads."],
          ],
        },
      ],
    },
    {
      id: "reports",
      title: "Reading the reports",
      readers: ["classOwners"],
      intro: `Every report opens from Class Scores and Data. Choose the dates above a report (and a ${w.student}, where it asks) and the report follows.`,
      tasks: [
        {
          id: "class-reports",
          title: records ? "The class at a glance" : `All your ${w.students} at a glance`,
          steps: [
            [
              { label: "Classroom", to: "/teacher/reports/classroom" },
              records
                ? " (also your home page): circles for comprehension proficiency, fluency goals met and students reading, then a row per student and per group. The magnifier beside a name opens their recent and ungraded videos."
                : ` (also your home page, ${w.home}): circles for comprehension proficiency and ${w.students} reading, then a row per ${w.student} and per group.`,
            ],
            [
              { label: "Seven Day Progress", to: "/teacher/reports/seven-day" },
              `: each ${w.student}'s work over the last seven days, or the dates you choose, with the days completed and their averages.`,
            ],
            [
              { label: "Scores by Story", to: "/teacher/reports/scores-by-story" },
              `: each lesson your ${w.classNoun} worked, how many ${w.students} worked and completed it, and their average day scores.`,
            ],
          ],
        },
        {
          id: "student-reports",
          title: `One ${w.student} in depth`,
          steps: [
            [
              DETAILED,
              `: the ${w.student}'s completed, assigned and unfinished lessons with day 1 to 3 scores, day 4 points and the latest date. *Reset Scores...* lets a ${w.student} take a day again.`,
            ],
            [
              { label: "Conference Reports", to: "/teacher/reports/conference" },
              records
                ? ": a one-student summary to talk through with a family: goal, fluency figures, recent scores and graphs. Print it, or download it as a PDF."
                : `: a one-page summary of one ${w.student}'s recent scores and graphs. Print it, or download it as a PDF.`,
            ],
            [
              { label: "Fluency Reports", to: "/teacher/reports/fluency" },
              records
                ? ": four graphs for the class or one student: Benchmark Progress against grade-level norms, Cold and Hot Reads, Correct Words per Minute and Exam Scores."
                : `: the Exam Scores graph, for all your ${w.students} or one of them.`,
            ],
          ],
        },
      ],
    },
    {
      id: "parents",
      title: "Talking to parents",
      // A parent's home class is their own family: there are no other parents to write to.
      readers: ["teacher"],
      intro:
        "Families hear from you in their own language, English or Spanish: a weekly report, your own emails and the readings you share.",
      tasks: [
        {
          id: "weekly-report",
          title: "Send the weekly report",
          steps: [
            ["Open ", EMAIL_PARENTS, " and enter each student's parent email address."],
            [
              "Tick *Weekly report* and *Parent emails* for each family, and choose their language. Changes save as you go.",
            ],
            [
              "Switch on *Send families a weekly progress report* in ",
              SETTINGS,
              ". The report goes out on Fridays to the families ticked.",
            ],
            [
              "*Preview a weekly report*, at the foot of the page, shows this week's report of a student as the family would receive it.",
            ],
          ],
        },
        {
          id: "parent-connect",
          title: "Write to families with Parent Connect",
          steps: [
            ["Open ", { label: "Parent Connect", to: "/teacher/parentConnect/home" }, "."],
            [
              "Tick the families, choose a template and check the subject. Some templates ask for a message of your own.",
            ],
            [
              "Press *Preview* to read it, then *Send*. Each parent gets their own email with their child's name filled in.",
            ],
          ],
        },
        {
          id: "share-reading",
          title: "Share a reading",
          steps: [
            [
              "In ",
              VIDEOS_TO_GRADE,
              ", open a graded reading or a comparison and press *Share with Parent*.",
            ],
            [
              "Check the parent's address, the subject and the message, and send. The family opens the reading from the link without an account, for 30 days.",
            ],
            ["The same window lists the links you sent with their views, and turns a link off."],
          ],
        },
      ],
    },
  ];
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The guide `role` reads: its own sections, with the tasks of them it has. */
export function guideFor(role: Role): GuideSection[] {
  return readable(
    role,
    [...classOwnerGuide(role), ...ADMIN_GUIDE, ...STAFF_GUIDE],
    (section) => section.tasks,
    (section, tasks) => ({ ...section, tasks }),
  );
}
