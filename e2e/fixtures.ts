import { fileURLToPath } from "node:url";
import { test as base, expect, type Page } from "@playwright/test";
import { demoLogins, planWorld } from "../apps/server/src/db/demo-world/world.ts";

export { expect };

interface ConsoleGuard {
  /** Lets console errors matching `pattern` through, e.g. the 401 of a wrong password. */
  allow(pattern: RegExp): void;
}

/** Every test fails on a console error or uncaught page error it did not announce. */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
      };
      page.on("console", (message) => {
        if (message.type() === "error") record(message.text());
      });
      page.on("pageerror", (error) => record(`page error: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

const screenshotDir = fileURLToPath(new URL("screenshots/", import.meta.url));

/** A full-page screenshot kept in e2e/screenshots for people to look at. */
export async function screenshot(page: Page, name: string) {
  // Lesson logos and lazy chunks first; transitions finished, so nothing is caught half-faded.
  await page.waitForLoadState("networkidle");
  // Chromium paints images far below the fold in a full-page capture only once decoded.
  await page.evaluate(() =>
    Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
  );
  await page.screenshot({
    path: `${screenshotDir}${name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

const logins = demoLogins();

function adultLogin(login: string) {
  const found = logins.find((entry) => entry.login === login);
  if (!found) throw new Error(`No demo login ${login}`);
  return found;
}

export const teacher = adultLogin("ms.rivera");
export const typingTeacher = adultLogin("mr.okafor");
export const schoolAdmin = adultLogin("principal.hughes");
export const districtAdmin = adultLogin("dr.santos");
export const staff = adultLogin("refrain.staff");

const plan = planWorld("demo");

/** The demo student of `teacherLogin`'s class, with the name their login tile shows. */
function demoStudent(teacherLogin: string) {
  const entry = logins.find((l) => l.role === "Student" && l.note === `teacher ${teacherLogin}`);
  const user = plan.users.find(
    (u) => u.teacherKey === `t:${teacherLogin}` && u.username === entry?.login,
  );
  if (!entry || !user) throw new Error(`No demo student of ${teacherLogin}`);
  return {
    ...entry,
    teacher: teacherLogin,
    firstName: user.firstName,
    tileName: `${user.firstName} ${user.lastName[0]}`,
  };
}

export const tileStudent = demoStudent("ms.rivera");
export const typingStudent = demoStudent("mr.okafor");

/**
 * Signs in through the API rather than the form, for journeys that are not about signing in:
 * the page's meta tag gives the CSRF token, the browser context keeps the session cookie.
 */
export async function signInAs(page: Page, login: { login: string; password: string }) {
  await postFromPage(page, "/login", { login: login.login, password: login.password });
}

/** A student's sign-in in one call: step 3 with the username works for either kind of class. */
export async function signInStudentAs(
  page: Page,
  student: { login: string; password: string; teacher: string },
) {
  await postFromPage(page, "/student/login", {
    step: 3,
    type: "input",
    teacher: student.teacher,
    student: student.login,
    password: student.password,
  });
}

async function postFromPage(page: Page, path: string, data: unknown) {
  await page.goto("/student/login");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const answer = await page.request.post(path, {
    data,
    headers: { "X-CSRF-Token": token ?? "", "X-Requested-With": "XMLHttpRequest" },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  await page.goto("/");
}
