import { readFileSync } from "node:fs";
import { errors, type Page } from "@playwright/test";
import {
  allows,
  authCalls,
  learningCalls,
  type Role,
  type RoutePolicy,
  rosterCalls,
  rosterImportCalls,
} from "@refrain/domain";
import { DEMO_SHARE_TOKEN } from "../apps/server/src/demo/grades.ts";
import { type Finding, isKnown } from "./every-page-known.ts";
import {
  apiRequest,
  callApi,
  districtAdmin,
  expect,
  lessonsByLevel,
  parent,
  schoolAdmin,
  screenshot,
  signInAs,
  signInStudentAs,
  signOut,
  staff,
  startDrawnApp,
  teacher,
  test,
  tileStudent,
} from "./fixtures.ts";
import { type LayoutFinding, layoutFindings } from "./layout-checks.ts";
import { animationsDone, wcagViolations } from "./page-checks.ts";

/**
 * A look at every page (issue 37): every page of every role, signed in as the demo world's
 * people with their real records, at 1280 px (a laptop) and 820 px (a tablet held upright). On
 * each page and width: no horizontal scroll, no clipped label (layout-checks.ts), no console
 * error, and axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules with no violation of any impact. A
 * screenshot of each is in e2e/screenshots/every-page/ for people to look at.
 *
 * The same walk holds that no tracker loads anywhere (issue 19): every request goes to the
 * product's own origin (no billing page here has a payment provider configured, so none may
 * reach outside either; with Stripe set, only its documented origins are, the server's CSP,
 * decision 0008).
 *
 * `page-urls.json` lists every page of the web app with its policy and a URL to open it by
 * (apps/web/src/app/page-urls.test.ts keeps it equal to the router's pages), so a new page is
 * looked at here or that test fails.
 */
const PAGES = JSON.parse(
  readFileSync(new URL("./page-urls.json", import.meta.url), "utf8"),
) as Record<string, { policy: RoutePolicy; url: string }>;

/** The widths looked at, each with a window height of its kind of screen. */
const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 820, height: 1180 },
] as const;

/** The records a page's URL names: the signed-in user, a student, a lesson, an import. */
interface Ids {
  self: number;
  /** A class owner of the demo school: the signed-in one, or the one an admin looks at. */
  teacher: number;
  student: number;
  lesson: number;
  import: number;
}

/** Pages opened by URL with a token that names nothing: refusing it is their right answer. */
const REFUSED_ON_PURPOSE = new Set([
  "/password/reset/:token",
  "/auth/email-link/:token",
  "/u/:token",
]);

/** Pages that send a signed-in class owner elsewhere, and where. */
const SENDS_ON: Record<string, string> = { "/complete-signup": "/" };

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
    .replaceAll("{teacher}", String(ids.teacher))
    .replaceAll("{student}", String(ids.student))
    .replaceAll("{lesson}", String(ids.lesson))
    .replace(/\/imports\/1$/, `/imports/${ids.import}`);

/** A page to look at: the pattern names its screenshot, the URL opens it. */
interface Stop {
  pattern: string;
  url: string;
  /** A server's page, loaded whole rather than reached through the web app's router. */
  server?: boolean;
}

/** The home every signed-in role lands on, then every page of theirs. */
const stopsOf = (role: Role | "visitor", ids: Ids): Stop[] => [
  ...(role === "visitor" ? [] : [{ pattern: "/", url: "/" }]),
  ...pagesOf(role).map((p) => ({ pattern: p.pattern, url: fill(p.url, ids) })),
];

/**
 * Opens each page in turn and looks at it at both widths, alternating which comes first so the
 * window is resized once per page. The first page loads whole; the web app's pages after it are
 * reached as a person clicking through the app reaches them (the router follows the address,
 * each page's own code and data load), a server's page by loading it. Meanwhile every request
 * that left the app's origin (documents, scripts, styles, fonts, images, media, XHR, WebSockets,
 * in any frame or worker) and every console error is written down with the page it came from.
 */
