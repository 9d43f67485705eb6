import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RECORDING_UPLOAD_PATH } from "@refrain/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CLUSTER_METRICS_TOKEN, type Cluster, startCluster } from "../test/cluster.ts";
import { makeClips } from "../test/fluency.ts";
import { HttpClient } from "../test/http-client.ts";
import { postgresBinaries } from "../test/postgres-server.ts";
import { demoLogins } from "./demo/index.ts";

/**
 * Issue 22: two app servers and a worker, as separate processes on one PostgreSQL and one
 * S3-compatible bucket, behave as one. A teacher, a student's upload and its grading go through
 * alternating servers; sessions, revocations, rate limits, uploads and jobs are shared; SIGTERM
 * during an upload and during a transcode loses nothing.
 */
const TUS = { "tus-resumable": "1.0.0" };
const LOGIN_LIMIT = 6;
const logins = demoLogins();
const teacher = logins.find((l) => l.login === "ms.rivera");
const student = logins.find((l) => l.role === "Student" && l.note === "teacher ms.rivera");

let cluster: Cluster;
let db: pg.Pool;
// Its own PostgreSQL, whichever database the other tests use: run once, in the PGlite project
// (CI's test/pglite-too.ts), not again beside a PostgreSQL server of the run's.
const skip = postgresBinaries() === null || inject("pgTemplate") !== undefined;

beforeAll(async () => {
  if (skip) return;
  cluster = await startCluster({
    pgDir: "/tmp/refrain-pg-cluster",
    env: { LOGIN_LIMIT_PER_IP: String(LOGIN_LIMIT) },
  });
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
}, 300_000);
afterAll(async () => {
  await db?.end();
  await cluster?.close();
});

const server = (i: number) => cluster.servers[i % 2]?.url as string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The recording's state in the database, polled until `done` says so (or the time is up). */
async function recordingWhen(id: number, done: (status: string) => boolean, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const { rows } = await db.query<{ status: string }>(
      "select status from recordings where id = $1",
      [id],
    );
    const status = rows[0]?.status ?? "";
    if (done(status) || Date.now() > deadline) return status;
    await sleep(200);
  }
}

/**
 * How many recording-process jobs of a recording pg-boss holds, by state, once none is active
 * (the job completes a moment after its handler has written the recording).
 */
async function processJobs(id: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await db.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from pgboss.job
       where name = 'recording-process' and (data ->> 'recordingId')::int = $1 group by state`,
      [id],
    );
    const states: Record<string, number> = Object.fromEntries(rows.map((r) => [r.state, r.n]));
    if (!states.active || Date.now() > deadline) return states;
    await sleep(200);
  }
}

/** The demo student's browser, signed in on `url`. */
async function studentOn(url: string) {
  const browser = new HttpClient(url);
  await browser.signInStudent("ms.rivera", student?.login as string, student?.password as string);
  return browser;
}

/**
 * A lesson whose cold read the student may record now, asked of alternating servers, and not
 * `taken` by an earlier test: it is taken from then on.
 */
async function recordableLesson(client: HttpClient, taken: number[]) {
  const home = await client.on(server(0)).get("/learning/home");
  const lessons = (home.json as { data: { lessons: { lessonid: number }[] } }).data.lessons;
  for (const [i, { lessonid }] of lessons.entries()) {
    if (taken.includes(lessonid)) continue;
    const view = await client.on(server(i)).get(`/student/recordings/${lessonid}`);
    const data = (view.json as { data: { options: { cold_read: string } } }).data;
    if (data.options.cold_read === "available") {
      taken.push(lessonid);
      return lessonid;
    }
  }
  throw new Error("The demo student has no lesson to record");
}

async function createUpload(client: HttpClient, lessonId: number, length: number) {
  const meta = { lessonId, classification: "cold_read", filetype: "video/webm" };
  const created = await client.request("POST", RECORDING_UPLOAD_PATH, undefined, {
    ...TUS,
    "upload-length": String(length),
    "upload-metadata": Object.entries(meta)
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString("base64")}`)
      .join(","),
  });
  expect(created.status).toBe(201);
  return String(created.headers.get("location"));
}

