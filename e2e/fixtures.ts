import { fileURLToPath } from "node:url";
import { test as base, errors, expect, type Frame, type Page } from "@playwright/test";
import {
  authCalls,
  type CallInput,
  type CallOutput,
  type Contract,
  lessonsCalls,
  pathOf,
  type RosterStudent,
  rosterCalls,
} from "@refrain/domain";
import type { z } from "zod";
import { demoLogins, planWorld } from "../apps/server/src/demo/plan/world.ts";
import { type AxeFinding, axeFindings, whenNavigationsSettle } from "./page-checks.ts";

export { expect };

export interface ConsoleGuard {
  /** Lets console errors matching `pattern` through, e.g. the 401 of a wrong password. */
  allow(pattern: RegExp): void;
}

/** The accessibility check of each open page, for screenshot() to run. */
const axeChecks = new WeakMap<Page, () => Promise<void>>();

/**
 * Every test fails on a console error or uncaught page error it did not announce, and on any
 * serious or critical accessibility violation (axe-core) on the pages it visits: checked on
 * each page before page.goto leaves it, once each page reached by a click or a route change
 * has settled, at each screenshot(), and where the test ends.
 */
export interface AxeGuard {
  /**
   * Waits for the checks under way and hands over what they found, which the test then owns
   * (and the guard no longer fails it for): for the test of the guard itself.
   */
  takeFindings(): Promise<AxeFinding[]>;
}

/** A student of a journey's own class: names, and a reading level (plan id) if not the default. */
export interface StudentSpec {
  firstname: string;
  lastname: string;
  planid?: number;
}

/** What a journey's own account is made of. */
export interface ClassSpec {
  /** A parent's students are their children; a teacher's, a class. */
  userType?: "teacher" | "parent";
  firstName?: string;
  lastName?: string;
  /** Named students, or a number of them named from `classList`. */
  students?: number | readonly StudentSpec[];
  /** Groups in the order made, each taking the next `size` students of the list. */
  groups?: readonly { name: string; size: number }[];
  /**
   * A teacher's school, picked from the sign-up form's ZIP lookup (a demo sign-up school no
   * other journey takes); none by default, so no school admin sees the journeys' teachers.
   */
  school?: { zip: string; name: string };
}

/** An account a journey made for itself, signed in in the journey's page. */
export interface OwnAccount {
  login: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  students: RosterStudent[];
}

/** Makes a fresh account with its class through the product's own API (see `ownClass`). */
type OwnClass = (spec?: ClassSpec) => Promise<OwnAccount>;

const FIRST_NAMES = (
  "Ada Bilal Carmen Dmitri Esme Felix Gita Hugo Ines Jonah Kiri Lucia Mateo Nadia Oscar " +
  "Priya Quinn Rosa Soren Tala Umar Vera Wren Xavi Yara Zane Amara Boris Celia Dario"
).split(" ");
const LAST_NAMES = (
  "Abbott Baker Castro Dunn Ellis Flores Grant Hayes Ibarra Jensen Kaur Lopez Meyer Nakamura " +
  "Ortiz Pereira Quist Romero Sato Tran Ueda Vance Walsh Xu Young Zhang Adler Brooks Cole Diallo"
).split(" ");

/**
 * `count` (at most 30) students at the roster's default level, with names no other of the list
 * contains: a journey finds a student by name.
 */
export function classList(count: number): StudentSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    firstname: FIRST_NAMES[i] as string,
    lastname: LAST_NAMES[i] as string,
  }));
}

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/**
 * A POST call of the app's API (its contract, as the web app's `api.call` takes it) from the
 * page's browser context, with the session's CSRF token, as the web app makes it; fails the
 * test unless it succeeds. The page should be idle (as it is before the journey opens one):
 * signing in replaces the token a call under way would carry.
 */
export async function callApi<C extends Contract & { method: "POST"; response: z.ZodType }>(
  page: Page,
  call: C,
  body: CallInput<C>["body"],
  headers = {},
): Promise<CallOutput<C>> {
  const session = await page.request.get(authCalls.session.path, { headers: asApi });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const answer = await page.request.post(call.path, {
    data: call.verb ? { verb: call.verb, ...(body as object | undefined) } : body,
    headers: { ...asApi, "X-CSRF-Token": csrfToken, ...headers },
  });
  expect(answer.ok(), `${call.path}: ${await answer.text()}`).toBe(true);
  return call.response.parse(await answer.json()) as CallOutput<C>;
}

/**
 * Any call of the app's API by method and path (a path with its parameters filled in), from the
 * page's browser context with the session's CSRF token; fails the test unless it succeeds.
 */
