import { describe, expect, it } from "vitest";
import { SUBMISSION_ID } from "../test-support.ts";
import { messages } from "../validation.ts";
import {
  base64Bytes,
  base64Head,
  CONSENT_LIMITS,
  classHasConsent,
  consentComplete,
  consentMessages,
  isRealDay,
  latestToday,
  recordConsentRequest,
  sniffSlip,
} from "./consent.ts";

const b64 = (bytes: number[] | Uint8Array) => Buffer.from(bytes).toString("base64");
const PDF = [...Buffer.from("%PDF-1.7\n")];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46];

describe("consent on file", () => {
  it("needs both a parent's permission and an admin's approval", () => {
    expect(consentComplete({ parent_permission: true, admin_approval: true })).toBe(true);
    expect(consentComplete({ parent_permission: true, admin_approval: false })).toBe(false);
    expect(consentComplete({ parent_permission: false, admin_approval: true })).toBe(false);
  });

  it("is the class's when every student has it, never for an empty class", () => {
    const counts = { students: 14, parent_permission: 14, admin_approval: 12 };
    expect(classHasConsent(counts, "parent_permission")).toBe(true);
    expect(classHasConsent(counts, "admin_approval")).toBe(false);
    const empty = { students: 0, parent_permission: 0, admin_approval: 0 };
    expect(classHasConsent(empty, "parent_permission")).toBe(false);
  });
});

describe("the day consent was given", () => {
  it("is a real yyyy-mm-dd day", () => {
    expect(isRealDay("2026-02-28")).toBe(true);
    expect(isRealDay("2026-02-30")).toBe(false);
    expect(isRealDay("2026-2-3")).toBe(false);
  });

  it("may be today anywhere on Earth, not later", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(latestToday(now)).toBe("2026-11-28");
    expect(latestToday(new Date("2026-11-27T09:00:00Z"))).toBe("2026-11-27");
  });
});

describe("a slip scan", () => {
  it("is known by its first bytes", () => {
    expect(sniffSlip(Uint8Array.from(PDF))).toBe("pdf");
    expect(sniffSlip(Uint8Array.from(PNG))).toBe("png");
    expect(sniffSlip(Uint8Array.from(JPEG))).toBe("jpg");
    expect(sniffSlip(Uint8Array.from(Buffer.from("<html>")))).toBeNull();
    expect(sniffSlip(new Uint8Array())).toBeNull();
  });

  it("reads base64: its size and first bytes, or nothing when it is not base64", () => {
    expect(base64Bytes(b64(new Uint8Array(10)))).toBe(10);
    expect(base64Bytes(b64(new Uint8Array(11)))).toBe(11);
    expect(base64Bytes(b64(new Uint8Array(12)))).toBe(12);
    expect(Array.from(base64Head(b64(PNG)) ?? []).slice(0, 8)).toEqual(PNG.slice(0, 8));
    expect(base64Head("not base64!")).toBeNull();
  });
});

describe("recording consent", () => {
  const today = new Date().toISOString().slice(0, 10);
  const valid = {
    studentIds: [1, 2],
    kind: "parent_permission",
    method: "signed_slip",
    givenOn: today,
    submission: SUBMISSION_ID,
  };
  const errorsOf = (body: object) => {
    const parsed = recordConsentRequest.safeParse(body);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it("takes a slip of PDF, JPEG or PNG and a note", () => {
    expect(errorsOf({ ...valid, slip: b64(PDF), note: "Signed at conferences" })).toEqual({});
    expect(errorsOf({ ...valid, slip: b64(JPEG) })).toEqual({});
    expect(recordConsentRequest.parse(valid).note).toBe("");
  });

  it("names each bad field", () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf({ ...valid, givenOn: future })).toEqual({ givenOn: consentMessages.future });
    expect(errorsOf({ ...valid, givenOn: "2026-02-30" })).toEqual({
      givenOn: consentMessages.dateFormat,
    });
    expect(errorsOf({ ...valid, method: "phone_call" })).toEqual({
      method: consentMessages.method,
    });
    expect(errorsOf({ ...valid, kind: "x" })).toEqual({ kind: consentMessages.kind });
    expect(errorsOf({ ...valid, note: "x".repeat(CONSENT_LIMITS.note + 1) })).toHaveProperty(
      "note",
    );
    expect(errorsOf({ ...valid, studentIds: [] })).toEqual({
      studentIds: consentMessages.students,
    });
    expect(errorsOf({ ...valid, slip: b64(Buffer.from("<html>hello</html>")) })).toEqual({
      slip: consentMessages.slipType,
    });
    const big = "A".repeat(Math.ceil(((CONSENT_LIMITS.slipBytes + 3) * 4) / 3 / 4) * 4);
    expect(errorsOf({ ...valid, slip: big })).toEqual({ slip: consentMessages.slipSize });
    expect(errorsOf({ ...valid, submission: undefined })).toEqual({
      submission: messages.submission,
    });
  });
});