async function lookAtEveryPage(page: Page, role: string, stops: Stop[]) {
  const appOrigin = new URL(test.info().project.use.baseURL ?? "http://localhost").origin;
  const leaks: string[] = [];
  const findings: Finding[] = [];
  let current = { pattern: "(before the first page)", width: page.viewportSize()?.width ?? 0 };
  const at = () => ({ page: current.pattern, width: current.width });
  const check = (url: string) => {
    const { protocol, origin } = new URL(url);
    if (["data:", "blob:", "about:"].includes(protocol)) return;
    if (origin !== appOrigin) leaks.push(`${current.pattern}: ${url}`);
  };
  page.context().on("request", (request) => check(request.url()));
  page.on("websocket", (socket) => check(socket.url()));
  const consoleError = (detail: string) => {
    if (REFUSED_ON_PURPOSE.has(current.pattern) && /status of 4\d\d/.test(detail)) return;
    findings.push({ ...at(), check: "console error", element: "", detail });
  };
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium's own line for a failed request does not say which: its location does.
    const text = message.text();
    consoleError(
      text.startsWith("Failed to load resource") ? `${text} ${message.location().url}` : text,
    );
  });
  page.on("pageerror", (error) => consoleError(`page error: ${error.message}`));

  // A page that did not show is a finding too; the walk goes on from a fresh load.
  let reload = true;
  for (const [i, stop] of stops.entries()) {
    current = { pattern: stop.pattern, width: current.width };
    try {
      const previous = stops[i - 1]?.pattern;
      const sameComponent = !reload && SAME_COMPONENT_AS[stop.pattern] === previous;
      const untitled = await open(page, stop, reload, sameComponent);
      if (untitled)
        findings.push({ ...at(), check: "page title", element: "<title>", detail: untitled });
      reload = Boolean(stop.server);
    } catch (error) {
      const detail = String(error instanceof Error ? error.message : error).split("\n")[0] ?? "";
      findings.push({ ...at(), check: "page shows", element: "", detail });
      reload = true;
      continue;
    }
    const windows = i % 2 === 0 ? WINDOWS : [...WINDOWS].reverse();
    for (const window of windows) {
      if (page.viewportSize()?.width !== window.width) await page.setViewportSize(window);
      current = { pattern: stop.pattern, width: window.width };
      findings.push(...(await lookAt(page, role, current)));
    }
  }
  return { leaks, findings };
}

/** The page left, to know the next one by: its headings and its title. */
type PageWindow = Window & { left?: { headings: WeakSet<Element>; title: string } };

/**
 * Pages drawn by the same component as the page before them in page-urls.json, with the same
 * title and heading: the route change shows them at once (no code to load), so there is no new
 * heading to wait for.
 */
const SAME_COMPONENT_AS: Record<string, string> = {
  "/teacher/reports/detailed/:studentId": "/teacher/reports/detailed",
  "/school_admin/reports/concepts": "/school_admin/reports/usage",
};

