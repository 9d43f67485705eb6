import { z } from "zod";
import { contract, verbs } from "./contract.ts";
import { optionalEmailField } from "./email.ts";
import { lessonSummary, READING_LEVELS, STUDENT_PLAN_IDS } from "./lessons.ts";
import {
  GROUP_NAME_MAX,
  groupsCreateRequest,
  groupsDeleteRequest,
  groupsListRequest,
  groupsRenameRequest,
  groupsResponse,
  groupsUpdateRequest,
} from "./roster/groups.ts";
import {
  dataResponse,
  idParam,
  messageResponse,
  messages,
  recordId,
  requiredText,
  text,
} from "./validation.ts";

// ───────────────────────── Limits and texts (classroom spec §5, §8, §9) ─────────────────────────

export const ROSTER_LIMITS = {
  username: 25,
  firstname: 40,
  lastname: 40,
  password: 32,
  parentEmail: 254,
  /** Students one autocreate may add, whatever the class limit (a bound on one request's work). */
  autocreate: 100,
  feedback: 1000,
  groupName: GROUP_NAME_MAX,
  /** Students one Personalize Learning change may reach (a bound on one request's work). */
  updateMany: 500,
  /** Rows of a class list one request may create, whatever the class limit. */
  classList: 200,
} as const;

/** The count choices before the server's class limit arrives. */
export const DEFAULT_MAXIMUM_STUDENTS = 5;
/** First Grade, for a class whose teacher has no students yet. */
export const DEFAULT_STUDENT_PLAN_ID = 7;
/** Autocreated students carry this first name until the teacher types the real one. */
export const PLACEHOLDER_FIRST_NAME = "Student";

export const rosterMessages = {
  loading: "Loading Students...",
  step1: "STEP 1 – Click below to select the number of student accounts you wish to create",
  countLabel: "Select Number of Students in Class",
  usernameInUse: "This username is already in use.",
  enterName: "Enter student name",
  markedRows: "Please enter all fields for the marked rows",
  searchPlaceholder: "Search for a student...",
  chooseLevel: "Choose a reading level",
  deleteTitle: (first: string, last: string) => `Delete ${`${first} ${last}`.trim()}?`,
  deleteBody: "This student and their history will be permanently deleted. Continue?",
  deleteAllTitle: "Delete ALL Students?",
  deleteAllBody:
    "ALL students and their history will be permanently deleted. This is not recoverable.  Continue?",
  classFull: (max: number, current: number) =>
    current >= max
      ? `Your class is full: it can hold ${max} students. Delete a student to add another.`
      : `Your class can hold ${max} students and has ${current}, so you can add up to ${max - current} more.`,
  noStudents: "You have no students yet. Add students to your class first.",
  noTeacherEmail:
    "Your account has no email address to send the cards to. Add one in Settings and Preferences, or download the cards instead.",
  cardsSent: (count: number, email: string) =>
    `Login cards for ${count} ${count === 1 ? "student" : "students"} were sent to ${email}.`,
  feedbackPlaceholder: "Enter a message for your student here...",
  feedbackSaved: "Message Saved Successfully",
  chooseSetting: 'Choose "inherit" (the teacher\'s default), 1 (on) or 0 (off).',
  chooseStudents: "Select at least one student.",
  tooManyStudents: `Select at most ${ROSTER_LIMITS.updateMany} students.`,
  chooseChange: "Choose a reading level or a setting to change.",
} as const;

/** "N students created, M available" (classroom spec "Teacher student roster"). */
export function rosterCountText(created: number, maximum: number): string {
  const available = Math.max(0, maximum - created);
  return `${created} ${created === 1 ? "student" : "students"} created, ${available} available`;
}

/** The reading-level choices of a student (plan ids 6–11 with their names). */
export const STUDENT_LEVEL_OPTIONS = READING_LEVELS.filter((level) =>
  (STUDENT_PLAN_IDS as readonly number[]).includes(level.id),
).map((level) => ({ value: level.id, label: level.name }));

// ───────────────────────── Entities ─────────────────────────

/** Tri-state student setting: inherit the teacher's default, or force on (1) / off (0). */
export const triState = z.union([z.literal("inherit"), z.literal(1), z.literal(0)], {
  error: rosterMessages.chooseSetting,
});
export type TriState = z.infer<typeof triState>;

