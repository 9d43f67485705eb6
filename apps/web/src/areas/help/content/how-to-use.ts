import { classWords, fluencyRecordingPossible, type Role } from "@refrain/domain";
import { type Audience, readable } from "../audience.ts";
import {
  ALL_LESSONS,
  ASSIGN,
  CONCEPTS,
  DETAILED,
  DISTRICT_SEARCH,
  EMAIL_PARENTS,
  ROSTER,
  SCHOOL_TEACHERS,
  SCHOOL_USAGE,
  SETTINGS,
  STUDENT_PRIVACY,
  VIDEOS,
} from "./product-pages.ts";
import type { HelpText, ProductRef } from "./types.ts";

/** One task of the guide: a heading and short numbered steps. */
export interface GuideTask extends Audience {
  /** The anchor of its heading, unique on the page. */
  id: string;
  title: string;
  steps: HelpText[][];
}

/** A part of the guide, listed in the table of contents. */
export interface GuideSection extends Audience {
  id: string;
  title: string;
  intro: string;
  tasks: GuideTask[];
}

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

/**
 * How to Use for school and district admins: they look after teachers and schools, and read the
 * classes' work through reports and as the teachers themselves (access spec, screens 14 to 20).
 */
const ADMIN_GUIDE: GuideSection[] = [
  {
    id: "school-teachers",
    title: "Your teachers",
    readers: ["schoolAdmins"],
    intro: "Each teacher of your school has an account of their own, on one of the school's seats.",
    tasks: [
      {
        id: "invite-teacher",
        title: "Invite a teacher",
        steps: [
          ["Open ", SCHOOL_TEACHERS, " from the *Admin* menu."],
          [
            "Under *Add New Teachers*, type the teacher's *Email*, *First Name* and *Last Name*, then press *Send Invitation*.",
          ],
          [
            "The teacher gets an email with their username and a link to choose their own password. Each teacher takes one of the school's seats; once every seat is used, the page offers a quote for more.",
          ],
        ],
      },
      {
        id: "teacher-password",
        title: "Help a teacher sign in",
        steps: [
          [
            "You never see a teacher's password. *Send password link* beside the teacher emails them a link to choose a new one.",
          ],
        ],
      },
      {
        id: "impersonate-teacher",
        title: "See a class as its teacher does",
        steps: [
          [
            "In ",
            SCHOOL_TEACHERS,
            ", press *Impersonate* beside a teacher. You are signed in as them, and the header says *IMPERSONATING* with their name.",
          ],
          [
            "Their class, reports and settings open as they do for the teacher. Each time is recorded.",
          ],
          ["*Return to Admin*, in the menu under your name, brings you back to your own account."],
        ],
      },
    ],
  },
  {
    id: "district-schools",
    title: "Your district's schools",
    readers: ["districtAdmins"],
    intro: "Your home page follows every school of your district on Refrain.",
    tasks: [
      {
        id: "district-home",
        title: "The district at a glance",
        steps: [
          [
            "Your home page lists each school with its use of Refrain in the last 30 days and in the school year so far, under the district's totals.",
          ],
          [
            "Open a school to see its figures, or follow *Details* and *Concepts* to its ",
            SCHOOL_USAGE,
            " and ",
            CONCEPTS,
            " reports.",
          ],
        ],
      },
    ],
  },
  {
    id: "school-reports",
    title: "Your school's reports",
    readers: ["schoolAdmins"],
    intro:
      "How much your students read, and how well they understand it, for the dates you choose.",
    tasks: [
      {
        id: "school-home",
        title: "Your home page",
        steps: [
          [
            "Your home page sets your school's last 30 days against the school year so far: its usage, its lessons by genre and a summary of its concept scores.",
          ],
        ],
      },
      {
        id: "school-usage",
        title: "Usage and concepts",
        steps: [
          [
            SCHOOL_USAGE,
            ", in the *Reports* menu: time spent, active students and teachers, lessons by genre and the school's fluency graphs.",
          ],
          [
            CONCEPTS,
            ": how your students answer the comprehension questions, by exam day, by the subject of the lesson and by its story genre.",
          ],
          ["Choose the dates above a report and it follows."],
        ],
      },
    ],
  },
  {
    id: "district-people",
    title: "Teachers and students",
    readers: ["districtAdmins"],
    intro: "Find anyone of your district's schools, and see Refrain as they do.",
    tasks: [
      {
        id: "district-search",
        title: "Find a teacher or a student",
        steps: [
          [
            "Open ",
            DISTRICT_SEARCH,
            " from the *Admin* menu, choose teachers or students, and type part of a login, a name or an email address.",
          ],
          ["The search covers every school of your district."],
        ],
      },
      {
        id: "district-log-in-as",
        title: "Log in as a teacher or a student",
        steps: [
          [
            "Press the *Log in as* icon beside a search result: you are signed in as that person, and the header says *IMPERSONATING* with their name. Each time is recorded.",
          ],
          ["*Return to Admin*, in the menu under your name, brings you back to your own account."],
        ],
      },
    ],
  },
  {
    id: "district-roster",
    title: "Roster import",
    readers: ["districtAdmins"],
    intro:
      "Bring your district's schools, teachers, classes and students in from your student information system, and keep them up to date.",
    tasks: [
      {
        id: "roster-upload",
        title: "Import a roster",
        steps: [
          [
            "Open ",
            { label: "Roster Import", to: "/district_admin/roster" },
            " from the *Admin* menu. Choose your system's OneRoster export (a .zip file) and press *Upload and check*.",
          ],
          [
            "The import's page shows what it would change: schools matched, classes, teachers and students added or updated, and any problems, with a report of them to download.",
          ],
          [
            "Press *Apply import* to bring it in, or discard it. Import the newest export again whenever your system changes.",
          ],
        ],
      },
    ],
  },
  {
    id: "district-settings",
    title: "Your district",
    readers: ["districtAdmins"],
    intro: "The district's name, as your schools and reports show it.",
    tasks: [
      {
        id: "district-rename",
        title: "Change the district's name",
        steps: [
          [
            "Open ",
            { label: "Edit My District", to: "/district_admin/settings" },
            " from the *Admin* menu, change the *District Name* and save.",
          ],
        ],
      },
    ],
  },
  {
    id: "student-privacy",
    title: "Student privacy",
    readers: ["admins"],
    intro: "What Refrain holds about a student, and who has seen their recordings.",
    tasks: [
      {
        id: "find-student",
        title: "Find a student's records",
        steps: [
          [
            "Open ",
            STUDENT_PRIVACY,
            " from the *Admin* menu and type part of a student's login, or their first or last name.",
          ],
          [
            "A student's page shows their consent to record, who viewed their recordings, and a way to export everything Refrain holds about them.",
          ],
        ],
      },
    ],
  },
  {
    id: "admin-resources",
    title: "Lessons and resources",
    readers: ["admins"],
    intro: "The lessons your students read, and where to ask us for more seats.",
    tasks: [
      {
        id: "admin-lessons",
        title: "Look at the lessons",
        steps: [
          [
            ALL_LESSONS,
            " shows every lesson by reading level with its Lexile measure and words per minute. Open one to read its lyrics, its day 4 prompt and a preview of its day 1 to 3 questions.",
          ],
        ],
      },
      {
        id: "admin-quote",
        title: "Ask for more seats",
        steps: [
          [
            { label: "Request a Quote", to: "/quote" },
            ", in the *Resources* menu, sends us your school's details and the number of students; a priced quote comes back by email.",
          ],
        ],
      },
    ],
  },
];

