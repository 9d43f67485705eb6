import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailLinkRequest, newPasswordForm, newPasswordRequest } from "../auth.ts";
import { errorsOf, requiredErrors } from "../test-support.ts";
import {
  cleanZip,
  completeSignupFormSchema,
  completeSignupRequest,
  GRADE_LEVEL_OPTIONS,
  GRADE_LEVELS,
  needsSchool,
  REFERRAL_OPTIONS,
  SCHOOL_NOT_LISTED_ID,
  SCHOOL_NOT_LISTED_NAME,
  signupFormSchema,
  signupRequest,
  sourceSelectable,
  withNotListed,
  zipKeyAllowed,
  zipParams,
  zipReady,
} from "./signup.ts";

const teacher = {
  userType: "teacher",
  firstName: "Ada",
  lastName: "Lovelace",
  userName: "ada.l",
  email: "ada@example.org",
  password: "secret1",
  gradeLevel: "3rd grade",
  howDidYouFindUs: "Pinterest",
  schoolZipCode: "97201",
  selectedSchool: 7,
};
const parent = { ...teacher, userType: "parent", schoolZipCode: "", selectedSchool: undefined };

describe("sign-up lists", () => {
  it("shows the grade levels capitalized alike, their values the spec's", () => {
    expect(GRADE_LEVEL_OPTIONS.map((o) => o.value)).toEqual([...GRADE_LEVELS]);
    for (const { label } of GRADE_LEVEL_OPTIONS) {
      expect(label).not.toMatch(/\bgrade\b|\blevels?\b|\bhigher\b/);
      expect(label.toLowerCase()).toBe(
        GRADE_LEVELS.find((v) => v.toLowerCase() === label.toLowerCase())?.toLowerCase(),
      );
    }
  });

  it("has the spec's 8 grade levels and 8 referral options", () => {
    expect(GRADE_LEVELS).toHaveLength(8);
    expect(GRADE_LEVELS[0]).toBe("Kindergarten");
    expect(GRADE_LEVELS[7]).toBe("Multiple grade levels");
    expect(REFERRAL_OPTIONS).toHaveLength(8);
    expect(REFERRAL_OPTIONS).toContain("A Friend Referred Me");
    expect(REFERRAL_OPTIONS.at(-1)).toBe("Unknown");
  });
});

