import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  fullName,
  impersonationVerdict,
  initials,
  loginRequest,
  type ScopedUser,
  studentLoginRequest,
} from "./auth.ts";
import { fieldErrors } from "./validation.ts";

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe("teacher login rules", () => {
  it("requires both fields, blank after trimming counts as missing", () => {
    expect(errorsOf(loginRequest, { login: "   ", password: "" })).toEqual({
      login: ["Field is required"],
      password: ["Field is required"],
    });
    expect(errorsOf(loginRequest, {})).toEqual({
      login: ["Field is required"],
      password: ["Field is required"],
    });
  });

  it("accepts 45/32 characters and refuses 46/33", () => {
    expect(errorsOf(loginRequest, { login: "a".repeat(45), password: "b".repeat(32) })).toEqual({});
    expect(errorsOf(loginRequest, { login: "a".repeat(46), password: "b".repeat(33) })).toEqual({
      login: ["Field cannot have more than 45 characters."],
      password: ["Field cannot have more than 32 characters."],
    });
  });

  it("trims the login name", () => {
    expect(loginRequest.parse({ login: "  ms.rivera ", password: "x" }).login).toBe("ms.rivera");
  });
});

describe("student login steps", () => {
  it("step 1 needs only the teacher, at most 20 characters", () => {
    expect(errorsOf(studentLoginRequest, { step: 1, teacher: "" })).toEqual({
      teacher: ["Enter your teacher's username"],
    });
    expect(errorsOf(studentLoginRequest, { step: 1, teacher: "t".repeat(20) })).toEqual({});
    expect(errorsOf(studentLoginRequest, { step: 1, teacher: "t".repeat(21) })).toEqual({
      teacher: ["Field cannot have more than 20 characters."],
    });
  });

  it("accepts every username the roster allows (25 characters)", () => {
    expect(
      errorsOf(studentLoginRequest, {
        step: 2,
        type: "input",
        teacher: "t",
        student: "s".repeat(25),
      }),
    ).toEqual({});
  });

  it("step 2 needs the typed username or the chosen tile", () => {
    expect(errorsOf(studentLoginRequest, { step: 2, type: "input", teacher: "t" })).toEqual({
      student: ["Enter your username"],
    });
    expect(errorsOf(studentLoginRequest, { step: 2, type: "select", teacher: "t" })).toEqual({
      studentId: ["Select your username"],
    });
    expect(
      errorsOf(studentLoginRequest, {
        step: 2,
        type: "input",
        teacher: "t",
        student: "s".repeat(26),
      }),
    ).toEqual({
      student: ["Field cannot have more than 25 characters."],
    });
  });

  it("step 3 also needs the password", () => {
    expect(
      errorsOf(studentLoginRequest, { step: 3, type: "select", teacher: "t", studentId: 4 }),
    ).toEqual({
      password: ["Enter your password"],
    });
    expect(
      errorsOf(studentLoginRequest, {
        step: 3,
        type: "select",
        teacher: "t",
        studentId: 4,
        password: "tiger12",
      }),
    ).toEqual({});
  });
});

describe("initials", () => {
  it("takes the first letters of the first two words", () => {
    expect(initials("Elena Rivera")).toBe("ER");
    expect(initials("  mary ann  de la cruz")).toBe("MA");
    expect(initials("Cher")).toBe("C");
    expect(initials("")).toBe("");
  });

  it("is never longer than two letters", () => {
    fc.assert(fc.property(fc.string(), (name) => initials(name).length <= 2));
  });

  it("full name skips blank parts", () => {
    expect(fullName("Ava", "")).toBe("Ava");
    expect(fullName("Ava", "Lopez")).toBe("Ava Lopez");
  });
});

describe("impersonation verdict", () => {
  const schoolAdmin: ScopedUser = { role: "school_admin", schoolId: 1, districtId: 10 };
  const districtAdmin: ScopedUser = { role: "district_admin", schoolId: null, districtId: 10 };
  const teacherHere: ScopedUser = { role: "teacher", schoolId: 1, districtId: 10 };
  const teacherNextDoor: ScopedUser = { role: "teacher", schoolId: 2, districtId: 10 };
  const studentHere: ScopedUser = { role: "student", schoolId: null, districtId: 10 };

  it("lets a school admin take the teachers of their school only", () => {
    expect(impersonationVerdict(schoolAdmin, teacherHere)).toBe("allowed");
    expect(impersonationVerdict(schoolAdmin, teacherNextDoor)).toBe("not_found");
    expect(impersonationVerdict(schoolAdmin, studentHere)).toBe("not_found");
    expect(impersonationVerdict(schoolAdmin, { ...schoolAdmin })).toBe("forbidden");
  });

  it("lets a district admin take teachers and students of the district", () => {
    expect(impersonationVerdict(districtAdmin, teacherHere)).toBe("allowed");
    expect(impersonationVerdict(districtAdmin, teacherNextDoor)).toBe("allowed");
    expect(impersonationVerdict(districtAdmin, studentHere)).toBe("allowed");
    expect(impersonationVerdict(districtAdmin, { ...teacherHere, districtId: 11 })).toBe(
      "not_found",
    );
    expect(
      impersonationVerdict(districtAdmin, { role: "school_admin", schoolId: 1, districtId: 10 }),
    ).toBe("forbidden");
  });

  it("never lets anyone else impersonate, whatever the target", () => {
    const roles = ["teacher", "parent", "student", "staff"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...roles),
        fc.constantFrom("teacher", "parent", "student", "school_admin", "district_admin", "staff"),
        fc.option(fc.nat()),
        fc.option(fc.nat()),
        (actorRole, targetRole, schoolId, districtId) =>
          impersonationVerdict(
            { role: actorRole, schoolId, districtId },
            { role: targetRole as ScopedUser["role"], schoolId, districtId },
          ) === "forbidden",
      ),
    );
  });
});
