import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fullName, initials, loginRequest, studentLoginRequest } from "./auth.ts";
import { errorsOf } from "./test-support.ts";

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