describe("sign-up rules", () => {
  it("accepts a complete teacher and a parent without a school", () => {
    expect(errorsOf(signupRequest, teacher)).toEqual({});
    expect(errorsOf(signupRequest, parent)).toEqual({});
  });

  it("requires every field with the spec's message", () => {
    expect(errorsOf(signupRequest, {})).toEqual(
      requiredErrors(
        "userType",
        "firstName",
        "lastName",
        "userName",
        "email",
        "password",
        "gradeLevel",
        "howDidYouFindUs",
      ),
    );
    const blank = errorsOf(signupRequest, {
      ...teacher,
      userType: "",
      gradeLevel: "",
      howDidYouFindUs: "",
    });
    expect(blank).toEqual(requiredErrors("userType", "gradeLevel", "howDidYouFindUs"));
  });

  it("refuses a user type other than teacher or parent, and unknown list values", () => {
    expect(errorsOf(signupRequest, { ...teacher, userType: "staff" })).toHaveProperty("userType");
    expect(errorsOf(signupRequest, { ...teacher, gradeLevel: "7th grade" })).toHaveProperty(
      "gradeLevel",
    );
    expect(errorsOf(signupRequest, { ...teacher, howDidYouFindUs: "Radio" })).toHaveProperty(
      "howDidYouFindUs",
    );
  });

  it.each([
    ["firstName", 2, 45],
    ["userName", 4, 20],
    ["password", 6, 32],
  ] as const)(
    "%s: %i to %i characters fit, one fewer or one more is refused",
    (field, min, max) => {
      const errors = (value: string) => errorsOf(signupRequest, { ...teacher, [field]: value });
      expect(errors("a".repeat(min - 1))).toEqual({
        [field]: [`Field must have at least ${min} characters.`],
      });
      expect(errors("a".repeat(min))).toEqual({});
      expect(errors("a".repeat(max))).toEqual({});
      expect(errors("a".repeat(max + 1))).toEqual({
        [field]: [`Field cannot have more than ${max} characters.`],
      });
    },
  );

  it("first name: blank after trimming is missing, and it is trimmed before counting", () => {
    const first = (firstName: string) => errorsOf(signupRequest, { ...teacher, firstName });
    expect(first("    ").firstName?.[0]).toBe("Field is required");
    // Trimmed before counting: padded 45 characters still fit.
    expect(first(`  ${"a".repeat(45)}  `)).toEqual({});
    expect(first("  A  ")).toEqual({ firstName: ["Field must have at least 2 characters."] });
  });

  it("last name: 1 and 45 fit, 46 is too long, blank is missing", () => {
    const last = (lastName: string) => errorsOf(signupRequest, { ...teacher, lastName });
    expect(last("L")).toEqual({});
    expect(last("l".repeat(45))).toEqual({});
    expect(last("l".repeat(46))).toEqual({
      lastName: ["Field cannot have more than 45 characters."],
    });
    expect(last(" \t ")).toEqual({ lastName: ["Field is required"] });
  });

  it("parents' names stop at 45 like teachers', and the first name still needs 2 characters", () => {
    expect(
      errorsOf(signupRequest, { ...parent, firstName: "p".repeat(45), lastName: "q".repeat(45) }),
    ).toEqual({});
    fc.assert(
      fc.property(fc.integer({ min: 46, max: 200_000 }), (n) => {
        expect(
          errorsOf(signupRequest, { ...parent, firstName: "p".repeat(n), lastName: "q".repeat(n) }),
        ).toEqual({
          firstName: ["Field cannot have more than 45 characters."],
          lastName: ["Field cannot have more than 45 characters."],
        });
      }),
      { numRuns: 30 },
    );
    expect(errorsOf(signupRequest, { ...parent, firstName: "P" })).toEqual({
      firstName: ["Field must have at least 2 characters."],
    });
  });

  it("username: odd characters are refused, and it is trimmed", () => {
    const user = (userName: string) => errorsOf(signupRequest, { ...teacher, userName });
    expect(user("a b c d")).toEqual({
      userName: ["Use only letters, numbers, dots, dashes and underscores."],
    });
    expect(user("me@home")).toHaveProperty("userName");
    expect(signupRequest.parse({ ...teacher, userName: "  ms.x_y-z  " }).userName).toBe("ms.x_y-z");
  });

  it("email must be valid", () => {
    expect(errorsOf(signupRequest, { ...teacher, email: "not-an-email" })).toEqual({
      email: ["Field must be a valid email address."],
    });
    expect(signupRequest.parse({ ...teacher, email: " ada@example.org " }).email).toBe(
      "ada@example.org",
    );
  });

  it("a teacher in the US must choose a school; outside the US or as a parent none is needed", () => {
    expect(errorsOf(signupRequest, { ...teacher, selectedSchool: undefined })).toEqual({
      selectedSchool: ["Field is required"],
    });
    expect(errorsOf(signupRequest, { ...teacher, selectedSchool: null })).toEqual({
      selectedSchool: ["Field is required"],
    });
    expect(
      errorsOf(signupRequest, {
        ...teacher,
        foreign: true,
        schoolZipCode: "",
        selectedSchool: undefined,
      }),
    ).toEqual({});
    expect(errorsOf(signupRequest, { ...parent, selectedSchool: undefined })).toEqual({});
  });

  it("ZIP: 4 digits and non-digits are refused, 5 digits fit, empty is left to the school rule", () => {
    const zip = (schoolZipCode: string) => errorsOf(signupRequest, { ...teacher, schoolZipCode });
    expect(zip("9720")).toEqual({ schoolZipCode: ["Enter the 5 digits of the ZIP code."] });
    expect(zip("9720a")).toEqual({ schoolZipCode: ["Enter the 5 digits of the ZIP code."] });
    expect(zip("972011")).toEqual({ schoolZipCode: ["Enter the 5 digits of the ZIP code."] });
    expect(zip("97201")).toEqual({});
    expect(zip("")).toEqual({});
    // Outside the US the ZIP is not read at all.
    expect(errorsOf(signupRequest, { ...teacher, foreign: true, schoolZipCode: "abc" })).toEqual(
      {},
    );
  });

  it("My School Is Not Listed needs the school's name, 3 to 200 characters", () => {
    const notListed = { ...teacher, selectedSchool: SCHOOL_NOT_LISTED_ID };
    expect(errorsOf(signupRequest, notListed)).toEqual({ schoolName: ["Field is required"] });
    expect(errorsOf(signupRequest, { ...notListed, schoolName: "   " })).toEqual({
      schoolName: ["Field is required"],
    });
    expect(errorsOf(signupRequest, { ...notListed, schoolName: "PS" })).toEqual({
      schoolName: ["Field must have at least 3 characters."],
    });
    expect(errorsOf(signupRequest, { ...notListed, schoolName: "s".repeat(201) })).toEqual({
      schoolName: ["Field cannot have more than 200 characters."],
    });
    expect(errorsOf(signupRequest, { ...notListed, schoolName: "Lakeside Academy" })).toEqual({});
  });

  it("shows the cross-field messages together with the others", () => {
    expect(
      errorsOf(signupRequest, { ...teacher, password: "", selectedSchool: undefined }),
    ).toEqual({ password: ["Field is required"], selectedSchool: ["Field is required"] });
  });

  it("a form that hides the password and the referral does not ask for them", () => {
    const { password: _p, howDidYouFindUs: _h, ...rest } = teacher;
    const schema = signupFormSchema(["password", "howDidYouFindUs"]);
    expect(errorsOf(schema, rest)).toEqual({});
    expect(errorsOf(signupFormSchema(), rest)).toEqual({
      password: ["Field is required"],
      howDidYouFindUs: ["Field is required"],
    });
  });

  it("needsSchool: teachers inside the US only", () => {
    expect(needsSchool({ userType: "teacher" })).toBe(true);
    expect(needsSchool({ userType: "teacher", foreign: true })).toBe(false);
    expect(needsSchool({ userType: "parent" })).toBe(false);
    expect(needsSchool({})).toBe(false);
  });
});

