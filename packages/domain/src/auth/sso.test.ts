import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../validation.ts";
import {
  CLEVER_LOGIN_NOT_FOUND,
  SSO_USERNAME,
  socialLabel,
  socialProvidersRequest,
  ssoResultText,
  ssoUsernameBase,
  ssoUsernameCandidate,
  studentLoginErrorText,
} from "./sso.ts";

describe("social provider entries", () => {
  it("labels the buttons as the spec words them", () => {
    expect(socialLabel("register", "Google")).toBe("Sign up with Google");
    expect(socialLabel("login", "Microsoft")).toBe("Login with Microsoft");
    expect(socialLabel("student", "Clever")).toBe("Log in with Clever");
  });

  it("requires a known type", () => {
    const missing = socialProvidersRequest.safeParse({});
    expect(missing.success ? {} : fieldErrors(missing.error)).toEqual({
      type: ["Field is required"],
    });
    const wrong = socialProvidersRequest.safeParse({ type: "admin" });
    expect(wrong.success ? {} : fieldErrors(wrong.error)).toEqual({
      type: ["Field must be register, login or student"],
    });
    expect(socialProvidersRequest.parse({ type: "student" })).toEqual({ type: "student" });
  });
});

describe("messages after a failed single sign-on", () => {
  it("names the provider for adults, and only for the results it knows", () => {
    expect(ssoResultText("failed", "Google")).toBe(
      "We could not sign you in with Google. Please try again.",
    );
    expect(ssoResultText("email_in_use", "Google")).toMatch(/already exists/);
    expect(ssoResultText(null, "Google")).toBeNull();
    expect(ssoResultText("<b>hi</b>", "Google")).toBeNull();
  });

  it("gives students the spec's Clever text, and the code for anything else", () => {
    expect(studentLoginErrorText(CLEVER_LOGIN_NOT_FOUND)).toBe(
      "Your Clever login works, but is not set up on the product. Please ask your teacher to set up your Clever login.",
    );
    expect(studentLoginErrorText("clever_login_failed")).toBe(
      "Unknown error while logging in: clever_login_failed",
    );
  });
});

describe("usernames for accounts made through single sign-on", () => {
  it("starts from the e-mail's local part, then the names", () => {
    expect(ssoUsernameBase({ email: "Ada.Lovelace@example.org" })).toBe("ada.lovelace");
    expect(ssoUsernameBase({ email: null, givenName: "José", familyName: "Núñez" })).toBe(
      "jose.nunez",
    );
    expect(ssoUsernameBase({ email: "jo@example.org" })).toBe("jo00");
    expect(ssoUsernameBase({})).toBe("teacher");
    expect(ssoUsernameBase({ email: "a.very.long.local.part@example.org" })).toBe(
      "a.very.long.loc",
    );
  });

  it("always gives 4 to 20 letters, digits and inner dots, whatever the claims", () => {
    const text = fc.option(fc.string({ maxLength: 80 }), { nil: null });
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.nat({ max: 8 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (email, givenName, familyName, attempt, random) => {
          const base = ssoUsernameBase({ email, givenName, familyName });
          expect(base.length).toBeGreaterThanOrEqual(SSO_USERNAME.min);
          expect(base.length).toBeLessThanOrEqual(SSO_USERNAME.baseMax);
          const name = ssoUsernameCandidate(base, attempt, random);
          expect(name.length).toBeGreaterThanOrEqual(SSO_USERNAME.min);
          expect(name.length).toBeLessThanOrEqual(SSO_USERNAME.max);
          expect(name).toMatch(/^[a-z0-9](?:[a-z0-9.]*[a-z0-9])?$/);
          expect(name.startsWith(base)).toBe(true);
        },
      ),
    );
  });

  it("tries longer numbers as attempts go on", () => {
    expect(ssoUsernameCandidate("ada.lovelace", 0, 0.5)).toBe("ada.lovelace");
    expect(ssoUsernameCandidate("ada.lovelace", 1, 0.5)).toBe("ada.lovelace500");
    expect(ssoUsernameCandidate("ada.lovelace", 2, 0.01)).toBe("ada.lovelace0100");
  });
});
