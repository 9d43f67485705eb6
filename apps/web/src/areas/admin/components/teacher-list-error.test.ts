import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { teacherListErrorText } from "./teacher-list-error.ts";

describe("teacherListErrorText", () => {
  it("joins a 422's field messages", () => {
    const error = new ApiError(422, "Invalid", { email: ["Field is required"] });
    expect(teacherListErrorText(error)).toContain("Field is required");
  });

  it("follows the server's message with the status", () => {
    expect(teacherListErrorText(new ApiError(409, "Seats are all taken."))).toBe(
      "Seats are all taken. [error 409]",
    );
  });

  it("says Unknown error when the server gave no message", () => {
    expect(teacherListErrorText(new ApiError(500, ""))).toBe("Unknown error [error 500]");
  });

  it("does not tag twice", () => {
    const error = new ApiError(502, "Something went wrong [error 502]");
    expect(teacherListErrorText(error)).toBe("Something went wrong [error 502]");
  });

  it("shows the error's text when no answer came", () => {
    expect(teacherListErrorText(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});
