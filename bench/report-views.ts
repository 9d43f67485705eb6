/**
 * The report views that show several graphs or several schools, over HTTP on a fresh demo world
 * on PGlite: each view's calls as its page sends them, timed from the first call sent to the last
 * answer, 10 warm runs each. `node bench/report-views.ts` starts the server of the checkout it is
 * in; BENCH_SHAPE=before sends the calls the pages sent before issue 40 (one graph per call, one
 * school per call), for a copy of this file run in a checkout from before it.
 *
 * - Fluency Reports (the teacher ms.rivera, whole class, all time): four graphs;
 * - the district admin's home: the school list and every school's breakdown, or the summary;
 * - School Use and Data (the school admin): the breakdown, then the school's four graphs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GRAPH_TYPES, schoolYearToDate } from "@refrain/domain";
import { DEMO_ADULT_PASSWORD } from "../apps/server/src/demo/plan/world.ts";
import { HttpClient } from "../apps/server/test/http-client.ts";
import { NO_BACKGROUND_WORK, runIfMain, timedRuns } from "./bench-setup.ts";
import { startServer, stopServer } from "./server-process.ts";

const RUNS = 10;
const BEFORE = process.env.BENCH_SHAPE === "before";
const PORT = process.env.BENCH_PORT ?? "3432";

async function signedIn(base: string, login: string) {
  const client = new HttpClient(base);
  await client.refreshCsrf();
  const signIn = await client.post("/login", { login, password: DEMO_ADULT_PASSWORD });
  if (signIn.status !== 200) throw new Error(`${login} could not sign in: ${signIn.status}`);
  const { user } = (await client.get("/auth/session")).json as {
    user: { schoolId: number | null; districtId: number | null };
  };
  return { client, user };
}

/** Every answer 200, or the view is no result. */
async function all(client: HttpClient, paths: string[]) {
  const answers = await Promise.all(paths.map((path) => client.get(path)));
  for (const [i, a] of answers.entries())
    if (a.status !== 200) throw new Error(`${paths[i]}: ${a.status}`);
  return answers.map((a) => (a.json as { data: unknown }).data);
}

/** Median and slowest of the warm runs of `view`, after one to warm it, as a table's cells. */
async function timed(view: () => Promise<unknown>) {
  const { p50, max } = await timedRuns(view, RUNS);
  return `${p50.toFixed(0)} ms | ${max.toFixed(0)} ms`;
}

const graphsOf = (query: string) =>
  BEFORE
    ? GRAPH_TYPES.map((type) => `/teacher/reports/graph?type=${type}&${query}`)
    : [`/teacher/reports/graphs?types=${GRAPH_TYPES.join(",")}&${query}`];

runIfMain(import.meta.url, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "refrain-bench-views-"));
  const server = await startServer(
    { ...NO_BACKGROUND_WORK, PORT, HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    [...process.execArgv],
    () => {},
  );
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const teacher = await signedIn(base, "ms.rivera");
    const district = await signedIn(base, "dr.santos");
    const school = await signedIn(base, "principal.hughes");
    const allTime = "from_date=2000-01-01&to_date=2500-01-01";
    const year = schoolYearToDate(new Date());
    const period = `start_date=${year.start_date}&end_date=${year.end_date}`;
    const districtId = district.user.districtId;
    const schoolId = school.user.schoolId;
    const views: Record<string, () => Promise<unknown>> = {
      "Fluency Reports (teacher, whole class)": () => all(teacher.client, graphsOf(allTime)),
      "district summary (district admin)": async () => {
        if (!BEFORE) return all(district.client, [`/district_admin/summary/${districtId}`]);
        const [list] = (await all(district.client, [
          `/district_admin/school_list/${districtId}`,
        ])) as {
          schools: { id: number }[];
        }[];
        return all(
          district.client,
          (list?.schools ?? []).map((s) => `/district_admin/school_breakdown/${s.id}?${period}`),
        );
      },
      "School Use and Data (school admin)": async () => {
        await all(school.client, [`/district_admin/school_breakdown/${schoolId}?${period}`]);
        return all(
          school.client,
          graphsOf(
            `from_date=${year.start_date}&to_date=${year.end_date}&aggregate_type=school&school_id=${schoolId}`,
          ),
        );
      },
    };
    console.log(`\n${BEFORE ? "before" : "now"} (${RUNS} warm runs) | p50 | max\n---|---:|---:`);
    for (const [name, view] of Object.entries(views)) console.log(`${name} | ${await timed(view)}`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