describe("complete signup rules", () => {
  const base = {
    userType: "teacher",
    firstName: "Grace",
    lastName: "Hopper",
    gradeLevel: "Kindergarten",
    source: "Other",
  };

  it("requires user type, names, grade level and source", () => {
    expect(errorsOf(completeSignupRequest, {})).toEqual(
      requiredErrors("userType", "firstName", "lastName", "gradeLevel", "source"),
    );
  });

  it("the request leaves the school to the server; the form requires it when none is preset", () => {
    expect(errorsOf(completeSignupRequest, base)).toEqual({});
    expect(errorsOf(completeSignupFormSchema(false), base)).toEqual({});
    expect(errorsOf(completeSignupFormSchema(true), base)).toEqual({
      selectedSchool: ["Field is required"],
    });
    expect(errorsOf(completeSignupFormSchema(true), { ...base, foreign: true })).toEqual({});
    expect(errorsOf(completeSignupFormSchema(true), { ...base, userType: "parent" })).toEqual({});
  });

  it("teachers' and parents' names stop at 45", () => {
    for (const userType of ["teacher", "parent"]) {
      expect(
        errorsOf(completeSignupRequest, { ...base, userType, lastName: "h".repeat(46) }),
      ).toEqual({ lastName: ["Field cannot have more than 45 characters."] });
    }
  });

  it("source is selectable only when not preset or Unknown", () => {
    expect(sourceSelectable(null)).toBe(true);
    expect(sourceSelectable("")).toBe(true);
    expect(sourceSelectable("Unknown")).toBe(true);
    expect(sourceSelectable("Pinterest")).toBe(false);
  });
});

