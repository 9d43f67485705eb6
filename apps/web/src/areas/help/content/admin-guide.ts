import {
  ALL_LESSONS,
  CONCEPTS,
  DISTRICT_SEARCH,
  SCHOOL_TEACHERS,
  SCHOOL_USAGE,
  STUDENT_PRIVACY,
} from "./product-pages.ts";
import type { GuideSection } from "./types.ts";

/**
 * How to Use for school and district admins: they look after teachers and schools, and read the
 * classes' work through reports and as the teachers themselves (access spec, screens 14 to 20).
 */
export const ADMIN_GUIDE: GuideSection[] = [
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