export const TRI_STATE_SETTINGS = [
  "require_3x",
  "require_retake",
  "slow_video",
  "enable_fluency_recording",
  "fluency_recording_lyrics_only",
] as const;
export type TriStateSetting = (typeof TRI_STATE_SETTINGS)[number];
/** The settings shown only when the class may record fluency videos. */
export const FLUENCY_SETTINGS: readonly TriStateSetting[] = [
  "enable_fluency_recording",
  "fluency_recording_lyrics_only",
];

/** What the roster and Personalize Learning call each setting and its two forced values. */
export const TRI_STATE_LABELS: Record<TriStateSetting, { label: string; on: string; off: string }> =
  {
    require_3x: { label: "Read along three times before the exams", on: "On", off: "Off" },
    require_retake: { label: "Retake exams scored under 75%", on: "On", off: "Off" },
    slow_video: { label: "Slower lesson video", on: "On", off: "Off" },
    enable_fluency_recording: { label: "Record fluency videos", on: "On", off: "Off" },
    fluency_recording_lyrics_only: {
      label: "Fluency recording shows",
      on: "Lyrics only",
      off: "Video only",
    },
  };
/** The "inherit" choice: the student follows the class's default (Settings and Preferences). */
export const INHERIT_LABEL = "Teacher default";
/** A new student's settings: every one follows the class's default. */
export const FOLLOWS_THE_CLASS = Object.fromEntries(
  TRI_STATE_SETTINGS.map((setting) => [setting, "inherit"]),
) as Record<TriStateSetting, "inherit">;

/** The settings a class shows: the fluency ones only where the class records fluency videos. */
export const settingsShown = (fluencyVideosEnabled: boolean): TriStateSetting[] =>
  TRI_STATE_SETTINGS.filter((s) => fluencyVideosEnabled || !FLUENCY_SETTINGS.includes(s));

/** Roster student (classroom spec §3). */
export const rosterStudent = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  planid: z.number(),
  username: z.string(),
  password: z.string(),
  parent_email: z.string().nullable(),
  require_3x: triState,
  require_retake: triState,
  slow_video: triState,
  enable_fluency_recording: triState,
  fluency_recording_lyrics_only: triState,
});
export type RosterStudent = z.infer<typeof rosterStudent>;

/** A student's reading level: one of the plan ids of STUDENT_LEVEL_OPTIONS. */
const planId = z
  .number({ error: rosterMessages.chooseLevel })
  .int(rosterMessages.chooseLevel)
  .min(STUDENT_PLAN_IDS[0], rosterMessages.chooseLevel)
  .max(STUDENT_PLAN_IDS[5], rosterMessages.chooseLevel);

/** A parent e-mail: blank means none (stored as null); anything else must be a bare mailbox. */
const parentEmail = optionalEmailField(ROSTER_LIMITS.parentEmail);

/**
 * A student as the roster saves it: without `id` it is created. The same schema checks a row in
 * the browser before it is sent and on the server.
 */
export const rosterStudentInput = z.object({
  id: recordId().optional(),
  firstname: requiredText({ max: ROSTER_LIMITS.firstname }),
  lastname: text().trim().max(ROSTER_LIMITS.lastname, messages.maxChars(ROSTER_LIMITS.lastname)),
  planid: planId,
  username: requiredText({ max: ROSTER_LIMITS.username }),
  password: requiredText({ max: ROSTER_LIMITS.password }),
  parent_email: parentEmail,
  require_3x: triState.default("inherit"),
  require_retake: triState.default("inherit"),
  slow_video: triState.default("inherit"),
  enable_fluency_recording: triState.default("inherit"),
  fluency_recording_lyrics_only: triState.default("inherit"),
});
export type RosterStudentInput = z.input<typeof rosterStudentInput>;
export type RosterStudentSave = z.output<typeof rosterStudentInput>;

// ───────────────────────── POST /teacher/students (classroom spec §7) ─────────────────────────

export const rosterListRequest = z.object({ verb: z.literal("list") });
export const rosterParametersRequest = z.object({ verb: z.literal("parameters") });
export const rosterAutocreateRequest = z.object({
  verb: z.literal("autocreate"),
  count: z
    .number({ error: messages.required })
    .int(messages.required)
    .min(1, messages.required)
    .max(ROSTER_LIMITS.autocreate, `Create at most ${ROSTER_LIMITS.autocreate} at a time.`),
});
export const rosterSaveRequest = z.object({ verb: z.literal("save"), student: rosterStudentInput });

