import type { HelpText, ProductRef } from "./types.ts";

/** One task of the guide: a heading and short numbered steps. */
export interface GuideTask {
  /** The anchor of its heading, unique on the page. */
  id: string;
  title: string;
  steps: HelpText[][];
}

/** A part of the guide, listed in the table of contents. */
export interface GuideSection {
  id: string;
  title: string;
  intro: string;
  tasks: GuideTask[];
}

const ROSTER: ProductRef = { label: "Add or Edit Students", to: "/teacher/roster" };
const SETTINGS: ProductRef = {
  label: "Settings and Preferences",
  to: "/teacher/:teacherId/settings",
};
const ASSIGN: ProductRef = { label: "Assign Lessons", to: "/teacher/assign" };
const VIDEOS: ProductRef = { label: "Recorded Videos", to: "/teacher/fluency/videos?tab=new" };
const DETAILED: ProductRef = { label: "Detailed Student Report", to: "/teacher/reports/detailed" };
const EMAIL_PARENTS: ProductRef = { label: "Email Parents", to: "/teacher/students" };

/**
 * How to Use: the teacher's tasks from the first day to talking with families, in our own
 * words. Every step says what the product does today; the links open the pages named.
 */
export const GUIDE: GuideSection[] = [
  {
    id: "first-day",
    title: "Your first day",
    intro:
      "Three things get a class reading: an account for each student, their login cards, and a first lesson.",
    tasks: [
      {
        id: "add-students",
        title: "Add your students",
        steps: [
          ["Open ", ROSTER, " from the Manage Students menu."],
          [
            "Choose how many accounts to make under *Select Number of Students in Class*, then press *Add Student(s)*.",
          ],
          [
            "Each new row already has a username and an easy password. Type the student's first and last name and choose their reading level.",
          ],
          [
            "A row saves by itself once it is complete. The gear at the end of a row holds the parent's e-mail address, the student's own settings and a message for them.",
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
            ", press *Download Login Cards* for a PDF of cut-out cards, eight to a page, or *Email Student Login Cards* to have the PDF sent to your own e-mail address.",
          ],
          [
            "Each card holds the sign-in address, your username, and the student's username and password.",
          ],
          [
            "Students open *Student Login*, type your username, then pick their name or type their username, then their password. Choose tiles or typing under *How students sign in* in ",
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
            { label: "All Lessons", to: "/lessons" },
            ": a lesson's page shows its lyrics, its day 4 prompt and a preview of its day 1 to 3 questions. The ",
            { label: "Scope and Sequence", to: "/scope-and-sequence" },
            " shows how the levels build on each other.",
          ],
          [
            "Open ",
            ASSIGN,
            ". In step 1, tick the students (or all of them) and press *Choose Lessons*.",
          ],
          [
            "In step 2, tick the lesson. Each tile shows its level, its Lexile measure and the words per minute it is sung at. Press *Review and Save*, then *Save Changes*.",
          ],
          [
            "The lesson waits at the top of each student's reading page the next time they sign in.",
          ],
        ],
      },
    ],
  },
  {
    id: "weekly-routine",
    title: "The weekly routine",
    intro:
      "One lesson a week. A student's reading page shows each lesson's steps, which are done, and which comes next.",
    tasks: [
      {
        id: "read-along",
        title: "Read along three times",
        steps: [
          [
            "The student plays the lesson's song and reads the lyrics along with it. Three read-alongs are the practice that builds fluency.",
          ],
          [
            "To keep the questions closed until the third read-along, switch on *Read along three times before the questions* in ",
            SETTINGS,
            ". *Play lesson songs slower* helps students who need more time.",
          ],
        ],
      },
      {
        id: "exam-days",
        title: "Days 1 to 3: the questions",
        steps: [
          ["Each day has its own multiple-choice comprehension questions about the lesson."],
          [
            "A day scored under 75% shows *try again*, and the student may take it again. With *Retake a day scored under 75%* switched on, the next day opens only once the day before is passed.",
          ],
        ],
      },
      {
        id: "day-four",
        title: "Day 4: the written extension",
        steps: [
          ["The student answers the lesson's day 4 prompt in a few sentences of their own."],
          [
            "You score the answer from the ",
            DETAILED,
            " with a rubric of 1 to 3 points, and may leave a comment the student reads.",
          ],
          [
            "A lesson is complete once day 4 is handed in. Switch off *Hand in day 4 to complete a lesson* to make day 4 optional.",
          ],
        ],
      },
      {
        id: "recordings",
        title: "Recordings: cold read, hot read, benchmark",
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
    intro:
      "A grade has three parts: the words read correctly per minute, the words missed, and an expression score from 1 to 5.",
    tasks: [
      {
        id: "grade-reading",
        title: "Grade a reading",
        steps: [
          [
            "Open ",
            VIDEOS,
            " from the Fluency menu. *New Fluency Videos* lists the readings waiting for a grade.",
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
    intro:
      "Every report opens from Class Scores and Data. Choose the dates above a report (and a student, where it asks) and the report follows.",
    tasks: [
      {
        id: "class-reports",
        title: "The class at a glance",
        steps: [
          [
            { label: "Classroom", to: "/teacher/reports/classroom" },
            " (also your home page): circles for comprehension proficiency, fluency goals met and students reading, then a row per student and per group. The magnifier beside a name opens their recent and ungraded videos.",
          ],
          [
            { label: "Seven Day Progress", to: "/teacher/reports/seven-day" },
            ": each student's work over the last seven days, or the dates you choose, with the days completed and their averages.",
          ],
          [
            { label: "Scores by Story", to: "/teacher/reports/scores-by-story" },
            ": each lesson the class worked, how many students worked and completed it, and their average day scores.",
          ],
        ],
      },
      {
        id: "student-reports",
        title: "One student in depth",
        steps: [
          [
            DETAILED,
            ": the student's completed, assigned and unfinished lessons with day 1 to 3 scores, day 4 points and the latest date. *Reset Scores...* lets a student take a day again.",
          ],
          [
            { label: "Conference Reports", to: "/teacher/reports/conference" },
            ": a one-student summary to talk through with a family: goal, fluency figures, recent scores and graphs. Print it, or download it as a PDF.",
          ],
          [
            { label: "Fluency Reports", to: "/teacher/reports/fluency" },
            ": four graphs for the class or one student: Benchmark Progress against grade-level norms, Cold and Hot Reads, Correct Words per Minute and Quiz Scores.",
          ],
        ],
      },
    ],
  },
  {
    id: "parents",
    title: "Talking to parents",
    intro:
      "Families hear from you in their own language, English or Spanish: a weekly report, your own e-mails and the readings you share.",
    tasks: [
      {
        id: "weekly-report",
        title: "Send the weekly report",
        steps: [
          ["Open ", EMAIL_PARENTS, " and enter each student's parent e-mail address."],
          [
            "Tick *Weekly report* and *Parent e-mails* for each family, and choose their language. Changes save as you go.",
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
            "Press *Preview* to read it, then *Send*. Each parent gets their own e-mail with their child's name filled in.",
          ],
        ],
      },
      {
        id: "share-reading",
        title: "Share a reading",
        steps: [
          ["In ", VIDEOS, ", open a graded reading or a comparison and press *Share with Parent*."],
          [
            "Check the parent's address, the subject and the message, and send. The family opens the reading from the link without an account, for 30 days.",
          ],
          ["The same window lists the links you sent with their views, and turns a link off."],
        ],
      },
    ],
  },
];