export async function apiRequest<T>(
  page: Page,
  method: "GET" | "POST",
  path: string,
  body?: object,
): Promise<T> {
  const session = await page.request.get(authCalls.session.path, { headers: asApi });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const answer = await page.request.fetch(path, {
    method,
    headers: { ...asApi, "X-CSRF-Token": csrfToken },
    ...(body && { data: body }),
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** A school's id, as the sign-up form's ZIP lookup lists it. */
async function schoolIdOf(page: Page, school: { zip: string; name: string }) {
  const answer = await page.request.get(pathOf(authCalls.schoolsByZip, { zip: school.zip }), {
    headers: asApi,
  });
  const found = authCalls.schoolsByZip.response
    .parse(await answer.json())
    .find((option) => option.name === school.name);
  if (!found) throw new Error(`No school ${school.name} at ${school.zip}`);
  return found.id;
}

/** Accounts this worker made so far: with the worker's index, unique across parallel workers. */
let accountsMade = 0;

export const test = base.extend<{
  consoleGuard: ConsoleGuard;
  axeGuard: AxeGuard;
  ownClass: OwnClass;
  /** The tutorial popups show as they would for a new user (help-tutorial-popup.spec.ts). */
  tutorialPopups: boolean;
  /**
   * Every page a journey opens gets an axe check (axeGuard). Off only where a journey opens
   * every page of the product and runs the whole WCAG check itself (every-page.spec.ts).
   */
  checkAccessibility: boolean;
  tutorialGuard: undefined;
}>({
  tutorialPopups: [false, { option: true }],
  checkAccessibility: [true, { option: true }],
  /**
   * Every new account meets a tutorial popup on its first visit to each main page, so a journey
   * about something else would start with onboarding. Unless it asks for them, the server's
   * answer still comes (and is checked by the popup's schema), with the popup's due flag off.
   * Turned off in the page's own `fetch`, not by routing the call: Playwright's routing turns
   * the browser's HTTP cache off, so every page load fetched and compiled every script again,
   * and each request of every journey went through the test runner.
   */
  tutorialGuard: [
    async ({ page, tutorialPopups }, use) => {
      if (!tutorialPopups)
        await page.addInitScript(() => {
          const fetchAsUsual = window.fetch;
          window.fetch = async (input, init) => {
            const response = await fetchAsUsual(input, init);
            const request = input instanceof Request ? input : null;
            const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
            const url = new URL(request?.url ?? String(input), location.href);
            if (method !== "POST" || !/^\/media\/tutorials\/[^/]+$/.test(url.pathname))
              return response;
            const body = (await response.clone().json()) as { data?: { show: boolean } };
            if (body.data) body.data.show = false;
            return new Response(JSON.stringify(body), {
              status: response.status,
              statusText: response.statusText,
              headers: response.headers,
            });
          };
        });
      await use(undefined);
    },
    { auto: true },
  ],
  /**
   * Signs up a new teacher (or parent) with the class the journey asks for, and signs the page
   * in as them, so that a journey that changes a class changes only its own and the journeys
   * run in any order and side by side. Everything goes through the app's public API, as the
   * sign-up page and the roster do.
   */
  ownClass: async ({ page }, use, testInfo) => {
    await use(async (spec = {}) => {
      accountsMade += 1;
      const login = `e2e.w${testInfo.workerIndex}.n${accountsMade}`;
      const account = {
        login,
        password: "journey-password",
        email: `${login}@journeys.example.org`,
        firstName: spec.firstName ?? "Alex",
        lastName: spec.lastName ?? "Morgan",
      };
      const parent = spec.userType === "parent";
      await callApi(
        page,
        authCalls.signup,
        {
          userType: spec.userType ?? "teacher",
          firstName: account.firstName,
          lastName: account.lastName,
          userName: login,
          email: account.email,
          password: account.password,
          gradeLevel: parent ? "Kindergarten" : "2nd grade",
          howDidYouFindUs: "Other",
          // No school unless asked: a school's admin would see the journeys' teachers come and go.
          ...(spec.school
            ? {
                schoolZipCode: spec.school.zip,
                selectedSchool: await schoolIdOf(page, spec.school),
              }
            : { foreign: true }),
        },
        // Each new account signs up from an address of its own, as teachers of different
        // schools do, so the sign-ups per address limit counts no journey against another
        // (the e2e server trusts the loopback proxy: TRUST_PROXY in playwright.config.ts).
        { "X-Forwarded-For": `198.18.${testInfo.workerIndex % 256}.${accountsMade % 256}` },
      );
      const wanted =
        typeof spec.students === "number" ? classList(spec.students) : (spec.students ?? []);
      const students: RosterStudent[] = [];
      if (wanted.length > 0) {
        const made = await callApi(page, rosterCalls.students.autocreate, {
          count: wanted.length,
        });
        for (const [i, student] of made.students.entries()) {
          const want = wanted[i] as StudentSpec;
          const saved = await callApi(page, rosterCalls.students.save, {
            student: {
              id: student.id,
              username: student.username,
              password: student.password,
              firstname: want.firstname,
              lastname: want.lastname,
              planid: want.planid ?? student.planid,
            },
          });
          students.push(saved.student);
        }
      }
      let next = 0;
      for (const group of spec.groups ?? []) {
        const state = await callApi(page, rosterCalls.groups.create, {
          name: group.name,
        });
        const made = state.groups.find((g) => g.details.name === group.name);
        if (!made) throw new Error(`The group ${group.name} was not made`);
        for (const student of students.slice(next, next + group.size)) {
          await callApi(page, rosterCalls.groups.update, {
            studentId: student.id,
            groupId: made.details.id,
          });
        }
        next += group.size;
      }
      await page.goto("/");
      return { ...account, students };
    });
  },

  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
      };
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // Chromium's own line for a failed request does not say which: its location does.
        const text = message.text();
        record(
          text.startsWith("Failed to load resource") ? `${text} ${message.location().url}` : text,
        );
      });
      page.on("pageerror", (error) => record(`page error: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
  axeGuard: [
    async ({ page, baseURL, checkAccessibility }, use, testInfo) => {
      if (!checkAccessibility) {
        await use({ takeFindings: async () => [] });
        return;
      }
      const appOrigin = new URL(baseURL ?? "http://localhost").origin;
      const findings = new Map<string, AxeFinding>();
      const record = async (whileTestRuns = false) => {
        for (const finding of await axeFindings(page, appOrigin, { whileTestRuns })) {
          findings.set(`${finding.path} ${finding.rule} ${finding.elements.join()}`, finding);
        }
      };
      // One axe run at a time: axe-core refuses a second run in a page while one is under way.
      // The queue itself never rejects, so that one failed run does not skip every later one.
      let queue = Promise.resolve();
      const check = () => {
        const run = queue.then(() => record());
        queue = run.catch(() => undefined);
        return run;
      };
      let navigations = 0;
      const countNavigation = (frame: Frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      };
      page.on("framenavigated", countNavigation);
      // Runs while the test goes on, so it must never throw: a navigation that replaces the
      // page under axe only means the next page gets its own check; anything else is a finding.
      // Playwright may report the navigation after the error it caused, hence the message too.
      const checkInBackground = () => {
        const startedAt = navigations;
        const path = new URL(page.url()).pathname;
        queue = queue
          .then(() => record(true))
          .catch((error: unknown) => {
            if (page.isClosed() || navigations !== startedAt) return;
            if (/Execution context was destroyed|navigat/i.test(String(error))) return;
            findings.set(`${path} axe-error`, {
              path,
              rule: "axe-error",
              impact: "unknown",
              help: `axe-core could not check the page: ${String(error)}`,
              elements: [],
            });
          });
      };
      const stopWatching = whenNavigationsSettle(page, checkInBackground);
      axeChecks.set(page, check);
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        await check();
        return goto(url, options);
      };
      await use({
        async takeFindings() {
          await queue;
          const taken = [...findings.values()];
          findings.clear();
          return taken;
        },
      });
      stopWatching();
      page.off("framenavigated", countNavigation);
      await queue;
      // A test that failed already says why; its last page may be half done.
      if (testInfo.status === testInfo.expectedStatus) await check();
      expect([...findings.values()], "serious or critical accessibility violations").toEqual([]);
    },
    { auto: true },
  ],
});

const screenshotDir = fileURLToPath(new URL("screenshots/", import.meta.url));

/**
 * Which pictures a run keeps: all (the default); with SCREENSHOTS=every-page only
 * every-page.spec.ts's, one per page and width, the set people look at; with SCREENSHOTS=none
 * (CI's, .ci/run, whose clone is thrown away with its pictures unseen) none. Waiting for a quiet
 * network and encoding the journeys' other 300 full pages cost about 50 of their 900
 * worker-seconds; the walk's own 250 cost 115 of its 390 CPU-seconds. What a screenshot checks
 * (axe) still runs.
 */
const keptScreenshots =
  new Map([
    ["none", /^$/],
    ["every-page", /^every-page\//],
  ]).get(process.env.SCREENSHOTS ?? "") ?? /./;
export const takingScreenshots = (name: string) => keptScreenshots.test(name);

/**
 * A full-page screenshot kept in e2e/screenshots for people to look at; `fullPage: false` keeps
 * only what the viewport shows (modals and sticky bars where they are). `waitForNetwork: false`
 * is for a journey that has waited for the page's data itself.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, waitForNetwork = true } = {},
) {
  if (!takingScreenshots(name)) {
    await axeChecks.get(page)?.();
    return;
  }
  // Lesson logos and lazy chunks first; transitions finished, so nothing is caught half-faded.
  // Bounded: on a loaded machine a page's background calls can keep the network busy, and a
  // picture for people to look at is no reason to fail a journey whose assertions passed.
  if (waitForNetwork)
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch((error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
  // Chromium paints images far below the fold in a full-page capture only once decoded.
  await page.evaluate(() =>
    Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
  );
  await page.screenshot({
    path: `${screenshotDir}${name}.png`,
    fullPage,
    animations: "disabled",
  });
  await axeChecks.get(page)?.();
}

const logins = demoLogins();

function adultLogin(login: string) {
  const found = logins.find((entry) => entry.login === login);
  if (!found) throw new Error(`No demo login ${login}`);
  return found;
}

export const teacher = adultLogin("ms.rivera");
export const typingTeacher = adultLogin("mr.okafor");
export const parent = adultLogin("jordan.parent");
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
/** The class code that shows ms.rivera's tiles on a browser her class has not used (banner). */
export const tileClassCode = teacher.note?.match(/class code (\S+)$/)?.[1] ?? "";
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

/**
 * Holds back the app's entry script, so that a page the server drew (decision 0040) stays as
 * its HTML has it until `release()`: what a phone shows, and does, before the app runs.
 */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A page the server drew (a student's home or lesson, decision 0040) runs its app at the first
 * touch: a journey that waits for what the app does by itself (its calls, a popup that opens)
 * touches the page first, as a student would.
 */
export async function startDrawnApp(page: Page) {
  if ((await page.locator("script#prerendered-styles").count()) === 0) return;
  // Once taken over, its effects have run: the calls it asks again as it starts are on their way.
  const ready = page.evaluate(
    (event) => new Promise((resolve) => addEventListener(event, resolve, { once: true })),
    // PAGE_READY of apps/web/src/lib/page-ready.ts.
    "refrain:page-ready",
  );
  await page.keyboard.press("Shift");
  await ready;
}

/**
 * Signs out by leaving the page first: a page left open keeps asking (a poll, a refetch on
 * focus), and each call that goes out without a session is refused with a 401 that Chromium
 * logs as a console error.
 */
export async function signOut(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** The journey's page leaves whoever is signed in and signs in as a student of its own class. */
export async function switchToStudent(page: Page, account: OwnAccount, student: RosterStudent) {
  await signOut(page);
  await signInStudentAs(page, {
    login: student.username,
    password: student.password,
    teacher: account.login,
  });
}

/** The same, back to the journey's own teacher (or parent). */
export async function switchToTeacher(page: Page, account: OwnAccount) {
  await signOut(page);
  await signInAs(page, { login: account.login, password: account.password });
}

/** The signed-in teacher sets a student's two lesson rules (1 on, 0 off), as the roster saves them. */
export async function setLessonRules(
  page: Page,
  student: RosterStudent,
  rules: { require_3x: 0 | 1; require_retake: 0 | 1 },
) {
  const { id, firstname, lastname, planid, username, password } = student;
  await callApi(page, rosterCalls.students.save, {
    student: { id, firstname, lastname, planid, username, password, ...rules },
  });
}

/** The lesson catalog by reading level, as the signed-in adult's Assign Lessons reads it. */
export async function lessonsByLevel(page: Page) {
  const answer = await page.request.get(lessonsCalls.lessonsByLevel.path, {
    headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
  });
  return lessonsCalls.lessonsByLevel.response.parse(await answer.json());
}

async function postFromPage(page: Page, path: string, data: unknown) {
  // No page is open while the session changes: signing in replaces the CSRF token, and a call
  // a page still had on its way with the old token was refused (403, a console error). Waiting
  // for the network to idle did not prove it on a loaded machine; leaving the page does.
  await page.goto("about:blank");
  const session = await page.request.get(authCalls.session.path, { headers: asApi });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const answer = await page.request.post(path, {
    data,
    headers: { "X-CSRF-Token": csrfToken, "X-Requested-With": "XMLHttpRequest" },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  await page.goto("/");
}
