import { classWords, fluencyRecordingPossible, type Role } from "@refrain/domain";
import type { Audience } from "../audience.ts";
import {
  ALL_LESSONS,
  ASSIGN,
  BILLING,
  DETAILED,
  DISTRICT_SEARCH,
  EMAIL_PARENTS,
  FLUENCY,
  ROSTER,
  SCHOOL_TEACHERS,
  SETTINGS,
  VIDEOS,
} from "./product-pages.ts";
import type { ProductRef } from "./types.ts";

/** One question of the Q and A page, answered in our own words from what the product does. */
export interface HelpQuestion extends Audience {
  /** Stable and unique across the page: the accordion's item value. */
  id: string;
  question: string;
  answer: string;
  /** The pages the answer talks about. */
  see?: ProductRef[];
}

/** The questions of one kind of reader, shown as one accordion. */
export interface QuestionGroup extends Audience {
  id: string;
  title: string;
  /** Whose questions these are, if one role's: a reader of this role finds their group first. */
  role?: Extract<Role, "teacher" | "parent" | "school_admin" | "district_admin" | "staff">;
  questions: HelpQuestion[];
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * A class owner's questions in the words of their pages (`classWords`: a parent asks about their
 * children), with ids that start with `prefix`. The ones about recorded readings are marked: a
 * home class never records (account `fluencyRecordingPossible`).
 */
