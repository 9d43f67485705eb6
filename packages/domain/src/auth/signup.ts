import { z } from "zod";
import { emailField } from "../email.ts";
import { dataResponse, keysOf, messages, recordId, text } from "../validation.ts";

// ---- Sign-up and complete signup (access spec screens 2, 3, 6; §3, §4, §5, §9) ----

export const SIGNUP_USER_TYPE_LABELS = {
  teacher: "Teacher",
  parent: "Parent",
};
export const SIGNUP_USER_TYPES = keysOf(SIGNUP_USER_TYPE_LABELS);
export type SignupUserType = (typeof SIGNUP_USER_TYPES)[number];

/**
 * The spec's eight grade levels, spelled as the spec spells them, and the choices as the forms
 * show them, capitalized alike ("2nd Grade" beside "1st Grade"): the values stay the spec's
 * spellings, which accounts already hold.
 */
const GRADE_LEVEL_LABELS = {
  Kindergarten: "Kindergarten",
  "1st Grade": "1st Grade",
  "2nd grade": "2nd Grade",
  "3rd grade": "3rd Grade",
  "4th grade": "4th Grade",
  "5th grade": "5th Grade",
  "6th grade or higher": "6th Grade or Higher",
  "Multiple grade levels": "Multiple Grade Levels",
};
export const GRADE_LEVELS = keysOf(GRADE_LEVEL_LABELS);
export type GradeLevel = (typeof GRADE_LEVELS)[number];
export const GRADE_LEVEL_OPTIONS = GRADE_LEVELS.map((value) => ({
  value,
  label: GRADE_LEVEL_LABELS[value],
}));

/** How did you find us (sign-up) and source (complete signup): the spec's eight options. */
export const REFERRAL_OPTIONS = [
  "Pinterest",
  "A Friend Referred Me",
  "Search Engine",
  "Facebook",
  "Twitter",
  "Instagram",
  "Other",
  "Unknown",
] as const;
export type ReferralOption = (typeof REFERRAL_OPTIONS)[number];
export const UNKNOWN_SOURCE: ReferralOption = "Unknown";

/** The school value meaning "My School Is Not Listed"; no real school ever has this id. */
export const SCHOOL_NOT_LISTED_ID = 1;
export const SCHOOL_NOT_LISTED_NAME = "My School Is Not Listed";

export const SIGNUP_LIMITS = {
  firstNameMin: 2,
  /**
   * Teachers' and parents' names. The access spec gives parents' names no maximum; we hold them
   * to the teachers' 45 so nobody stores a name of megabytes.
   */
  nameMax: 45,
  userNameMin: 4,
  userNameMax: 20,
  passwordMin: 6,
  passwordMax: 32,
  emailMax: 254,
  zip: 5,
  schoolNameMin: 3,
  schoolNameMax: 200,
} as const;

export const signupMessages = {
  usernameTaken: "This username has already been taken.",
  usernameCharacters: "Use only letters, numbers, dots, dashes and underscores.",
  usernameCheckFailed: "We could not check this username. Please try again.",
  checkingUsername: "Checking username...",
  zip: "Enter the 5 digits of the ZIP code.",
  unknownSchool: "Choose a school from the list.",
  gradeNote: "This does not limit access to content",
  welcome: (days: number) => `Welcome to Refrain! Your ${days}-day free trial has started.`,
  completed: "Thank you! Your account is ready.",
  alreadyComplete: "Your sign-up is already complete.",
} as const;

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const ZIP_PATTERN = /^\d{5}$/;

/** A check that speaks only when something was typed, so a blank field says just "Field is required". */
const typed = (message: string) => ({
  message,
  when: (payload: { value: unknown }) => typeof payload.value === "string" && payload.value !== "",
});

const requiredEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => messages.required });

const firstName = text()
  .trim()
  .min(1, messages.required)
  .min(SIGNUP_LIMITS.firstNameMin, typed(messages.minChars(SIGNUP_LIMITS.firstNameMin)))
  .max(SIGNUP_LIMITS.nameMax, messages.maxChars(SIGNUP_LIMITS.nameMax));
const lastName = text()
  .trim()
  .min(1, messages.required)
  .max(SIGNUP_LIMITS.nameMax, messages.maxChars(SIGNUP_LIMITS.nameMax));

/** An adult's names as sign-up checks them; a school admin's teacher invitation reuses them. */
export const adultNameFields = { firstName, lastName };

