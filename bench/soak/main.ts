/**
 * A soak (issue 22): `node bench/soak/main.ts` runs SOAK_MINUTES (30) of mixed traffic, a school day
 * compressed, against two app servers and a worker on PostgreSQL and an S3-compatible bucket
 * (apps/server/test/cluster.ts: Debian's PostgreSQL on SOAK_PG_PORT 55462 in SOAK_PG_DIR, s3rver,
 * `apps/server/src/main.ts` twice with JOBS_IN_PROCESS=false and MEDIA_STORE=s3, one
 * `apps/server/src/worker.ts`), loopback only. Every request goes to the next server in turn, as
 * a round-robin load balancer sends them; each browser keeps its cookies whichever answers.
 *
 * Virtual users, each a browser of the demo world's people (planWorld("demo")):
 * - readers (SOAK_READERS, 6): students of the classes whose reading period it is (the day runs
 *   in six periods) sign in as the student login page does (step 1, then the password), open
 *   their home, read along (lesson, track, word timings, heartbeat, read-along), take the day's
 *   questions (remembering the right answers a failed attempt showed them), write and hand in
 *   day 4, look at their graded readings, and sign out;
 * - recorders (SOAK_RECORDERS, 2): students of the recording classes record a cold read (a real
 *   WebM made with ffmpeg here, sent with tus in 2 MB chunks as the web app sends it, the chunks
 *   to alternating servers, sometimes asking the other server for the offset as a resuming
 *   client does), read along three times, then record a hot read (which the worker compares
 *   with the cold read). One upload about every SOAK_UPLOAD_EVERY (20) seconds in all;
 * - teachers: the four recording classes' teachers list their new readings, watch and grade
 *   each one of the soak's once the worker has processed it, and read their reports (class
 *   summary, detailed report, graphs, scores by story, the 7-day table, the conference summary,
 *   now and then the PDF); one more browser reads the small classes' teachers' reports;
 * - admins: the school admin and the district admin read teachers, usage and graphs;
 * - deliberate 4xx: a wrong adult or student password about once a minute, and a signed-out
 *   student's page now and then (401s that are counted apart, never as errors).
 *
 * Measured: every request's scenario, status and time; per scenario per minute the requests,
 * errors (5xx, no answer within 30 s, any status the flow did not expect) and p50/p99; every
 * SOAK_SAMPLE_SECONDS (15) each process's memory from /proc (VmRSS of the servers and the
 * worker; PostgreSQL as the sum of its processes' PSS, with their RSS sum beside it, since
 * every backend's RSS counts the shared buffers it touched) and CPU; and every upload from its
 * last byte to processed, graded, and its grade read back from both servers. After the day,
 * teachers keep grading for up to SOAK_DRAIN_SECONDS (300) until every reading is graded, then
 * the bench checks that nothing was lost.
 *
 * Writes bench/results/soak-<time>.json (raw) and .md (SOAK_RESULTS_DIR), and prints the summary: the error rate,
 * each scenario's p50/p99 in the first SOAK_WINDOW_MINUTES (5) after SOAK_WARMUP_MINUTES (1)
 * (the "short run" baseline) against each later window, each process's memory at the warm-up's
 * end against the end, and the goals. Exits 1 when a goal is missed.
 *
 * Bounds: SOAK_MAX_REQUESTS (100,000), SOAK_MAX_UPLOADS (300), and a watchdog that ends the run
 * at SOAK_MINUTES + 20 minutes. SOAK_LOGS=ignore silences the processes' logs (LOG_LEVEL warn),
 * which are otherwise interleaved with the bench's output. SOAK_THINK_SCALE (1) multiplies every
 * think time.
 *
 * The modules beside this one: settings.ts (the SOAK_* settings and the clock), measure.ts (every
 * request through `call`), people.ts, students.ts (readers), recordings.ts (recorders), adults.ts
 * (teachers, admins, typos), processes.ts (memory, CPU, heap, event loop), follow.ts (the uploads
 * in the database, the verification) and report.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { DEMO_RECORDING_TEACHERS } from "../../apps/server/src/demo/recordings.ts";
import { freePort } from "../../apps/server/src/free-port.ts";
import { startCluster } from "../../apps/server/test/cluster.ts";
import { postgresBinaries } from "../../apps/server/test/postgres-server.ts";
import {
  adultSignIn,
  districtAdmin,
  markStudentsGone,
  otherTeachers,
  schoolAdmin,
  teacher,
  typos,
} from "./adults.ts";
import { followUploads, verify } from "./follow.ts";
import { call, data, errorLog, samples, servers, setServers } from "./measure.ts";
import { teacherNames } from "./people.ts";
import {
  benchLoop,
  insideSamples,
  METRICS_TOKEN,
  procSamples,
  s3rverPid,
  sampleInside,
  sampleProcesses,
} from "./processes.ts";
import { clips, makeClips, recorder, scheduleFirstUpload, uploads } from "./recordings.ts";
import { report, stats } from "./report.ts";
import {
  DRAIN_S,
  dayMs,
  dayOver,
  endDay,
  LOGS,
  log,
  MINUTES,
  PG_DIR,
  PG_PORT,
  READERS,
  RECORDERS,
  RESULTS_DIR,
  randInt,
  root,
  SAMPLE_S,
  setPhase,
  since,
  startDay,
} from "./settings.ts";
import { reader } from "./students.ts";

/**
 * Every lesson's track made before the day, as production's LESSON_TRACKS=all makes the missing
 * ones after a server starts (the cluster makes them on request): the tracks live in the bucket
 * beside the media, so each is made once, by whichever server is asked, and both serve it. Made
 * on request during the day, the first read-along of each lesson would wait seconds for
 * espeak-ng and ffmpeg.
 */