describe("school picker", () => {
  it("sorts the schools by name and puts My School Is Not Listed last, once", () => {
    expect(
      withNotListed([
        { id: 9, name: "Willow Creek" },
        { id: 4, name: "Aspen Ridge" },
        { id: SCHOOL_NOT_LISTED_ID, name: "anything" },
      ]),
    ).toEqual([
      { id: 4, name: "Aspen Ridge" },
      { id: 9, name: "Willow Creek" },
      { id: 1, name: SCHOOL_NOT_LISTED_NAME },
    ]);
    expect(withNotListed([])).toEqual([{ id: 1, name: "My School Is Not Listed" }]);
  });

  it("always ends with the not-listed option, whatever the list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 2, max: 1e6 }), name: fc.string() })),
        (schools) => {
          const list = withNotListed(schools);
          expect(list).toHaveLength(schools.length + 1);
          expect(list.at(-1)).toEqual({ id: 1, name: SCHOOL_NOT_LISTED_NAME });
        },
      ),
    );
  });

  it("looks up a ZIP at exactly 5 digits", () => {
    expect(zipReady("9720")).toBe(false);
    expect(zipReady("97201")).toBe(true);
    expect(zipReady("9720a")).toBe(false);
    expect(zipReady("972011")).toBe(false);
    expect(zipParams.safeParse({ zip: "9720" }).success).toBe(false);
    expect(zipParams.safeParse({ zip: "97201" }).success).toBe(true);
  });

  it("the ZIP field takes digits, Backspace and Delete, lets navigation through, refuses other characters", () => {
    for (const key of ["0", "5", "9", "Backspace", "Delete", "Tab", "ArrowLeft", "Enter"])
      expect(zipKeyAllowed(key)).toBe(true);
    for (const key of ["a", "-", " ", "e", "+", "."]) expect(zipKeyAllowed(key)).toBe(false);
    expect(zipKeyAllowed("v", true)).toBe(true);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 1 }), (key) => {
        expect(zipKeyAllowed(key)).toBe(/^\d$/.test(key));
      }),
    );
  });

  it("a pasted ZIP keeps its first five digits", () => {
    expect(cleanZip(" 97-201 ")).toBe("97201");
    expect(cleanZip("972019999")).toBe("97201");
    expect(cleanZip("abc")).toBe("");
  });
});

describe("e-mail link and password reset", () => {
  it("the e-mail link field must be an e-mail", () => {
    expect(errorsOf(emailLinkRequest, { email: "" })).toEqual({ email: ["Field is required"] });
    expect(errorsOf(emailLinkRequest, { email: "ms.rivera" })).toEqual({
      email: ["Field must be a valid email address."],
    });
    expect(errorsOf(emailLinkRequest, { email: "a@b.org" })).toEqual({});
  });

  it("a new password is 6 to 32 characters and typed twice the same", () => {
    expect(errorsOf(newPasswordRequest, { password: "12345" })).toEqual({
      password: ["Field must have at least 6 characters."],
    });
    expect(errorsOf(newPasswordRequest, { password: "p".repeat(33) })).toEqual({
      password: ["Field cannot have more than 32 characters."],
    });
    expect(errorsOf(newPasswordRequest, { password: "123456" })).toEqual({});
    expect(errorsOf(newPasswordForm, { password: "123456", confirmPassword: "123457" })).toEqual({
      confirmPassword: ["The two passwords do not match."],
    });
    expect(errorsOf(newPasswordForm, { password: "123456", confirmPassword: "123456" })).toEqual(
      {},
    );
  });
});