/** Opens a page, whole or by a route change, and waits until it shows with its first data. */
async function open(
  page: Page,
  stop: Stop,
  reload: boolean,
  sameComponent: boolean,
): Promise<string | undefined> {
  if (reload || stop.server) await page.goto(stop.url);
  else {
    // A route change is the app's: on a page the server drew, it runs at the first touch.
    await startDrawnApp(page);
    await page.evaluate((to) => {
      // The router keeps the old page on screen while the new one's code loads, so the new page
      // is known by its title or a heading that was not there before.
      (window as PageWindow).left = {
        headings: new WeakSet(document.querySelectorAll("h1")),
        title: document.title,
      };
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, stop.url);
  }
  if (stop.server) {
    await expect(page.locator("body")).not.toBeEmpty();
    return undefined;
  }
  // A page that sends this user on (complete sign-up, done already) is awaited where it sends
  // them, or its late redirect would land on the next page of the walk.
  await expect(page).toHaveURL(new URL(SENDS_ON[stop.url] ?? stop.url, page.url()).href);
  await expect(page.locator("main")).toBeVisible();
  // A page that keeps the last page's title and shows no heading of its own is a finding (the
  // tab names another page: WCAG 2.4.2); it is looked at all the same.
  let untitled: string | undefined;
  if (!sameComponent)
    await page
      .waitForFunction(
        () => {
          const left = (window as PageWindow).left;
          if (!left || document.title !== left.title) return true;
          return [...document.querySelectorAll("h1")].some(
            (h1) => !left.headings.has(h1) && h1.checkVisibility(),
          );
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch((error: unknown) => {
        if (!(error instanceof errors.TimeoutError)) throw error;
        untitled = "keeps the last page's title and shows no <h1> of its own";
      });
  // The page's own chunk and first data have come once no loader is left.
  await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
  return untitled;
}

/** The layout and axe checks of the page as the window shows it now, and its screenshot. */
async function lookAt(page: Page, role: string, at: { pattern: string; width: number }) {
  // Charts follow a resize through a ResizeObserver and a render of their own, some frames
  // later, and a report's graphs 200 ms after their box stops changing (graph-chart.tsx): the
  // page is looked at once its boxes and charts keep their sizes from one frame to the next,
  // each graph is drawn as wide as its box, and a transition the resize started has ended.
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const sizes = () =>
      [
        document.documentElement.scrollHeight,
        ...[...document.querySelectorAll("svg")].map(
          (svg) => `${svg.clientWidth}x${svg.clientHeight}`,
        ),
      ].join();
    const graphsFit = () =>
      [...document.querySelectorAll("[data-graph]")].every((box) => {
        const chart = box.querySelector("svg.recharts-surface");
        return !chart || Math.abs(chart.clientWidth - Math.floor(box.clientWidth)) <= 1;
      });
    let before = "";
    for (let frames = 0; frames < 120; frames++) {
      await frame();
      await frame();
      const now = sizes();
      if (now === before && graphsFit()) return;
      before = now;
    }
  });
  await animationsDone(page);
  // A letter's preview is a frame of its own, which loads after the page shows.
  for (const frame of page.frames()) await frame.waitForLoadState();
  const name = at.pattern === "/" ? "home" : at.pattern.slice(1).replace(/[^a-z0-9]+/gi, "-");
  await screenshot(page, `every-page/${role}-${name}-${at.width}`, { waitForNetwork: false });
  const found: Finding[] = (await layoutFindings(page)).map((f: LayoutFinding) => ({
    page: at.pattern,
    width: at.width,
    ...f,
  }));
  // The journeys' browser asks for less motion (playwright.config.ts): nothing may move on.
  for (const element of await endlessAnimations(page))
    found.push({
      page: at.pattern,
      width: at.width,
      check: "endless animation",
      element,
      detail: "moves on though the reader asked for less motion (app/motion.css)",
    });
  for (const violation of await wcagViolations(page))
    found.push({
      page: at.pattern,
      width: at.width,
      check: `axe ${violation.rule} (${violation.impact})`,
      element: violation.elements.join(" "),
      detail: violation.help,
    });
  return found;
}

/** The elements an animation without end moves now, by tag and classes. */
function endlessAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime === Infinity)
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return target ? `<${target.tagName.toLowerCase()} class="${target.className}">` : "?";
      }),
  );
}

/** Every finding but the known ones fails the test, all named at once. */
function expectNoFindings(findings: Finding[]) {
  const line = (f: Finding) => `${f.page} at ${f.width} px: ${f.check}: ${f.element} ${f.detail}`;
  for (const finding of findings.filter(isKnown))
    test.info().annotations.push({ type: "known finding", description: line(finding) });
  expect(findings.filter((f) => !isKnown(f)).map(line)).toEqual([]);
}

/** The signed-in user's id. */
async function selfId(page: Page): Promise<number> {
  const answer = await page.request.get(authCalls.session.path, {
    headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
  });
  return ((await answer.json()) as { user: { id: number } }).user.id;
}

/**
 * The signed-in class owner's first student (or `username`), and a lesson they completed with
 * their day 4 answer handed in (the extension answer page shows it), else any lesson.
 */
async function classIds(page: Page, username?: string): Promise<Omit<Ids, "import">> {
  const { students } = await callApi(page, rosterCalls.students.list, {});
  const student = students.find((s) => !username || s.username === username);
  if (!student) throw new Error(`No student ${username ?? ""} to open pages with`);
  const report = await apiRequest<{
    data: { completed: { id: number; scores: { extension: { submitted: boolean } } }[] };
  }>(page, "POST", `/teacher/reports/detailed/${student.id}/data`, { verb: "view" });
  const done = report.data.completed.find((row) => row.scores.extension.submitted);
  const lesson = done?.id ?? (await lessonsByLevel(page)).data["Second Grade"]?.[1]?.id;
  if (!lesson) throw new Error("No lesson to open pages with");
  const self = await selfId(page);
  return { self, teacher: self, student: student.id, lesson };
}

