import { describe, expect, it } from "vitest";
import { signupRequest } from "./auth/signup.ts";
import { emailLinkRequest } from "./auth.ts";
import { emailField, mailboxKey, optionalEmailField } from "./email.ts";
import {
  bookCallRequest,
  districtPricingRequest,
  schoolQuoteRequest,
  schoolTrialRequest,
} from "./leads.ts";
import { rosterStudentInput } from "./roster.ts";

/** Spellings that mail libraries deliver to victim@school.org although they are not that text. */
const SMUGGLED = [
  "x<victim@school.org>",
  "Ann <victim@school.org>",
  '"Ann Lee" <victim@school.org>',
  "g:victim@school.org;",
  "victim@school.org, other@school.org",
  "victim@school.org;other@school.org",
  "victim@school.org other@school.org",
  "victim@school.org\nBcc: other@school.org",
  "victim(comment)@school.org",
  '"victim"@school.org',
  "victim@[192.0.2.1]",
  "<victim@school.org>",
];

describe("the strict e-mail address", () => {
  it("takes bare mailboxes", () => {
    for (const address of ["ann@school.org", "Ann.Lee+class@Mail.Example.COM", "o'neil@k12.us"]) {
      expect(emailField().safeParse(` ${address} `).data).toBe(address);
    }
  });

  it("refuses display names, groups, brackets, lists, whitespace, comments and literals", () => {
    for (const address of SMUGGLED) {
      expect(emailField().safeParse(address).error?.issues[0]?.message, address).toBe(
        "Field must be a valid email address.",
      );
      expect(optionalEmailField().safeParse(address).success, address).toBe(false);
    }
  });

  it("is the one rule of every form that takes an address", () => {
    const forms = [
      (email: string) => bookCallRequest.safeParse({ firstName: "A", lastName: "B", email }),
      (email: string) => schoolTrialRequest.safeParse({ email }),
      (email: string) => districtPricingRequest.safeParse({ email }),
      (email: string) => schoolQuoteRequest.safeParse({ product: "school", email }),
      (email: string) => signupRequest.safeParse({ email }),
      (email: string) => emailLinkRequest.safeParse({ email }),
    ];
    for (const form of forms) {
      for (const address of SMUGGLED) {
        const issues = form(address).error?.issues ?? [];
        expect(
          issues.some((issue) => issue.path[0] === "email"),
          address,
        ).toBe(true);
      }
      const fine = form("ann@school.org").error?.issues ?? [];
      expect(fine.some((issue) => issue.path[0] === "email")).toBe(false);
    }
    for (const address of SMUGGLED) {
      const student = rosterStudentInput.safeParse({ parent_email: address });
      expect(
        student.error?.issues.some((issue) => issue.path[0] === "parent_email"),
        address,
      ).toBe(true);
    }
  });

  it("counts every spelling of one mailbox together", () => {
    const key = mailboxKey("annlee@school.org");
    for (const spelling of [
      "AnnLee@School.org",
      " ann.lee@school.org ",
      "ann.lee+quotes@SCHOOL.ORG",
      "a.n.n.l.e.e+1+2@school.org",
    ]) {
      expect(mailboxKey(spelling), spelling).toBe(key);
    }
    expect(mailboxKey("annlee@other.org")).not.toBe(key);
  });
});
