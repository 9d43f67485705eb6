import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { allows, type Role, type RoutePolicy, rosterCalls } from "@refrain/domain";
import { DEMO_SHARE_TOKEN } from "../apps/server/src/demo/grades.ts";
import {
  callApi,
  districtAdmin,
  expect,
  lessonsByLevel,
  type OwnAccount,
  schoolAdmin,
  signInAs,
  signInStudentAs,
  staff,
  teacher,
  test,
} from "./fixtures.ts";

/**
 * No trackers, anywhere (issue 19): every page of every role loads only from the product's own
 * origin. `page-urls.json` lists every page of the web app with its policy and a URL to open it
 * by (apps/web/src/app/page-urls.test.ts keeps it equal to the router's pages), so a new page is
 * covered here or that test fails. No billing page here has a payment provider configured, so
 * none may reach outside either: with Stripe set, only its documented origins are allowed there
 * (the server's CSP, decision 0008).
 */
const PAGES = JSON.parse(
  readFileSync(new URL("./page-urls.json", import.meta.url), "utf8"),
) as Record<string, { policy: RoutePolicy; url: string }>;

interface Ids {
  self: number;
  student: number;
  lesson: number;
}

/** The pages a role may open, beyond the public ones (which the visitor's test opens). */
const pagesOf = (role: Role | "visitor") =>
  Object.entries(PAGES)
    .filter(([, page]) =>
      role === "visitor"
        ? page.policy === "public"
        : page.policy !== "public" && allows(page.policy, role),
    )
    .map(([pattern, page]) => ({ pattern, url: page.url }));

const fill = (url: string, ids: Ids) =>
  url
    .replaceAll("{self}", String(ids.self))
    .replaceAll("{student}", String(ids.student))
    .replaceAll("{lesson}", String(ids.lesson));

/**
 * Opens each page in turn until it shows, and answers every request that left the app's origin
 * (documents, scripts, styles, fonts, images, media, XHR, WebSockets, in any frame or worker)
 * meanwhile. The first page loads whole; the web app's pages after it are reached as a person
 * clicking through the app reaches them (the router follows the address, each page's own
 * code and data load), a server's page (`serverPages`) by loading it.
 */
/** Pages that send a signed-in class owner elsewhere, and where. */
const SENDS_ON: Record<string, string> = { "/complete-signup": "/" };

async function offOriginRequests(
  page: Page,
  urls: string[],
  serverPages: string[] = [],
): Promise<string[]> {
  const appOrigin = new URL(test.info().project.use.baseURL ?? "http://localhost").origin;
  const leaks: string[] = [];
  let current = "";
  const check = (url: string) => {
    const { protocol, origin } = new URL(url);
    if (["data:", "blob:", "about:"].includes(protocol)) return;
    if (origin !== appOrigin) leaks.push(`${current}: ${url}`);
  };
  page.context().on("request", (request) => check(request.url()));
  page.on("websocket", (socket) => check(socket.url()));
  for (const [i, url] of urls.entries()) {
    current = url;
    if (i === 0) await page.goto(url);
    else
      await page.evaluate((to) => {
        window.history.pushState(null, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, url);
    // A page that sends this user on (complete sign-up, done already) is awaited where it
    // sends them, or its late redirect would land on the next page of the walk.
    await expect(page).toHaveURL(new URL(SENDS_ON[url] ?? url, appOrigin).href);
    await expect(page.locator("main")).toBeVisible();
    // The page's own chunk and first data have come once no loader is left.
    await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
  }
  for (const url of serverPages) {
    current = url;
    await page.goto(url);
    await expect(page.locator("body")).not.toBeEmpty();
  }
  return leaks;
}

/** The signed-in user's id. */
async function selfId(page: Page): Promise<number> {
  const answer = await page.request.get("/auth/session", {
    headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
  });
  return ((await answer.json()) as { user: { id: number } }).user.id;
}

async function idsOf(page: Page, account: Pick<OwnAccount, "students">): Promise<Ids> {
  const lessons = await lessonsByLevel(page);
  const lesson = lessons.data["Second Grade"]?.[1];
  const student = account.students[0];
  if (!lesson || !student) throw new Error("No lesson or student to open pages with");
  return { self: await selfId(page), student: student.id, lesson: lesson.id };
}

// Axe is not run here: the journeys that show each page check it, and over a hundred pages would
// double this test's time.
test.use({ checkAccessibility: false });

test.beforeEach(({ consoleGuard }) => {
  // Opened by URL, with no reason to be there, some pages are refused what they ask for (an
  // extension answer the student never wrote, a sign-up already complete): that is their right
  // answer. This journey is about where requests go.
  consoleGuard.allow(/the server responded with a status of 4\d\d/);
});

/** Signs out by leaving the page first: no call of the old page is refused as signed out. */
async function signOut(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

test.describe("no request leaves the product's origin", () => {
  test("on every public page and a family's shared reading", async ({ page }) => {
    const urls = pagesOf("visitor").map((p) => fill(p.url, { self: 0, student: 0, lesson: 0 }));
    const leaks = await offOriginRequests(page, urls, [`/shared/recordings/${DEMO_SHARE_TOKEN}`]);
    expect(urls.length).toBeGreaterThan(15);
    expect(leaks).toEqual([]);
  });

  for (const role of ["teacher", "parent"] as const) {
    test(`on every page of a ${role}`, async ({ page, ownClass }) => {
      test.setTimeout(120_000);
      const account = await ownClass({ students: 1, userType: role });
      const ids = await idsOf(page, account);
      const urls = pagesOf(role).map((p) => fill(p.url, ids));
      expect(urls.length).toBeGreaterThan(25);
      expect(await offOriginRequests(page, urls)).toEqual([]);
    });
  }

  test("on every page of a student", async ({ page, ownClass }) => {
    const account = await ownClass({ students: 1 });
    const ids = await idsOf(page, account);
    const student = account.students[0];
    if (!student) throw new Error("No student");
    await signOut(page);
    await signInStudentAs(page, {
      login: student.username,
      password: student.password,
      teacher: account.login,
    });
    const urls = ["/", ...pagesOf("student").map((p) => fill(p.url, ids))];
    expect(await offOriginRequests(page, urls)).toEqual([]);
  });

  for (const [role, login] of [
    ["school_admin", schoolAdmin],
    ["district_admin", districtAdmin],
    ["staff", staff],
  ] as const) {
    test(`on every page of ${role.replace("_", " ")}`, async ({ page }) => {
      test.setTimeout(90_000);
      // A demo student of the admins' school, as their reports and privacy pages show them.
      await signInAs(page, teacher);
      const roster = await callApi(page, rosterCalls.students.list, {});
      const ids = await idsOf(page, { students: roster.students });
      await signOut(page);
      await signInAs(page, login);
      const self = await selfId(page);
      const urls = ["/", ...pagesOf(role).map((p) => fill(p.url, { ...ids, self }))];
      expect(await offOriginRequests(page, urls)).toEqual([]);
    });
  }
});
