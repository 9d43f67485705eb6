import { LOGIN_LIMITS, loginRequest, messages, studentLoginRequest } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { checkValues } from "./schema-form.ts";

describe("checkValues", () => {
  it("gives the parsed values the server would take", () => {
    expect(checkValues(loginRequest, { login: "  ms.rivera ", password: "secret" })).toEqual({
      data: { login: "ms.rivera", password: "secret" },
    });
  });

  it("gives each field's first message, in the schema's order", () => {
    const checked = checkValues(loginRequest, { login: " ", password: "" });
    expect(checked).toEqual({
      messages: { login: messages.required, password: messages.required },
      order: ["login", "password"],
    });
  });

  it("gives one message per field when a value breaks two rules", () => {
    const long = "x".repeat(LOGIN_LIMITS.password + 1);
    const checked = checkValues(loginRequest, { login: "ms.rivera", password: long });
    expect(checked).toEqual({
      messages: { password: messages.maxChars(LOGIN_LIMITS.password) },
      order: ["password"],
    });
  });

  it("names the fields a refinement adds its messages to", () => {
    const checked = checkValues(studentLoginRequest, {
      step: 3,
      type: "select",
      teacher: "ms.rivera",
    });
    expect(checked).toMatchObject({ order: ["studentId", "password"] });
  });
});
