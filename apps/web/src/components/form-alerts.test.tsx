import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api.ts";
import { DoneAlert, ErrorAlert } from "./form-alerts.tsx";
import { staticMarkup as html } from "./static-markup.tsx";

describe("ErrorAlert", () => {
  it("shows nothing before a failure", () => {
    expect(html(<ErrorAlert error={null} />)).not.toContain('role="alert"');
  });

  it("announces the joined field messages of a 422, with the form's prefix", () => {
    const error = new ApiError(422, "Invalid", { email: ["Enter a valid email address."] });
    const out = html(<ErrorAlert error={error} prefix="Error: " />);
    expect(out).toContain('role="alert"');
    expect(out).toContain("Error: Enter a valid email address.");
  });
});

describe("DoneAlert", () => {
  it("announces the confirmation politely", () => {
    const out = html(<DoneAlert>Thanks, we will reply soon.</DoneAlert>);
    expect(out).toContain('role="status"');
    expect(out).toContain("Thanks, we will reply soon.");
  });
});