/** How to Use for Refrain's own staff: the pages of the company's work, not of a class. */
const STAFF_GUIDE: GuideSection[] = [
  {
    id: "staff-sales",
    title: "Leads and mail",
    readers: ["staff"],
    intro: "What visitors ask us for, and every email the product sends.",
    tasks: [
      {
        id: "staff-leads",
        title: "Answer the leads",
        steps: [
          [
            { label: "Leads", to: "/staff/leads" },
            ", in the *Sales* menu, lists every form sent from the public pages, newest first: calls, trials, pricing requests, quotes, invoices, feedback and contact messages.",
          ],
          [
            "Choose a *Kind*, or *Search* a name, an email or an organization. Open a row to read all it sent; a quote shows its lines and its PDF.",
          ],
        ],
      },
      {
        id: "staff-mailbox",
        title: "Check the mail",
        steps: [
          [
            { label: "Mailbox", to: "/staff/mail" },
            ": every email the product wrote, whether it was sent, with its secrets (sign-in links, passwords) removed.",
          ],
          [
            "Type an exact address under *Recipient* and press *Filter* to see what went to it. Open a message to read it as HTML or text, with its attachments.",
          ],
        ],
      },
    ],
  },
  {
    id: "staff-billing",
    title: "Billing and promo codes",
    readers: ["staff"],
    intro: "Why accounts cancel, and the codes that give a free month.",
    tasks: [
      {
        id: "staff-cancellations",
        title: "Read the cancellations",
        steps: [
          [
            { label: "Billing", to: "/staff/billing" },
            ", in the *Sales* menu, counts each reason teachers and parents gave for canceling, and lists what they wrote.",
          ],
        ],
      },
      {
        id: "staff-promo-codes",
        title: "Create or retire a promo code",
        steps: [
          [
            "Under *Create a promo code*, type the *Code* and a *Note* saying who it is for, then press *Create Code*. A teacher or parent enters it in Settings and Preferences for a free month.",
          ],
          [
            "*Retire* refuses a code from then on; accounts that already redeemed it keep their free month.",
          ],
        ],
      },
    ],
  },
  {
    id: "staff-lessons",
    title: "Lessons and scoring",
    readers: ["staff"],
    intro: "The lessons' read-along tracks, and how well the suggested grades match the teachers'.",
    tasks: [
      {
        id: "staff-tracks",
        title: "Replace a lesson's track",
        steps: [
          [
            "Open ",
            { label: "Lesson Tracks", to: "/staff/lessons/tracks" },
            " from the *Lessons* menu and choose a lesson to listen to its read-along track.",
          ],
          [
            "Pick a new track (WebM, Ogg or MP3) or new word timings (a WebVTT file, one cue per word) and press *Replace*.",
          ],
        ],
      },
      {
        id: "staff-suggestions",
        title: "Follow the suggested scoring",
        steps: [
          [
            { label: "Suggested Scoring", to: "/staff/suggestions" },
            ": how often teachers kept what the speech recognizer suggested while grading, per engine version.",
          ],
        ],
      },
    ],
  },
  {
    id: "staff-roster",
    title: "Districts' rosters",
    readers: ["staff"],
    intro: "Bring a district's schools, teachers, classes and students in for them.",
    tasks: [
      {
        id: "staff-roster-import",
        title: "Import a district's roster",
        steps: [
          [
            "Open ",
            { label: "Roster Import", to: "/staff/roster" },
            " from the *Districts* menu and choose the district.",
          ],
          [
            "Choose its OneRoster export (a .zip file) and press *Upload and check*. The import's page shows what it would change and any problems; *Apply import* brings it in.",
          ],
        ],
      },
    ],
  },
];

/** The guide `role` reads: its own sections, with the tasks of them it has. */
export function guideFor(role: Role): GuideSection[] {
  return readable(
    role,
    [...classOwnerGuide(role), ...ADMIN_GUIDE, ...STAFF_GUIDE],
    (section) => section.tasks,
    (section, tasks) => ({ ...section, tasks }),
  );
}