async function makeTracks() {
  const teacherClient = (await adultSignIn("ms.rivera")).client;
  const catalog = data<{ levels: { lessons: { lessonid: number }[] }[] }>(
    await call(teacherClient, "setup: catalog", "GET", "/lessons/catalog"),
  );
  const ids = catalog.levels.flatMap((l) => l.lessons.map((x) => x.lessonid));
  await Promise.all(
    servers.map(async (_, server) => {
      for (const id of ids.filter((_, i) => i % servers.length === server))
        await call(teacherClient, "setup: lesson track", "GET", `/media/lessons/${id}/track`, {
          server,
          headers: { range: "bytes=0-0" },
          expect: [200, 206],
        });
    }),
  );
  return ids.length;
}

async function main() {
  const startedAt = new Date().toISOString();
  const setupStarted = performance.now();
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL is not installed");
  log(`${MINUTES}-minute soak; making the readings with ffmpeg`);
  makeClips();
  log(
    `clips: ${clips.video.map((c) => `${c.seconds} s ${(c.bytes.length / 1048576).toFixed(1)} MB`).join(", ")}, sound ${(clips.sound.bytes.length / 1048576).toFixed(1)} MB`,
  );
  rmSync(PG_DIR, { recursive: true, force: true });
  const workerPort = await freePort();
  log("starting PostgreSQL, s3rver, two servers (the first makes the demo world) and a worker");
  const cluster = await startCluster({
    pgDir: PG_DIR,
    pgPort: PG_PORT,
    servers: 2,
    workers: 1,
    logs: LOGS,
    env: {
      // A district's schools sign in from many addresses; here every browser is 127.0.0.1, so
      // the per-address count of failed sign-ins (areas/auth/login-limits.ts) would hold the
      // deliberate typos of a whole district against one address.
      LOGIN_LIMIT_PER_IP: "10000",
      // Each process's heap and event loop, read as Prometheus would (loopback only: the
      // worker's small HTTP face listens on HOST, which the servers set for themselves too).
      METRICS_TOKEN,
      HOST: "127.0.0.1",
      WORKER_PORT: String(workerPort),
    },
  });
  const stopping = async (signal: string) => {
    log(`${signal}: stopping the cluster`);
    await cluster.close().catch(() => undefined);
    process.exit(130);
  };
  process.once("SIGINT", () => void stopping("SIGINT"));
  process.once("SIGTERM", () => void stopping("SIGTERM"));
  const watchdog = setTimeout(
    () => {
      log("WATCHDOG: the run took too long; stopping");
      void cluster.close().finally(() => process.exit(2));
    },
    (MINUTES + 20) * 60_000 + DRAIN_S * 1000,
  );
  watchdog.unref();
  const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  let exitCode = 0;
  try {
    setServers(cluster.servers.map((s) => s.url));
    for (const url of servers)
      if (new URL(url).hostname !== "127.0.0.1") throw new Error(`${url} is not loopback`);
    const version =
      (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ??
      "?";
    log(
      `servers ${servers.join(", ")}; worker pid ${cluster.workers[0]?.child.pid}; making lesson tracks`,
    );
    const tracks = await makeTracks();
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`${tracks} lessons' tracks in the bucket; setup took ${setupSeconds.toFixed(0)} s`);
    samples.length = 0;
    errorLog.length = 0;
    const s3Pid = s3rverPid();

    // The day.
    startDay();
    scheduleFirstUpload(randInt(5, 15) * 1000);
    const inside = [
      ...cluster.servers.map((p) => ({ name: p.name, url: p.url })),
      // cluster.ts gives the worker its own WORKER_PORT (and url) in newer versions.
      { name: "worker-1", url: cluster.workers[0]?.url || `http://127.0.0.1:${workerPort}` },
    ];
    benchLoop.enable();
    sampleProcesses(cluster, s3Pid);
    await sampleInside(inside);
    const sampler = setInterval(() => {
      sampleProcesses(cluster, s3Pid);
      sampleInside(inside).catch((error: unknown) => log(`scraping: ${error}`));
    }, SAMPLE_S * 1000);
    const follower = setInterval(() => {
      followUploads(db).catch((error: unknown) => log(`following uploads: ${error}`));
    }, 2000);
    const progress = setInterval(() => {
      const minute = samples.filter((s) => s.phase === "day" && s.t >= since() - 60_000);
      const st = stats(minute);
      const last = procSamples.at(-1);
      const mem = last
        ? Object.entries(last.procs)
            .map(([n, p]) => `${n} ${Math.round((p.pss ?? p.rss) / 1024)}`)
            .join(" ")
        : "";
      log(
        `last minute ${st.n} requests, ${st.errors} errors, p50 ${st.p50} p99 ${st.p99} ms; uploads ${uploads.size}, graded ${[...uploads.values()].filter((u) => u.gradedAt !== null).length}; MB ${mem}; load ${last?.load}`,
      );
    }, 60_000);
    const recordingTeachers = DEMO_RECORDING_TEACHERS;
    const others = teacherNames.filter((t) => !recordingTeachers.includes(t));
    const teachers = recordingTeachers.map((t, i) => sleep(i * 4000).then(() => teacher(t)));
    const users = [
      ...Array.from({ length: READERS }, (_, i) => sleep(i * 3000).then(reader)),
      ...Array.from({ length: RECORDERS }, (_, i) => sleep(2000 + i * 5000).then(recorder)),
      sleep(10_000).then(() => otherTeachers(others)),
      sleep(15_000).then(schoolAdmin),
      sleep(20_000).then(districtAdmin),
      typos([...teacherNames, "principal.hughes", "dr.santos"]),
    ];
    while (!dayOver && since() < dayMs) await sleep(250);
    endDay();
    log("the day is over; the last readings are processed and graded");
    await Promise.all(users);
    markStudentsGone();
    setPhase("drain");
    // Teachers grade what is left; they stop once their readings are graded or the time is up.
    await Promise.all(teachers);
    while (
      since() < dayMs + DRAIN_S * 1000 &&
      [...uploads.values()].some((u) => u.status !== "complete" && u.status !== "failed")
    )
      await sleep(1000);
    clearInterval(sampler);
    clearInterval(follower);
    clearInterval(progress);
    sampleProcesses(cluster, s3Pid);
    await sampleInside(inside);
    await followUploads(db);
    setPhase("verify");
    const verification = await verify(cluster, db);
    const stamp = startedAt.replace(/[:.]/g, "-").slice(0, 19);
    const dir = resolve(root, RESULTS_DIR);
    mkdirSync(dir, { recursive: true });
    // The raw measurements first, so that a fault in the summary loses nothing.
    writeFileSync(
      join(dir, `soak-${stamp}.json`),
      JSON.stringify({
        samples,
        procSamples,
        insideSamples,
        uploads: [...uploads.values()],
        verification,
      }),
    );
    const { markdown, goals, json } = report(verification, {
      setupSeconds,
      postgres: version,
      startedAt,
    });
    writeFileSync(join(dir, `soak-${stamp}.json`), JSON.stringify(json));
    writeFileSync(join(dir, `soak-${stamp}.md`), `${markdown}\n`);
    console.log(`\n${markdown}\n`);
    log(`wrote ${relative(root, join(dir, `soak-${stamp}`))}.json and .md`);
    if (goals.some((g) => g.met === false)) exitCode = 1;
  } finally {
    await db.end();
    await cluster.close();
    clearTimeout(watchdog);
  }
  process.exit(exitCode);
}

await main();