/**
 * One row of a class list as the teacher typed it: text cells, the reading level too ("2nd",
 * "K", "8"). Only their shape is checked here; the roster's rules are checkClassList's
 * (roster/class-list.ts), which the browser's preview and the server both run.
 */
export const classListCells = z.object({
  firstname: text(),
  lastname: text().default(""),
  /** Blank: one is made up (student1, …), free in the class and in the list. */
  username: text().default(""),
  /** Blank: the class's most common level. */
  level: text().default(""),
  parent_email: text().default(""),
});
export type ClassListCells = z.input<typeof classListCells>;

/** A class list pasted or uploaded: every row is created, or none. */
export const rosterCreateManyRequest = z.object({
  verb: z.literal("createMany"),
  students: z
    .array(classListCells, { error: "Field must be a list of students" })
    .min(1, messages.required)
    .max(ROSTER_LIMITS.classList, `Create at most ${ROSTER_LIMITS.classList} at a time.`),
});
export const rosterDeleteRequest = z.object({
  verb: z.literal("delete"),
  student: z.object({ id: recordId() }),
});
/** Deleting a whole class is never a bare call: the request carries the teacher's confirmation. */
export const rosterDeleteAllRequest = z.object({
  verb: z.literal("deleteAll"),
  confirm: z.literal(true, {
    error: "Confirm that all students and their history will be deleted.",
  }),
});

/**
 * Personalize Learning: one change (a reading level, settings) for several students of the
 * class at once, in one transaction. Only the fields given change; anything else of a student
 * (names, login, parent e-mail) is never touched, so a page open for a while overwrites nothing.
 */
export const rosterChanges = z
  .strictObject({
    planid: planId.optional(),
    require_3x: triState.optional(),
    require_retake: triState.optional(),
    slow_video: triState.optional(),
    enable_fluency_recording: triState.optional(),
    fluency_recording_lyrics_only: triState.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: rosterMessages.chooseChange,
  });
export type RosterChanges = z.output<typeof rosterChanges>;

export const rosterUpdateManyRequest = z.object({
  verb: z.literal("updateMany"),
  studentIds: z
    .array(recordId(), { error: "Field must be a list of ids" })
    .min(1, rosterMessages.chooseStudents)
    .max(ROSTER_LIMITS.updateMany, rosterMessages.tooManyStudents)
    .transform((ids) => [...new Set(ids)]),
  changes: rosterChanges,
});
export type RosterUpdateManyInput = Omit<z.input<typeof rosterUpdateManyRequest>, "verb">;

export const rosterListResponse = z.object({
  success: z.literal(true),
  students: z.array(rosterStudent),
});
export type RosterListResponse = z.infer<typeof rosterListResponse>;

export const rosterParametersResponse = z.object({
  success: z.literal(true),
  maximumStudents: z.number(),
  fluencyVideosEnabled: z.boolean(),
});
export type RosterParametersResponse = z.infer<typeof rosterParametersResponse>;

export const rosterAutocreateResponse = z.object({
  success: z.literal(true),
  students: z.array(rosterStudent),
  newids: z.array(z.number()),
});
export type RosterAutocreateResponse = z.infer<typeof rosterAutocreateResponse>;

export const rosterSaveResponse = z.object({ success: z.literal(true), student: rosterStudent });
export type RosterSaveResponse = z.infer<typeof rosterSaveResponse>;

export const rosterDeleteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.number(),
});
export type RosterDeleteResponse = z.infer<typeof rosterDeleteResponse>;

/** The changed students as they are now, and a sentence saying how many. */
export const rosterUpdateManyResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  students: z.array(rosterStudent),
});
export type RosterUpdateManyResponse = z.infer<typeof rosterUpdateManyResponse>;

export const studentsChangedText = (count: number) =>
  count === 1 ? "1 student was changed." : `${count} students were changed.`;

// ───────────────────────── Login cards, sample lessons ─────────────────────────

export const loginCardsSendResponse = messageResponse;
export type LoginCardsSendResponse = z.infer<typeof loginCardsSendResponse>;

/** Six lessons of our catalog across the grades, offered by "Try a Sample Lesson". */
export const SAMPLE_LESSON_SLUGS = [
  "k-fly-kite-fly",
  "g1-dot-the-dragons-lemonade-stand",
  "g2-hello-nia",
  "g3-monarch-sky-highway",
  "g4-the-waggle-dance",
  "g5-greenhouse-kid-on-mars",
] as const;

