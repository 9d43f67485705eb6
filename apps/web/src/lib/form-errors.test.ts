import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { applyFieldErrors } from "./form-errors.ts";

type Values = { email: string; phone: string };

/** A form that records what was put on its fields. */
function recordingForm() {
  const set: Record<string, { type?: string; message?: string }> = {};
  return {
    set,
    setError: (name: string, error: { type?: string; message?: string }) => {
      set[name] = error;
    },
  };
}

describe("applyFieldErrors", () => {
  it("puts each field's first message on the field of that name", () => {
    const form = recordingForm();
    const error = new ApiError(422, "Invalid", {
      email: ["Enter a valid e-mail address.", "Too long."],
      phone: ["Enter a phone number."],
    });
    expect(applyFieldErrors<Values>(form, error)).toBe(true);
    expect(form.set).toEqual({
      email: { type: "server", message: "Enter a valid e-mail address." },
      phone: { type: "server", message: "Enter a phone number." },
    });
  });

  it("leaves out the fields the form does not show", () => {
    const form = recordingForm();
    const error = new ApiError(422, "Invalid", { email: ["Bad."], altcha: ["Solve it."] });
    expect(applyFieldErrors<Values>(form, error, ["email", "phone"])).toBe(true);
    expect(Object.keys(form.set)).toEqual(["email"]);
  });

  it("answers false and touches nothing for failures that name no shown field", () => {
    const form = recordingForm();
    expect(applyFieldErrors<Values>(form, new ApiError(500, "Broken"))).toBe(false);
    expect(applyFieldErrors<Values>(form, new Error("offline"))).toBe(false);
    expect(applyFieldErrors<Values>(form, new ApiError(422, "x", { email: [] }))).toBe(false);
    expect(
      applyFieldErrors<Values>(form, new ApiError(422, "x", { zip: ["No."] }), ["email"]),
    ).toBe(false);
    expect(form.set).toEqual({});
  });
});