/**
 * An import of the sample OneRoster package (valid) for the signed-in district admin or staff,
 * sent as the roster import page sends a file: its page shows a real preview.
 */
async function sampleImport(page: Page): Promise<number> {
  const headers = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };
  const list = await page.request.get(rosterImportCalls.list.path, { headers });
  // Staff name the district (the demo's one); a district admin's is their own.
  const { districtId, districts } = (
    (await list.json()) as { data: { districtId: number | null; districts: { id: number }[] } }
  ).data;
  const district = districtId ?? districts[0]?.id;
  const zip = await page.request.get("/district_admin/roster/sample/valid", { headers });
  const session = await page.request.get(authCalls.session.path, { headers });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const query = `fileName=sample.zip${district ? `&districtId=${district}` : ""}`;
  const answer = await page.request.post(`${rosterImportCalls.upload.path}?${query}`, {
    data: await zip.body(),
    headers: { ...headers, "X-CSRF-Token": csrfToken, "Content-Type": "application/zip" },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

// This journey runs the whole WCAG check itself, once per page and width, and names each console
// error with the page it came from; the fixtures' guards would do the same work again.
test.use({ checkAccessibility: false, viewport: WINDOWS[0] });
test.beforeEach(({ consoleGuard }) => consoleGuard.allow(/./));

test.describe("every page at 1280 and 820 px, and no request leaves the product's origin", () => {
  test("every public page and a family's shared reading", async ({ page }) => {
    test.setTimeout(120_000);
    const stops = [
      ...stopsOf("visitor", { self: 0, teacher: 0, student: 0, lesson: 0, import: 0 }),
      {
        pattern: "/shared/recordings/:token",
        url: `/shared/recordings/${DEMO_SHARE_TOKEN}`,
        server: true,
      },
    ];
    expect(stops.length).toBeGreaterThan(15);
    const { leaks, findings } = await lookAtEveryPage(page, "visitor", stops);
    expect(leaks).toEqual([]);
    expectNoFindings(findings);
  });

  for (const [role, login] of [
    ["teacher", teacher],
    ["parent", parent],
  ] as const) {
    test(`every page of a ${role}`, async ({ page }) => {
      test.setTimeout(300_000);
      await signInAs(page, login);
      const ids = { ...(await classIds(page)), import: 0 };
      const stops = stopsOf(role, ids);
      expect(stops.length).toBeGreaterThan(25);
      const { leaks, findings } = await lookAtEveryPage(page, role, stops);
      expect(leaks).toEqual([]);
      expectNoFindings(findings);
    });
  }

  test("every page of a student", async ({ page }) => {
    await signInStudentAs(page, tileStudent);
    const home = await page.request.get(learningCalls.home.path, {
      headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
    });
    const { data } = learningCalls.home.response.parse(await home.json());
    const lesson = data.continueLessonId ?? data.progress[0]?.lessonid ?? 0;
    const self = await selfId(page);
    const ids = { self, teacher: self, student: 0, lesson, import: 0 };
    const { leaks, findings } = await lookAtEveryPage(page, "student", stopsOf("student", ids));
    expect(leaks).toEqual([]);
    expectNoFindings(findings);
  });

  for (const [role, login] of [
    ["school_admin", schoolAdmin],
    ["district_admin", districtAdmin],
    ["staff", staff],
  ] as const) {
    test(`every page of ${role.replace("_", " ")}`, async ({ page }) => {
      test.setTimeout(240_000);
      // A demo student of the admins' school, as their reports and privacy pages show them.
      await signInAs(page, teacher);
      const ids = await classIds(page, tileStudent.login);
      await signOut(page);
      await signInAs(page, login);
      const self = await selfId(page);
      const imported = role === "school_admin" ? 0 : await sampleImport(page);
      const stops = stopsOf(role, { ...ids, self, import: imported });
      const { leaks, findings } = await lookAtEveryPage(page, role.replace("_", "-"), stops);
      expect(leaks).toEqual([]);
      expectNoFindings(findings);
    });
  }
});