export const sampleLessonsResponse = z.object({
  success: z.literal(true),
  lessons: z.array(lessonSummary),
});
export type SampleLessonsResponse = z.infer<typeof sampleLessonsResponse>;

// ───────────────────────── Student feedback (classroom spec "Student feedback form") ─────────────────────────

export const studentIdParams = z.object({ studentId: idParam });

export const feedbackRequest = z.object({
  message: text().trim().max(ROSTER_LIMITS.feedback, messages.maxChars(ROSTER_LIMITS.feedback)),
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;

/** GET and POST /student/feedback/{studentId}: the message, "" when there is none. */
export const feedbackResponse = dataResponse(z.object({ data: z.object({ message: z.string() }) }));
export type FeedbackResponse = z.infer<typeof feedbackResponse>;

// ───────────────────────── Calls ─────────────────────────

const classOwnerCall = { tag: "roster", policy: "classOwners" } as const;

export const rosterCalls = {
  /** The teacher's roster (classroom spec §7). */
  students: verbs(
    { ...classOwnerCall, method: "POST", path: "/teacher/students" },
    {
      list: {
        summary: "The class's students",
        body: rosterListRequest,
        response: rosterListResponse,
      },
      parameters: {
        summary: "How many students the class may have, and whether it records readings",
        body: rosterParametersRequest,
        response: rosterParametersResponse,
      },
      autocreate: {
        summary: "Create {count} students with generated names and passwords",
        body: rosterAutocreateRequest,
        response: rosterAutocreateResponse,
      },
      createMany: {
        summary:
          "Create the students of a pasted class list (all or none: 422 with errors keyed students.{index}.{field})",
        body: rosterCreateManyRequest,
        response: rosterAutocreateResponse,
      },
      save: {
        summary: "Add or change a student",
        body: rosterSaveRequest,
        response: rosterSaveResponse,
      },
      updateMany: {
        summary:
          "Change the reading level or settings of several students at once (all or none; 404 if any is not in the class)",
        body: rosterUpdateManyRequest,
        response: rosterUpdateManyResponse,
      },
      delete: {
        summary: "Delete a student and their history",
        body: rosterDeleteRequest,
        response: rosterDeleteResponse,
      },
      deleteAll: {
        summary: "Delete every student of the class, confirmed",
        body: rosterDeleteAllRequest,
        response: rosterDeleteResponse,
      },
    },
  ),
  /** Every groups verb answers with the whole, fresh state. */
  groups: verbs(
    { ...classOwnerCall, method: "POST", path: "/teacher/students/groups" },
    {
      list: {
        summary: "The groups and the ungrouped students",
        body: groupsListRequest,
        response: groupsResponse,
      },
      update: {
        summary: "Put a student into a group (0 takes them out)",
        body: groupsUpdateRequest,
        response: groupsResponse,
      },
      create: { summary: "Create a group", body: groupsCreateRequest, response: groupsResponse },
      rename: { summary: "Rename a group", body: groupsRenameRequest, response: groupsResponse },
      delete: {
        summary: "Delete a group (its students stay)",
        body: groupsDeleteRequest,
        response: groupsResponse,
      },
    },
  ),
  sampleLessons: contract({
    ...classOwnerCall,
    method: "GET",
    path: "/teacher/students/sample-lessons",
    summary: "The six lessons offered by Try a Sample Lesson",
    response: sampleLessonsResponse,
  }),
  feedback: contract({
    ...classOwnerCall,
    method: "GET",
    path: "/student/feedback/:studentId",
    summary: "The teacher's message to one of their students",
    params: studentIdParams,
    response: feedbackResponse,
  }),
  saveFeedback: contract({
    ...classOwnerCall,
    method: "POST",
    path: "/student/feedback/:studentId",
    summary: "Save the message a student sees on their home page (empty removes it)",
    params: studentIdParams,
    body: feedbackRequest,
    response: feedbackResponse,
  }),
  sendLoginCards: contract({
    ...classOwnerCall,
    method: "POST",
    path: "/teacher/media/cards/send",
    summary: "Email the class's printable login cards (PDF) to the teacher",
    response: loginCardsSendResponse,
  }),
  loginCardsPdf: contract({
    ...classOwnerCall,
    method: "GET",
    path: "/teacher/media/cards.pdf",
    summary: "The class's printable login cards as a PDF download",
    file: "application/pdf",
  }),
};