/** An adult's e-mail address, trimmed: required and a bare mailbox. */
export const emailAddress = emailField(SIGNUP_LIMITS.emailMax);

export const signupUserName = text()
  .trim()
  .min(1, messages.required)
  .min(SIGNUP_LIMITS.userNameMin, typed(messages.minChars(SIGNUP_LIMITS.userNameMin)))
  .max(SIGNUP_LIMITS.userNameMax, messages.maxChars(SIGNUP_LIMITS.userNameMax))
  .regex(USERNAME_PATTERN, typed(signupMessages.usernameCharacters));

export const newPassword = text()
  .min(1, messages.required)
  .min(SIGNUP_LIMITS.passwordMin, typed(messages.minChars(SIGNUP_LIMITS.passwordMin)))
  .max(SIGNUP_LIMITS.passwordMax, messages.maxChars(SIGNUP_LIMITS.passwordMax));

/** The school section shared by both forms: ZIP, the chosen school, or outside the US. */
const schoolFields = {
  /** "I am not in the United States": no school section. */
  foreign: z.boolean().default(false),
  schoolZipCode: text().trim().default(""),
  /** A school id from the ZIP lookup, or 1 for My School Is Not Listed. */
  selectedSchool: recordId().nullish(),
  /** The school's name as typed when it is not listed. */
  schoolName: text().trim().optional(),
};

interface SchoolSection {
  userType?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  foreign?: unknown;
  schoolZipCode?: unknown;
  selectedSchool?: unknown;
  schoolName?: unknown;
}

/** Does this form ask for a school? Teachers in the United States only. */
export function needsSchool(value: { userType?: unknown; foreign?: unknown }): boolean {
  return value.userType === "teacher" && value.foreign !== true;
}

/**
 * The rules that depend on more than one field: a teacher in the US picks a school (unless `schoolRequired` is false, when the
 * account already has one), and names it when it is not listed. They run even while other
 * fields are invalid, so every message shows at once; hence the defensive reads.
 */
function crossFieldRules(schoolRequired: boolean) {
  return (value: SchoolSection, ctx: z.RefinementCtx) => {
    // The body may be no object at all (null, a number): then there is nothing to cross-check.
    if (typeof value !== "object" || value === null) return;
    if (!needsSchool(value)) return;
    const zip = typeof value.schoolZipCode === "string" ? value.schoolZipCode : "";
    if (zip !== "" && !ZIP_PATTERN.test(zip)) {
      ctx.addIssue({ code: "custom", path: ["schoolZipCode"], message: signupMessages.zip });
    }
    const school = value.selectedSchool;
    if (school === undefined || school === null) {
      if (schoolRequired) {
        ctx.addIssue({ code: "custom", path: ["selectedSchool"], message: messages.required });
      }
      return;
    }
    if (school !== SCHOOL_NOT_LISTED_ID) return;
    const typed = typeof value.schoolName === "string" ? value.schoolName : "";
    const problem =
      typed === ""
        ? messages.required
        : typed.length < SIGNUP_LIMITS.schoolNameMin
          ? messages.minChars(SIGNUP_LIMITS.schoolNameMin)
          : typed.length > SIGNUP_LIMITS.schoolNameMax
            ? messages.maxChars(SIGNUP_LIMITS.schoolNameMax)
            : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["schoolName"], message: problem });
  };
}

const always = { when: () => true };

/** Who signs up, as both forms ask it first. */
const personFields = { userType: requiredEnum(SIGNUP_USER_TYPES), firstName, lastName };
const gradeLevel = requiredEnum(GRADE_LEVELS);

const signupFields = z.object({
  ...personFields,
  userName: signupUserName,
  email: emailAddress,
  password: newPassword,
  gradeLevel,
  howDidYouFindUs: requiredEnum(REFERRAL_OPTIONS),
  ...schoolFields,
});

// ---- POST /teacher/signup ----
export const signupRequest = signupFields.superRefine(crossFieldRules(true), always);
export type SignupRequest = z.output<typeof signupRequest>;
export type SignupInput = z.input<typeof signupRequest>;

/** Fields a page may hide from the sign-up form (the caller then supplies them otherwise). */
export type SignupHiddenField = "password" | "howDidYouFindUs";

/**
 * The sign-up form's schema: the request's rules without the fields the page hides, so a
 * form reused without a password still validates the rest.
 */