function classOwnerQuestions(role: Role, prefix: string): HelpQuestion[] {
  const w = classWords(role);
  const records = fluencyRecordingPossible(role);
  return [
    {
      id: `${prefix}-add-students`,
      question: `How do I add my ${w.students}?`,
      answer: `Open Manage Students, then Add or Edit Students. With no ${w.students} yet, choose how many accounts to make and press Add Student(s): each new account gets a username and an easy password. Type each ${w.student}'s first and last name and choose their reading level; a row saves by itself once it is complete. New Student adds one more account later.`,
      see: [ROSTER],
    },
    {
      id: `${prefix}-sign-in`,
      question: `How do my ${w.students} sign in?`,
      answer: `${capitalized(w.students)} use Student Login on the front page. They type your username first, then pick their name from tiles or type their own username (you choose which in Settings and Preferences), then enter their password. The login cards from Add or Edit Students have all of this on them.`,
      see: [ROSTER, SETTINGS],
    },
    {
      id: `${prefix}-password`,
      question: `A ${w.student} forgot their password. What do I do?`,
      answer: `Every password is shown in the Password column of Add or Edit Students, so you can read it out or type a new one there. Download Login Cards gives you a fresh printable sheet with every ${w.student}'s username and password.`,
      see: [ROSTER],
    },
    {
      id: `${prefix}-level`,
      question: `How do I change a ${w.student}'s reading level?`,
      answer: `Choose another level in the ${w.student}'s Reading Level box in Add or Edit Students; the row saves by itself. The ${w.student} then sees the lessons of their new level on their reading page.`,
      see: [ROSTER],
    },
    {
      id: `${prefix}-other-level`,
      question: `Can a ${w.student} read a lesson from another level?`,
      answer: `Yes, when you assign it. A ${w.student}'s reading page lists the lessons you assigned first, whatever their level, then the lessons of their own reading level. Lessons of other levels that you did not assign stay closed to them.`,
      see: [ASSIGN],
    },
    {
      id: `${prefix}-assign`,
      question: "How do I assign a lesson?",
      answer: `Open Assign Lessons. In step 1 tick the ${w.students} (or all of them) and press Choose Lessons. In step 2 tick the lessons to give them or untick ones to take away, then Review and Save. Removing a lesson a ${w.student} has started keeps their progress.`,
      see: [ASSIGN],
    },
    {
      id: `${prefix}-read-three-times`,
      question: `Do ${w.students} have to read along three times before the exams?`,
      answer: `Only if you switch on Read along three times before the exams in Settings and Preferences; it starts switched off. A ${w.student}'s own setting in Add or Edit Students (the gear of their row) can differ from the default you set there.`,
      see: [SETTINGS, ROSTER],
    },
    {
      id: `${prefix}-try-again`,
      question: 'What does "try again" on a day mean?',
      answer: `A day 1, 2 or 3 score under 75% shows try again, and the ${w.student} can take that day's exam again; the newest attempt is the score you see. With Retake a day scored under 75% switched on in Settings and Preferences, the next day opens only once the day before is passed.`,
      see: [SETTINGS],
    },
    {
      id: `${prefix}-day-four`,
      question: "How do I score a day 4 written answer?",
      answer: `Open the ${w.student}'s Detailed Student Report and follow the link of the lesson's extension. Choose the rubric line that fits the answer (1, 2 or 3 points) and, if you like, leave a comment: the ${w.student} sees it with their answer.`,
      see: [DETAILED],
    },
    {
      id: `${prefix}-reset`,
      question: `Can I clear a ${w.student}'s scores so they take a lesson again?`,
      answer: `Yes. In the Detailed Student Report, Reset Scores... shows buttons to reset a lesson's day 1 to 3, its day 4, or all of the ${w.student}'s scores. Seven Day Progress can reset every score worked in its dates.${records ? " Recordings and fluency grades stay either way." : ""}`,
      see: [DETAILED, { label: "Seven Day Progress", to: "/teacher/reports/seven-day" }],
    },
    {
      id: `${prefix}-recording-off`,
      recording: true,
      question: "Why can't my students record a reading?",
      answer:
        "Recording needs three things in Settings and Preferences: Students record themselves reading switched on, and both I have the parents' signed permission and My school administrator approved recording ticked. Then a student records a cold read before their first read-along and a hot read after the third; a benchmark reading is recorded from a benchmark passage you assigned.",
      see: [SETTINGS, FLUENCY],
    },
    {
      id: `${prefix}-cwpm`,
      recording: true,
      question: "How are words correct per minute worked out?",
      answer:
        "While you grade, you mark each word the student missed. Errors counts the missed words as a minus number, and words correct per minute (CWPM) is the WPM less the missed words. Accuracy is the share of the words read that were read correctly. Both update as you mark words.",
      see: [VIDEOS],
    },
    {
      id: `${prefix}-comparison`,
      recording: true,
      question: "What is a comparison video?",
      answer:
        "Once a student has both a cold read and a hot read of a lesson, Refrain puts the two side by side. A comparison is not graded itself: it shows the two grades together (errors and expression, cold to hot), and you can share it with the family.",
      see: [VIDEOS],
    },
    {
      id: `${prefix}-worksheets`,
      question: "Where are the printable worksheets?",
      answer:
        "Resources, then Worksheets, lists every lesson with a link to its printable worksheet (PDF). Printable Resources holds the fluency chart, the fluency sheets by grade, the curriculum overview and the implementation guide.",
      see: [
        { label: "Worksheets", to: "/teacher/worksheets" },
        { label: "Printable Resources", to: "/teacher/resources" },
      ],
    },
    {
      id: `${prefix}-message`,
      question: `Can I leave a message for one ${w.student} or for all my ${w.students}?`,
      answer: `For one ${w.student}, open the gear of their row in Add or Edit Students and write in the message box. For all of them, write a Message to the class in Settings and Preferences. Both show on their reading pages.`,
      see: [ROSTER, SETTINGS],
    },
  ];
}

/**
 * The Q and A page's questions, by the kind of reader who asks them. Each reader reads the groups
 * of the people they are or look after (`readers`), their own first: a teacher also reads what
 * families and admins ask; an admin what their teachers ask; staff everyone's; a parent teaching
 * at home reads the same questions as a teacher, about their children.
 */
