import { messages } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import type { Caller } from "../test/authorization.ts";
import { appWithRolesForFile } from "../test/own-app.ts";

/**
 * The server errors reported in issue 7 §3, each now a plain answer: text with a NUL byte or a
 * lone surrogate is refused with 422 and the field's message; an id no record can have is 404
 * in a path and 422 in a body. The fuzz test (fuzz.test.ts) covers every route; these pin the
 * answers themselves.
 */

const { world } = appWithRolesForFile();
let address = 0;

const BIG = 2147483648;
const refused = (field: string) => ({
  success: false,
  message: messages.notAllowedCharacters,
  errors: { [field]: [messages.notAllowedCharacters] },
});
const notFound = { success: false, message: "Not found" };

/** Calls as `caller` from an address of its own, clear of the per-address limits. */
function as(caller: Caller, method: "GET" | "POST", url: string, body?: unknown) {
  const headers = { "x-forwarded-for": `10.7.0.${++address}` };
  return world.clients[caller].request(
    method,
    url,
    method === "GET" ? undefined : (body ?? {}),
    headers,
  );
}

describe("a NUL byte or a lone surrogate in text", () => {
  it.each([
    ["GET", "/support/user/a%00b/exists", undefined, "loginName"],
    ["GET", "/quotes/a%00b.pdf", undefined, "token"],
    ["POST", "/feedback", { message: "a\u0000b is a good app" }, "message"],
    ["POST", "/login", { login: "a\u0000b", password: "secret" }, "login"],
    ["POST", "/student/login", { step: 1, teacher: "ms\u0000rivera" }, "teacher"],
    ["POST", "/teacher/send_email_link", { email: "a\u0000b@example.org" }, "email"],
    [
      "POST",
      "/tutor/book-call",
      { firstName: "\udc00", lastName: "Lee", email: "a@example.org" },
      "firstName",
    ],
    [
      "POST",
      "/district_pricing",
      {
        district: "Lakeside \udc00",
        firstname: "Rosa",
        lastname: "Diaz",
        email: "rosa@example.org",
        phone: "503-555-0100",
        city: "Salem",
        state: "OR",
      },
      "district",
    ],
  ] as const)("anonymous %s %s answers 422", async (method, url, body, field) => {
    const reply = await as("anonymous", method, url, body);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused(field));
  });

  it("sign-up names the field, among its other messages", async () => {
    const reply = await as("anonymous", "POST", "/teacher/signup", { firstName: "Ann\u0000" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.firstName).toEqual([messages.notAllowedCharacters]);
  });

  it.each([
    [
      "/teacher/students",
      {
        verb: "save",
        student: {
          firstname: "Zo\u0000e",
          lastname: "Lee",
          planid: 8,
          username: "zoe",
          password: "pw",
        },
      },
      "student.firstname",
    ],
    ["/teacher/students/groups", { verb: "create", name: "Owls\ud800" }, "name"],
  ] as const)("a teacher's POST %s answers 422", async (url, body, field) => {
    const reply = await as("teacher", "POST", url, body);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused(field));
  });

  it("a teacher's feedback to their own student answers 422", async () => {
    const url = `/student/feedback/${world.people.student.id}`;
    const reply = await as("teacher", "POST", url, { message: "Great\u0000 work" });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused("message"));
  });

  it("staff searches with a NUL byte answer 422", async () => {
    expect((await as("staff", "GET", "/staff/leads?q=a%00b")).body).toEqual(refused("q"));
    expect((await as("staff", "GET", "/staff/outbox?to=%00")).body).toEqual(refused("to"));
  });
});

describe("ids no record can have", () => {
  it.each([
    ["anonymous", "GET", `/media/lessons/${BIG}/logo.svg`],
    ["anonymous", "GET", "/media/lessons/abc/logo.svg"],
    ["teacher", "GET", `/media/lessons/${BIG}/worksheet.pdf`],
    ["teacher", "GET", `/service/objects/lesson/${BIG}`],
    ["teacher", "GET", `/student/feedback/${BIG}`],
    ["teacher", "POST", `/student/feedback/${BIG}`],
    ["teacher", "GET", "/student/feedback/0"],
    ["district_admin", "POST", `/impersonate/take/${BIG}`],
    ["district_admin", "GET", `/district_admin/school_list/${BIG}`],
    ["staff", "GET", `/staff/outbox/${BIG}/attachments/0`],
    ["staff", "GET", `/staff/outbox/1/attachments/${BIG}`],
    // A path that cannot be decoded never reaches a route: Fastify's own FST_ERR_BAD_URL shape
    // answered it (issue 35 §8).
    ["anonymous", "GET", "/support/user/%ED%A0%80/exists"],
    ["staff", "GET", "/staff/outbox/%E0%A4%A/attachments/0"],
  ] as const)("in a path: %s %s %s answers 404", async (caller, method, url) => {
    const reply = await as(caller, method, url, { message: "Hello" });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(notFound);
  });

  it.each([
    [
      "anonymous",
      "/student/login",
      { step: 2, type: "select", teacher: "someone", studentId: BIG },
      "studentId",
    ],
    ["teacher", "/teacher/students", { verb: "delete", student: { id: BIG } }, "student.id"],
    [
      "teacher",
      "/teacher/students",
      {
        verb: "save",
        student: {
          id: BIG,
          firstname: "Zoe",
          lastname: "Lee",
          planid: 8,
          username: "zoe",
          password: "pw",
        },
      },
      "student.id",
    ],
    [
      "teacher",
      "/teacher/students/groups",
      { verb: "update", studentId: BIG, groupId: 0 },
      "studentId",
    ],
    [
      "teacher",
      "/teacher/students/groups",
      { verb: "rename", groupId: BIG, name: "Owls" },
      "groupId",
    ],
    [
      "teacher",
      "/teacher/lessons/assign",
      { student_ids: [BIG], assign_lesson_ids: [1] },
      "student_ids.0",
    ],
    [
      "teacher",
      "/teacher/lessons/assign",
      { student_ids: [1], assign_lesson_ids: [BIG] },
      "assign_lesson_ids.0",
    ],
  ] as const)(
    "in a body: %s POST %s answers 404, as for an id naming nobody's record",
    async (caller, url, body, field) => {
      const reply = await as(caller, "POST", url, body);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, message: "Not found" });
      // The same body with a malformed id in that place is a field error.
      const malformed = JSON.parse(JSON.stringify(body).replace(String(BIG), "-1"));
      const refused = await as(caller, "POST", url, malformed);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ [field]: [messages.invalidId] });
    },
  );

  it("a student's exam for a lesson past the largest id is not found; a malformed one keeps its message", async () => {
    const past = await as("student", "POST", "/student/examData", {
      lesson: BIG,
      day: 1,
      mode: "take",
    });
    expect(past.status).toBe(404);
    const malformed = await as("student", "POST", "/student/examData", {
      lesson: 1.5,
      day: 1,
      mode: "take",
    });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(["lesson"]);
  });
});