const patch = (
  client: HttpClient,
  location: string,
  offset: number,
  chunk: Uint8Array | ReadableStream,
) =>
  client.request("PATCH", location, chunk, {
    ...TUS,
    "upload-offset": String(offset),
    "content-type": "application/offset+octet-stream",
  });

/**
 * A reading of half a minute (WebM, as Chromium records): long enough that the worker is seen
 * transcoding it, for a few seconds, when it is told to stop.
 */
function halfMinuteReading() {
  const dir = mkdtempSync(join(tmpdir(), "refrain-cluster-clip-"));
  const path = join(dir, "reading.webm");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=30"],
    ...["-f", "lavfi", "-i", "sine=frequency=330:duration=30"],
    ...["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"],
    ...["-c:a", "libopus", path],
  ]);
  const bytes = readFileSync(path);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

const offsetOf = async (client: HttpClient, location: string) =>
  Number((await client.request("HEAD", location, undefined, TUS)).headers.get("upload-offset"));

describe.skipIf(skip)("two app servers and a worker on PostgreSQL and a bucket", () => {
  const taken: number[] = [];

  it("serve a teacher, a student's upload and its grading through alternating servers", async () => {
    const teacherBrowser = new HttpClient(server(0));
    await teacherBrowser.signIn(teacher?.login as string, teacher?.password as string);
    // The session made on one server is known to the other.
    expect((await teacherBrowser.on(server(1)).get("/teacher/recordings/all")).status).toBe(200);

    const studentBrowser = await studentOn(server(1));
    const lessonId = await recordableLesson(studentBrowser, taken);

    // The upload begins on one server and ends on the other.
    const bytes = makeClips().webm;
    const location = await createUpload(studentBrowser.on(server(0)), lessonId, bytes.length);
    const half = Math.floor(bytes.length / 2);
    expect(
      (await patch(studentBrowser.on(server(0)), location, 0, bytes.subarray(0, half))).status,
    ).toBe(204);
    expect(await offsetOf(studentBrowser.on(server(1)), location)).toBe(half);
    const last = await patch(studentBrowser.on(server(1)), location, half, bytes.subarray(half));
    expect(last.status).toBe(204);
    const recordingId = Number(last.headers.get("recording-id"));
    expect(recordingId).toBeGreaterThan(0);

    // The worker (not a server: their queues only send) processes it, once.
    expect(await recordingWhen(recordingId, (s) => s === "complete" || s === "failed")).toBe(
      "complete",
    );
    expect(await processJobs(recordingId)).toEqual({ completed: 1 });
    // Counted where it ran: the worker's own metrics port has the job and the transcode.
    const worker = cluster.workers[0]?.url as string;
    expect((await fetch(`${worker}/health/ready`)).status).toBe(200);
    expect((await fetch(`${worker}/metrics/scrape`)).status).toBe(404);
    const scraped = await fetch(`${worker}/metrics/scrape`, {
      headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` },
    }).then((answer) => answer.text());
    expect(scraped).toMatch(
      /refrain_job_duration_seconds_count\{queue="recording-process",outcome="done"\} 1/,
    );
    expect(scraped).toMatch(/refrain_transcode_speed_ratio_count(\{[^}]*\})? 1/);

    // Graded on one server, read back graded on the other.
    const graded = await teacherBrowser
      .on(server(1))
      .post(`/teacher/recordings/${recordingId}/grade`, {
        accuracy: 0,
        expression: 4,
        feedback: "Smooth and clear.",
        selectedWordIds: [],
        wpm: 88,
        submission: crypto.randomUUID(),
      });
    expect(graded.status).toBe(200);
    const set = await teacherBrowser.on(server(0)).get(`/teacher/recordings/${recordingId}`);
    expect(JSON.stringify(set.json)).toContain("Smooth and clear.");
    // The media went to the bucket: the other server streams what the worker made.
    const own = await studentBrowser.on(server(0)).get(`/student/recordings/${lessonId}`);
    expect(JSON.stringify(own.json)).toContain(`${recordingId}`);

    // A sign-out on one server ends the session on the other at once.
    expect((await teacherBrowser.on(server(0)).post("/logout")).status).toBe(200);
    expect((await teacherBrowser.on(server(1)).get("/teacher/recordings/all")).status).toBe(401);
  });

  it("count failed sign-ins across servers as one limit", async () => {
    const guesser = new HttpClient(server(0));
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++)
      statuses.push(
        (
          await guesser
            .on(server(i))
            .post("/login", { login: "nobody.here", password: "wrong-guess" })
        ).status,
      );
    // Each server alone has seen half of the guesses; together they refuse past the limit.
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429, 429]);
  });

  it("loses nothing when a server stops mid-upload and the worker stops mid-transcode", async () => {
    const studentBrowser = await studentOn(server(0));
    const lessonId = await recordableLesson(studentBrowser, taken);
    const bytes = halfMinuteReading();
    const location = await createUpload(studentBrowser.on(server(0)), lessonId, bytes.length);
    const half = Math.floor(bytes.length / 2);

    // A PATCH trickles in over two seconds; the server is told to stop while it is in flight,
    // and it outlasts the second of draining (SHUTDOWN_DRAIN_SECONDS): the server closes with it
    // still in flight, answers it, and then lets its connection go (plugins/draining.ts).
    const stopping = cluster.servers[0] as NonNullable<Cluster["servers"][number]>;
    let sent = 0;
    const trickle = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= half) return controller.close();
        const next = Math.min(half, sent + Math.ceil(half / 10));
        controller.enqueue(bytes.subarray(sent, next));
        sent = next;
        await sleep(200);
      },
    });
    const inFlight = patch(studentBrowser.on(stopping.url), location, 0, trickle);
    await sleep(250);
    stopping.child.kill("SIGTERM");
    // Draining: not ready for new work, still alive, and the request in flight is finished.
    await sleep(200);
    expect((await fetch(`${stopping.url}/health/ready`)).status).toBe(503);
    expect((await fetch(`${stopping.url}/health/live`)).status).toBe(200);
    expect((await inFlight).status).toBe(204);
    expect(await cluster.stop(stopping), stopping.output()).toBe(0);

    // The student's next request goes to the server still running, which resumes the upload.
    const resumed = studentBrowser.on(server(1));
    expect(await offsetOf(resumed, location)).toBe(half);
    const last = await patch(resumed, location, half, bytes.subarray(half));
    expect(last.status).toBe(204);
    const recordingId = Number(last.headers.get("recording-id"));

    // The worker is stopped while it transcodes: it finishes the job or hands it back, and a
    // new worker completes the recording, with one completed job and no failed one.
    expect(
      await recordingWhen(recordingId, (s) => s === "processing" || s === "complete"),
    ).not.toBe("");
    const worker = cluster.workers[0] as NonNullable<Cluster["workers"][number]>;
    expect(await cluster.stop(worker), worker.output()).toBe(0);
    await cluster.startWorker(0);
    expect(await recordingWhen(recordingId, (s) => s === "complete" || s === "failed")).toBe(
      "complete",
    );
    const jobs = await processJobs(recordingId);
    expect(jobs.completed).toBe(1);
    expect(jobs.failed).toBeUndefined();

    // The stopped server comes back and serves the student's finished reading.
    await cluster.startServer(0);
    const own = await studentBrowser.on(server(0)).get(`/student/recordings/${lessonId}`);
    expect(JSON.stringify(own.json)).toContain(`"id":${recordingId}`);
  });
});