export function signupFormSchema(hidden: readonly SignupHiddenField[] = []) {
  return signupFields
    .extend({
      password: hidden.includes("password") ? z.string().optional() : newPassword,
      howDidYouFindUs: hidden.includes("howDidYouFindUs")
        ? requiredEnum(REFERRAL_OPTIONS).optional()
        : requiredEnum(REFERRAL_OPTIONS),
    })
    .superRefine(crossFieldRules(true), always);
}
export type SignupFormValues = z.input<ReturnType<typeof signupFormSchema>>;
export type SignupFormOutput = z.output<ReturnType<typeof signupFormSchema>>;

export const signupResponse = z.object({
  success: z.literal(true),
  redirect: z.string(),
  message: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponse>;

// ---- POST /teacher/complete_signup_postback ----
const completeSignupFields = z.object({
  ...personFields,
  gradeLevel,
  source: requiredEnum(REFERRAL_OPTIONS),
  ...schoolFields,
});

/**
 * The request as the server validates it: whether the school is required depends on the
 * account (one preset by single sign-on needs none), which the service checks.
 */
export const completeSignupRequest = completeSignupFields.superRefine(
  crossFieldRules(false),
  always,
);
export type CompleteSignupRequest = z.output<typeof completeSignupRequest>;

/** The form's schema: a teacher without a preset school must choose one. */
export function completeSignupFormSchema(schoolRequired: boolean) {
  return completeSignupFields.superRefine(crossFieldRules(schoolRequired), always);
}
export type CompleteSignupFormValues = z.input<ReturnType<typeof completeSignupFormSchema>>;
export type CompleteSignupFormOutput = z.output<ReturnType<typeof completeSignupFormSchema>>;

export const completeSignupResponse = signupResponse;
export type CompleteSignupResponse = SignupResponse;

export const schoolOption = z.object({ id: z.number(), name: z.string() });
export type SchoolOption = z.infer<typeof schoolOption>;

/** GET /teacher/complete_signup: what the account already has, to preset the form. */
export const completeSignupInfoResponse = dataResponse(
  z.object({
    userType: z.enum(SIGNUP_USER_TYPES),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    gradeLevel: z.enum(GRADE_LEVELS).nullable(),
    source: z.enum(REFERRAL_OPTIONS).nullable(),
    /** The school the account already has; the form then asks for none. */
    school: schoolOption.nullable(),
  }),
);
export type CompleteSignupInfo = z.infer<typeof completeSignupInfoResponse>["data"];

/** Source is chosen on the form only when the account has none yet, or an Unknown one. */
export function sourceSelectable(source: string | null | undefined): boolean {
  return !source || source === UNKNOWN_SOURCE;
}

// ---- GET /support/schoolsByZip/{zip} and GET /support/user/{loginName}/exists ----
export const zipParams = z.object({
  zip: text().regex(ZIP_PATTERN, signupMessages.zip),
});
export const schoolsByZipResponse = z.array(schoolOption);

/** The picker's list: the schools by name, and My School Is Not Listed always last. */
export function withNotListed(schools: readonly SchoolOption[]): SchoolOption[] {
  return [
    ...[...schools]
      .filter((school) => school.id !== SCHOOL_NOT_LISTED_ID)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    { id: SCHOOL_NOT_LISTED_ID, name: SCHOOL_NOT_LISTED_NAME },
  ];
}

export const loginNameParams = z.object({ loginName: text().max(200) });
export const userExistsResponse = z.boolean();

/** A ZIP is looked up once it has exactly five digits. */
export function zipReady(zip: string): boolean {
  return ZIP_PATTERN.test(zip);
}

/** Keys that move around or use shortcuts, which the ZIP field must not swallow. */
const NAVIGATION_KEYS = new Set(["Tab", "ArrowLeft", "ArrowRight", "Home", "End", "Enter"]);

/**
 * Does the ZIP field take this key? Digits, Backspace and Delete edit it; navigation keys and
 * shortcuts (Ctrl or Cmd) pass through; every other character is refused.
 */
export function zipKeyAllowed(key: string, withShortcutModifier = false): boolean {
  if (withShortcutModifier || NAVIGATION_KEYS.has(key)) return true;
  return key === "Backspace" || key === "Delete" || /^\d$/.test(key);
}

/** What a pasted or dropped text leaves in the ZIP field: its digits, at most five. */
export function cleanZip(value: string): string {
  return value.replace(/\D/g, "").slice(0, SIGNUP_LIMITS.zip);
}