export const QUESTION_GROUPS: QuestionGroup[] = [
  {
    id: "teachers",
    title: "Teachers",
    role: "teacher",
    readers: ["teacher", "admins", "staff"],
    questions: classOwnerQuestions("teacher", "teacher"),
  },
  {
    id: "parents",
    title: "Parents",
    role: "parent",
    readers: ["parent"],
    questions: [
      {
        id: "parent-home",
        question: "How does Refrain work for a family teaching at home?",
        answer: `Your home page, ${classWords("parent").home}, shows how each of your children is reading. You add their accounts, assign their lessons and read their reports as a teacher does, from the same menus.`,
        see: [ROSTER],
      },
      ...classOwnerQuestions("parent", "parent"),
      {
        id: "parent-recording",
        question: "Can my children record themselves reading?",
        answer:
          "No. Recorded readings, and the fluency grades made from them, are for school classes only. Your children still read along, answer the day 1 to 3 questions and write the day 4 answer, and their scores show in your reports.",
      },
    ],
  },
  {
    id: "families",
    title: "Families",
    readers: ["teacher", "admins", "staff"],
    questions: [
      {
        id: "family-weekly",
        question: "What is the weekly report, and when does it come?",
        answer:
          "A short email about what your child did that week: lessons worked, exam scores, readings and any message from the teacher. It is sent on Fridays when the teacher has switched it on for the class and for your child.",
      },
      {
        id: "family-stop-mail",
        question: "How do I stop the emails about my child?",
        answer:
          "Every email has an unsubscribe link at the bottom. It lets you stop only the weekly progress report, or every email about your child, without signing in.",
      },
      {
        id: "family-spanish",
        question: "Can I get the emails in Spanish?",
        answer:
          "Yes. The teacher chooses English or Spanish for each family on the Email Parents page; the weekly report and the teacher's template emails then come in that language.",
        see: [EMAIL_PARENTS],
      },
      {
        id: "family-shared-reading",
        question: "The teacher sent me a link to a reading. How long does it work?",
        answer:
          "A shared reading opens without an account for 30 days, unless the teacher turns the link off sooner. The teacher can see how many times it was viewed.",
      },
    ],
  },
  {
    id: "school-admins",
    title: "School admins",
    role: "school_admin",
    readers: ["teacher", "schoolAdmins", "staff"],
    questions: [
      {
        id: "school-add-teacher",
        question: "How do I add a teacher to my school?",
        answer:
          "Open Teacher Usernames and Passwords and fill in Add New Teachers with the teacher's email, first and last name. The teacher gets an email with their username and a link to choose their own password. Each teacher takes one of the school's seats.",
        see: [SCHOOL_TEACHERS],
      },
      {
        id: "school-password",
        question: "A teacher cannot sign in. Can I reset their password?",
        answer:
          "You never see a teacher's password, but Send password link beside the teacher emails them a link to choose a new one.",
        see: [SCHOOL_TEACHERS],
      },
      {
        id: "school-impersonate",
        question: "Can I see a teacher's class the way they see it?",
        answer:
          "Yes. Impersonate beside a teacher in Teacher Usernames and Passwords signs you in as them. The header then says IMPERSONATING with their name, and Return to Admin brings you back to your own account. Each time is recorded.",
        see: [SCHOOL_TEACHERS],
      },
      {
        id: "school-usage",
        question: "Where do I see how my school uses Refrain?",
        answer:
          "Your home page compares the last 30 days with the school year so far. Reports, then School Use and Data, shows time spent, active students and teachers, lessons by genre and the school's fluency graphs for the dates you choose.",
        see: [{ label: "School Use and Data", to: "/school_admin/reports/usage" }],
      },
      {
        id: "school-concepts",
        question: "What are Concept Scores?",
        answer:
          "How your students answer the comprehension questions, grouped three ways: by exam day, by the subject of the lesson and by its story genre. Choose the dates above the report.",
        see: [{ label: "Concept Scores", to: "/school_admin/reports/concepts" }],
      },
      {
        id: "school-quote",
        question: "We need more teacher seats. What do we do?",
        answer:
          "Resources, then Request a Quote, sends us your school's details and the number of students, and a priced quote comes back by email.",
        see: [{ label: "Request a Quote", to: "/quote" }],
      },
    ],
  },
  {
    id: "district-admins",
    title: "District admins",
    role: "district_admin",
    readers: ["teacher", "districtAdmins", "staff"],
    questions: [
      {
        id: "district-home",
        question: "What does my home page show?",
        answer:
          "Every school of your district with its use of Refrain in the last 30 days and in the school year so far, and the district totals. Open a school to see its figures, or follow Details and Concepts to its full reports.",
      },
      {
        id: "district-search",
        question: "How do I find a teacher or a student?",
        answer:
          "Open Search Teachers and Students, choose teachers or students, and type part of a login, a name or an email address. The search covers every school of your district.",
        see: [DISTRICT_SEARCH],
      },
      {
        id: "district-log-in-as",
        question: "Can I log in as a teacher or a student?",
        answer:
          "Yes: the Log in as button beside a search result signs you in as that person. Return to Admin in the header brings you back to your own account, and each time is recorded.",
        see: [DISTRICT_SEARCH],
      },
      {
        id: "district-rename",
        question: "How do I change my district's name?",
        answer: "Open Edit My District, change the District Name and save.",
        see: [{ label: "Edit My District", to: "/district_admin/settings" }],
      },
      {
        id: "district-lessons",
        question: "Can I look at the lessons our students read?",
        answer:
          "Yes. Resources, then All Lessons, shows every lesson by reading level with its Lexile measure and words per minute; open one to read its lyrics, its day 4 prompt and a preview of its day 1 to 3 questions.",
        see: [ALL_LESSONS],
      },
    ],
  },
  {
    id: "staff",
    title: "Staff",
    role: "staff",
    readers: ["staff"],
    questions: [
      {
        id: "staff-leads",
        question: "Where do the public forms go?",
        answer:
          "Every form sent from the public pages lands in Leads, newest first: calls, trials, pricing requests, quotes, invoices, feedback and contact messages. Choose a kind, or search a name, an email or an organization; a row opens everything it sent.",
        see: [{ label: "Leads", to: "/staff/leads" }],
      },
      {
        id: "staff-mail",
        question: "Did an email go out?",
        answer:
          "Mailbox keeps every email the product wrote, with its sign-in links and passwords removed, and says whether it was sent, is still in the outbox, or failed. Filter it by the recipient's exact address.",
        see: [{ label: "Mailbox", to: "/staff/mail" }],
      },
      {
        id: "staff-promo",
        question: "How do I give a teacher or a parent a free month?",
        answer:
          "Create a promo code in Billing, with a note saying who it is for. They enter it in Settings and Preferences. Retire a code to refuse it from then on; accounts that already redeemed it keep their free month.",
        see: [BILLING],
      },
      {
        id: "staff-cancellations",
        question: "Why do people cancel?",
        answer:
          "Billing counts the reasons teachers and parents chose when they canceled, and lists what they wrote.",
        see: [BILLING],
      },
      {
        id: "staff-track",
        question: "A lesson's words are out of step with its song. What do I do?",
        answer:
          "Open Lesson Tracks, choose the lesson and listen. Replace its word timings with a WebVTT file of one cue per word (the cue's id is the word's number in the lesson, from 0), or replace the track itself.",
        see: [{ label: "Lesson Tracks", to: "/staff/lessons/tracks" }],
      },
      {
        id: "staff-suggestions",
        question: "How good are the suggested grades?",
        answer:
          "Suggested Scoring shows, per engine version, how many readings got a suggestion and how often teachers kept its missed words and its last word, with the words correct per minute it was off by; then, per school, how the recognizer adapted to that school's voices did against the base model, before and after.",
        see: [{ label: "Suggested Scoring", to: "/staff/suggestions" }],
      },
      {
        id: "staff-roster",
        question: "A district asks us to bring its roster in. How?",
        answer:
          "Open Roster Import from the Districts menu, choose the district and upload its OneRoster export (a .zip file). Check what the import would change and its problems, then apply it.",
        see: [{ label: "Roster Import", to: "/staff/roster" }],
      },
    ],
  },
];
