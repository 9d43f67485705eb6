/**
 * `npm run bench:lighthouse`: Lighthouse's performance and accessibility scores (issue 40's goal:
 * 95 and 100) on the pages a student waits on: the two sign-in pages, a student's home and the
 * lesson player. Lighthouse's defaults: a mobile phone, simulated throttling, an empty cache.
 * Each page is run three times, one run at a time, and the median of each score printed; the
 * performance score depends on the machine's load, so the load is printed with it.
 *
 * The server is bench/first-load.ts's (BENCH_URL, or one of its own on BENCH_PORT serving
 * WEB_DIST). The signed-in pages get the demo student's session cookie in every request
 * (Lighthouse's extraHeaders). Debian's Chromium (/usr/bin/chromium) runs them, headless.
 */
import { loadavg } from "node:os";
import { request } from "@playwright/test";
import { authCalls, learningCalls } from "@refrain/domain";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { demoLogins } from "../apps/server/src/demo/plan/world.ts";
import { chromiumLaunch } from "../e2e/chromium.ts";
import { runIfMain } from "./bench-setup.ts";
import { startWebServer } from "./first-load.ts";

const RUNS = 3;
const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/** The demo student of ms.rivera's session, as a Cookie header, and a lesson of their home. */
async function studentSession(base: string): Promise<{ cookie: string; lessonId: number }> {
  const student = demoLogins().find(
    (entry) => entry.role === "Student" && entry.note === "teacher ms.rivera",
  );
  if (!student) throw new Error("The demo world has no student of ms.rivera");
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: asApi });
  try {
    const session = await api.get(authCalls.session.path);
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const signIn = await api.post("/student/login", {
      data: {
        step: 3,
        type: "input",
        teacher: "ms.rivera",
        student: student.login,
        password: student.password,
      },
      headers: { "X-CSRF-Token": csrfToken },
    });
    if (!signIn.ok()) throw new Error(`Signing in as ${student.login}: ${await signIn.text()}`);
    const home = learningCalls.home.response.parse(
      await (await api.get(learningCalls.home.path)).json(),
    );
    const lesson = home.data.assignedLessons[0] ?? home.data.lessons[0];
    if (!lesson) throw new Error(`${student.login} has no lesson to open`);
    const { cookies } = await api.storageState();
    return {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
      lessonId: lesson.lessonid,
    };
  } finally {
    await api.dispose();
  }
}

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const server = await startWebServer();
  const rows: string[] = [];
  try {
    const { cookie, lessonId } = await studentSession(server.url);
    const pages = [
      { name: "/login", path: "/login" },
      { name: "/student/login", path: "/student/login" },
      { name: "student home", path: "/", cookie },
      { name: "lesson player", path: `/student/learn/${lessonId}/read`, cookie },
    ];
    // BENCH_PAGES=/login,lesson player: only those (by name), while working on one page.
    const only = process.env.BENCH_PAGES?.split(",");
    for (const page of pages.filter((p) => !only || only.includes(p.name))) {
      const scores = { performance: [] as number[], accessibility: [] as number[] };
      const loads: number[] = [];
      // A browser of its own for each page: in one browser for all of them, with the sign-in
      // pages' cookies in it, the session's Cookie header given to Lighthouse did not sign the
      // page in, and a student's home was measured signed out (the landing page).
      const chrome = await launch({
        chromePath: "/usr/bin/chromium",
        chromeFlags: ["--headless=new", ...chromiumLaunch.args],
      });
      try {
        for (let run = 0; run < RUNS; run++) {
          loads.push(loadavg()[0] ?? 0);
          const result = await lighthouse(`${server.url}${page.path}`, {
            port: chrome.port,
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            ...(page.cookie && { extraHeaders: { Cookie: page.cookie } }),
          });
          const categories = result?.lhr.categories;
          scores.performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
          scores.accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
          // What keeps a score down, for whoever fixes it: the metrics, and the audits short of
          // full marks.
          if (process.env.BENCH_VERBOSE && result) {
            const figure = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? 0);
            console.log(
              page.name,
              `FCP ${figure("first-contentful-paint")} ms, LCP ${figure("largest-contentful-paint")} ms, TBT ${figure("total-blocking-time")} ms, SI ${figure("speed-index")} ms, CLS ${result.lhr.audits["cumulative-layout-shift"]?.numericValue?.toFixed(3)}`,
            );
          }
          // Which element was the largest paint, and where its time went (Lighthouse's phases):
          // the page measured is the one meant (a signed-out run shows the landing page's text).
          if (process.env.BENCH_VERBOSE && result) {
            const parts = JSON.stringify(result.lhr.audits["lcp-breakdown-insight"]?.details ?? {});
            const label = parts.match(/"nodeLabel":"([^"]*)"/)?.[1];
            const phases = [...parts.matchAll(/"label":"([^"]*)","duration":([\d.]+)/g)]
              .map(([, name, ms]) => `${name} ${Math.round(Number(ms))} ms`)
              .join(", ");
            console.log(page.name, `LCP element "${label}": ${phases}`);
          }
          if (process.env.BENCH_VERBOSE && result)
            for (const category of ["performance", "accessibility"] as const)
              for (const ref of categories?.[category]?.auditRefs ?? []) {
                const audit = result.lhr.audits[ref.id];
                if (audit && audit.score !== null && audit.score < 0.9 && ref.weight > 0)
                  console.log(page.name, category, audit.id, audit.displayValue ?? "", audit.title);
              }
        }
      } finally {
        chrome.kill();
      }
      rows.push(
        `${page.name.padEnd(15)} ${String(median(scores.performance)).padStart(11)} ${String(median(scores.accessibility)).padStart(13)}   ${scores.performance.join("/").padEnd(10)} ${loads.map((l) => l.toFixed(1)).join("/")}`,
      );
    }
  } finally {
    await server.stop();
  }
  console.log(
    `Lighthouse mobile, median of ${RUNS} runs (goal: performance 95, accessibility 100)`,
  );
  console.log("page            performance accessibility   runs       load (1 min)");
  for (const row of rows) console.log(row);
}

runIfMain(import.meta.url, main);
