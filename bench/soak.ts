/**
 * A soak (issue 22): `node bench/soak.ts` runs SOAK_MINUTES (30) of mixed traffic, a school day
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
 */
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { RECORDING_UPLOAD_PATH } from "@refrain/domain";
import pg from "pg";
import { DEMO_RECORDING_TEACHERS } from "../apps/server/src/db/demo-world/recordings.ts";
import { DEMO_ADULT_PASSWORD, planWorld } from "../apps/server/src/db/demo-world/world.ts";
import { type Cluster, startCluster } from "../apps/server/test/cluster.ts";
import { HttpClient } from "../apps/server/test/http-client.ts";
import { postgresBinaries } from "../apps/server/test/postgres-server.ts";
import { cpuTicks, postgresPids, TICK_S } from "./proc.ts";

// ───────────────────────── settings ─────────────────────────

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

const MINUTES = setting("SOAK_MINUTES", 30);
const WARMUP_MIN = setting("SOAK_WARMUP_MINUTES", 1);
const WINDOW_MIN = setting("SOAK_WINDOW_MINUTES", 5);
const READERS = setting("SOAK_READERS", 6);
const RECORDERS = setting("SOAK_RECORDERS", 2);
const UPLOAD_EVERY_S = setting("SOAK_UPLOAD_EVERY", 20);
const THINK_SCALE = setting("SOAK_THINK_SCALE", 1);
const SAMPLE_S = setting("SOAK_SAMPLE_SECONDS", 15);
const DRAIN_S = setting("SOAK_DRAIN_SECONDS", 300);
const MAX_REQUESTS = setting("SOAK_MAX_REQUESTS", 100_000);
const MAX_UPLOADS = setting("SOAK_MAX_UPLOADS", 300);
const PG_PORT = setting("SOAK_PG_PORT", 55462);
const PG_DIR = process.env.SOAK_PG_DIR ?? "/tmp/refrain-pg-soak";
const LOGS = process.env.SOAK_LOGS === "ignore" ? "ignore" : "inherit";
const RESULTS_DIR = process.env.SOAK_RESULTS_DIR ?? "bench/results";
const REQUEST_LIMIT_MS = 30_000;
/** The web app's tus chunk (apps/web/src/areas/learning/recording/pending-recording.ts). */
const CHUNK_BYTES = 2 * 1024 * 1024;
/** Periods of the compressed school day (8:00 to 15:00). */
const PERIODS = 6;
/**
 * A window's p99 is judged against the baseline's only when both hold SOAK_MIN_JUDGED (100)
 * requests: a p99 of 30 requests is their slowest one, which a single stall of the shared
 * machine makes. Windows of MIN_SHOWN or more are shown with their ratio, unjudged.
 */
const MIN_JUDGED = setting("SOAK_MIN_JUDGED", 100);
const MIN_SHOWN = 20;
const GOALS = { p99Ratio: 2, memoryGrowth: 0.2 };

if (PG_PORT === 55432) throw new Error("55432 is CI's PostgreSQL port: choose another");
if (MINUTES <= WARMUP_MIN) throw new Error("SOAK_MINUTES must be longer than the warm-up");

const root = new URL("..", import.meta.url).pathname;
const log = (line: string) => console.log(`[soak ${clock()}] ${line}`);

// ───────────────────────── time ─────────────────────────

/** When the day began (performance.now()); the setup runs before it. */
let t0 = 0;
type Phase = "setup" | "day" | "drain" | "verify";
let phase: Phase = "setup";
const since = () => (phase === "setup" ? 0 : performance.now() - t0);
const clock = () => {
  if (phase === "setup") return "setup";
  const s = Math.floor(since() / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
const dayMs = MINUTES * 60_000;
/** True once the day is over: virtual users finish their step and leave. */
let dayOver = false;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const between = (min: number, max: number) => min + Math.random() * (max - min);
const randInt = (min: number, max: number) => Math.floor(between(min, max + 1));

/** A pause of a person reading or thinking, cut short when the day ends. */
async function think(minS: number, maxS: number) {
  // Not cut short at the day's end: every browser waking at once would be a burst of the
  // bench's own making. What is sent after the end belongs to the drain.
  await sleep(between(minS, maxS) * 1000 * THINK_SCALE);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

// ───────────────────────── measurement ─────────────────────────

type Kind = "ok" | "error" | "deliberate";
/** One request: when it left (ms since the day began), scenario, status (0: none), ms, server. */
interface Sample {
  t: number;
  s: string;
  st: number;
  ms: number;
  srv: number;
  k: Kind;
  phase: Phase;
}
const samples: Sample[] = [];
const errorLog: { t: number; scenario: string; status: number; server: number; detail: string }[] =
  [];
/** Answers that came back as expected but said the wrong thing (a grade not read back). */
let checkFailures = 0;

function checkFailed(scenario: string, server: number, detail: string): never {
  checkFailures++;
  errorLog.push({ t: since(), scenario, status: -1, server, detail });
  log(`CHECK FAILED ${scenario}: ${detail}`);
  throw new CallFailed(detail);
}

/** Scenarios by family, for the tables: the family is the part before the colon. */
const familyOf = (scenario: string) => scenario.split(":")[0] as string;

class CallFailed extends Error {}

let servers: string[] = [];
let turn = 0;
/** The next server, as a round-robin load balancer picks it. */
const nextServer = () => turn++ % servers.length;

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses the flow expects (200 by default); anything else is an error. */
  expect?: number[];
  /** A 4xx the flow asks for on purpose (a wrong password): counted apart. */
  deliberate?: boolean;
  /** The server to use (an index), instead of the next in turn. */
  server?: number;
}

function record(
  scenario: string,
  status: number,
  ms: number,
  server: number,
  kind: Kind,
  t: number,
  detail = "",
) {
  // What a virtual user still sends after the day's end belongs to the drain.
  const at: Phase = phase === "day" && t >= dayMs ? "drain" : phase;
  samples.push({ t, s: scenario, st: status, ms, srv: server, k: kind, phase: at });
  if (kind === "error") {
    errorLog.push({ t, scenario, status, server, detail: detail.slice(0, 400) });
    if (errorLog.length <= 30)
      log(`ERROR ${scenario}: ${status} on server ${server + 1} ${detail}`);
  }
}

async function call(
  client: HttpClient,
  scenario: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  if (!dayOver && samples.length >= MAX_REQUESTS) {
    log("SOAK_MAX_REQUESTS reached: the day ends early");
    dayOver = true;
  }
  const server = options.server ?? nextServer();
  const t = since();
  const started = performance.now();
  let answer: Answer = { status: 0, json: undefined, headers: new Headers() };
  let detail = "";
  try {
    answer = await withTimeout(
      client
        .on(servers[server] as string)
        .request(method, path, options.body, options.headers ?? {}),
      REQUEST_LIMIT_MS,
    );
  } catch (error) {
    detail = error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - started;
  const expected = (options.expect ?? [200]).includes(answer.status);
  const kind: Kind = expected ? (options.deliberate ? "deliberate" : "ok") : "error";
  if (!expected && !detail)
    detail = `${method} ${path}: ${JSON.stringify(answer.json ?? "").slice(0, 300)}`;
  record(scenario, answer.status, ms, server, kind, t, detail);
  if (kind === "error") throw new CallFailed(`${scenario}: ${answer.status} ${detail}`);
  return answer;
}

/** GET /auth/session as the page shell asks it, which also gives the browser its CSRF token. */
async function sessionCheck(client: HttpClient) {
  const server = nextServer();
  const t = since();
  const started = performance.now();
  try {
    await withTimeout(client.on(servers[server] as string).refreshCsrf(), REQUEST_LIMIT_MS);
    record("sign-in: session check", 200, performance.now() - started, server, "ok", t);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    record("sign-in: session check", 0, performance.now() - started, server, "error", t, detail);
    throw new CallFailed(detail);
  }
}

const data = <T>(answer: Answer) => (answer.json as { data: T }).data;

// ───────────────────────── the demo world's people ─────────────────────────

interface Student {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  teacher: string;
  recordingClass: boolean;
  /** Right answers a submitted attempt showed, by question id. */
  known: Map<number, number>;
  sessions: number;
  /** No cold or hot read left to record. */
  recorded: boolean;
}

const plan = planWorld("demo");
const teacherNames = plan.users
  .filter((u) => u.role === "teacher" && plan.users.some((s) => s.teacherKey === `t:${u.username}`))
  .map((u) => u.username);
const students: Student[] = plan.users
  .filter((u) => u.role === "student" && teacherNames.includes(u.teacherKey?.slice(2) ?? ""))
  .map((u) => {
    const teacher = (u.teacherKey as string).slice(2);
    return {
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      password: u.password,
      teacher,
      recordingClass: DEMO_RECORDING_TEACHERS.includes(teacher),
      known: new Map(),
      sessions: 0,
      recorded: false,
    };
  });
const busy = new Set<Student>();

/** The classes in their reading period now: a third of the classes, in turn. */
function classesInSession(): string[] {
  const period = Math.min(PERIODS - 1, Math.floor((since() / dayMs) * PERIODS));
  return teacherNames.filter((_, i) => i % 3 === period % 3);
}

/** A student who is free, of the classes in session, who has read least today. */
function nextReader(): Student | undefined {
  const classes = classesInSession();
  const free = students.filter((s) => !busy.has(s) && classes.includes(s.teacher));
  const fewest = Math.min(...free.map((s) => s.sessions));
  const candidates = free.filter((s) => s.sessions === fewest);
  return candidates.length > 0 ? pick(candidates) : undefined;
}

function nextRecorder(): Student | undefined {
  const free = students.filter((s) => s.recordingClass && !s.recorded && !busy.has(s));
  const fewest = Math.min(...free.map((s) => s.sessions));
  const candidates = free.filter((s) => s.sessions === fewest);
  return candidates.length > 0 ? pick(candidates) : undefined;
}

// ───────────────────────── the student's pages ─────────────────────────

interface Progress {
  lessonid: number;
  readAlongs: number;
  readAlongsRequired: number;
  days: { day: number; attempts: number; percent: number | null; locked: string | null }[];
  extension: { state: string; locked: string | null };
  next: "read" | "done" | number;
}
interface Home {
  classOpen: boolean;
  continueLessonId: number | null;
  lessons: { lessonid: number }[];
  assignedLessons: { lessonid: number }[];
  progress: Progress[];
}
interface LessonRecordings {
  allowed: boolean;
  lyricsOnly: boolean;
  options: { cold_read: string; hot_read: string; benchmark: string };
}

/** The student login page: the session, the teacher's name (step 1), then the password. */
async function studentSignIn(student: Student, password = student.password): Promise<HttpClient> {
  const client = new HttpClient(servers[0] as string);
  await sessionCheck(client);
  const start = data<{ type: string; students?: { id: number; name: string }[] }>(
    await call(client, "sign-in: student teacher step", "POST", "/student/login", {
      body: { step: 1, teacher: student.teacher },
    }),
  );
  const tile = `${student.firstName} ${student.lastName.slice(0, 1)}`.trim();
  const tiles = (start.students ?? []).filter((s) => s.name === tile);
  const who =
    start.type === "select" && tiles.length === 1
      ? { type: "select", studentId: tiles[0]?.id }
      : { type: "input", student: student.username };
  const wrong = password !== student.password;
  await call(
    client,
    wrong ? "deliberate: wrong student password" : "sign-in: student password",
    "POST",
    "/student/login",
    {
      body: { step: 3, teacher: student.teacher, ...who, password },
      ...(wrong && { expect: [401], deliberate: true }),
    },
  );
  return client;
}

async function studentHome(client: HttpClient): Promise<Home> {
  return data<Home>(await call(client, "student: home", "GET", "/learning/home"));
}

/** The lesson player's read-along: the lesson, its track and timings, then the count. */
async function readAlong(client: HttpClient, lessonId: number) {
  await call(client, "student: lesson", "GET", `/service/objects/lesson/${lessonId}`);
  await call(client, "student: lesson track", "GET", `/media/lessons/${lessonId}/track`, {
    headers: { range: "bytes=0-" },
    expect: [200, 206],
  });
  await call(client, "student: word timings", "GET", `/media/lessons/${lessonId}/words.vtt`);
  await think(4, 10);
  await call(client, "student: heartbeat", "POST", "/student/heartbeat", {
    body: { lesson: lessonId, kind: "reading", seconds: randInt(30, 60) },
  });
  await call(client, "student: read-along", "POST", "/student/readAlong", {
    body: { lesson: lessonId, play: randomUUID() },
  });
}

interface ExamData {
  questions: { id: number; answers: { id: number }[] }[];
}

async function takeDay(client: HttpClient, student: Student, progress: Progress, day: number) {
  const lesson = progress.lessonid;
  const exam = (
    await call(client, "student: exam questions", "POST", "/student/examData", {
      body: { lesson, day, mode: "take" },
    })
  ).json as ExamData;
  await think(5, 12);
  await call(client, "student: heartbeat", "POST", "/student/heartbeat", {
    body: { lesson, kind: "comprehension", seconds: randInt(20, 60) },
  });
  const answers = exam.questions.map((q) => {
    const known = student.known.get(q.id);
    const answer = known !== undefined && Math.random() < 0.85 ? known : pick(q.answers).id;
    return { question: q.id, answer };
  });
  const attempts = progress.days.find((d) => d.day === day)?.attempts ?? 0;
  const submitted = (
    await call(client, "student: exam submit", "POST", "/student/examSubmit", {
      body: { lesson, day, attempt: attempts + 1, answers },
    })
  ).json as { results: { question: number; correctAnswer: number }[] };
  for (const r of submitted.results) student.known.set(r.question, r.correctAnswer);
}

async function writeExtension(client: HttpClient, lesson: number) {
  await call(client, "student: exam questions", "POST", "/student/examData", {
    body: { lesson, day: 4, mode: "take" },
  });
  const text = "The story was about friends who helped each other. I liked the ending because";
  await think(5, 10);
  await call(client, "student: extension draft", "POST", "/student/extensionDraft", {
    body: { lesson, text },
  });
  await think(3, 8);
  await call(client, "student: extension submit", "POST", "/student/extensionSubmit", {
    body: { lesson, text: `${text} everyone was happy.` },
  });
}

/** The lesson a student continues: the one the home offers, else the first not done. */
function lessonToWork(home: Home): Progress | undefined {
  const open = home.progress.filter((p) => p.next !== "done");
  return open.find((p) => p.lessonid === home.continueLessonId) ?? open[0];
}

/** One step of a lesson as its `next` says; false when nothing could be done. */
async function lessonStep(client: HttpClient, student: Student, progress: Progress) {
  const next = progress.next;
  if (next === "read" || progress.readAlongs < progress.readAlongsRequired) {
    await readAlong(client, progress.lessonid);
    return true;
  }
  if (typeof next === "number" && next >= 1 && next <= 3) {
    if (progress.days.find((d) => d.day === next)?.locked) return false;
    await takeDay(client, student, progress, next);
    return true;
  }
  if (next === 4 && progress.extension.locked === null) {
    await writeExtension(client, progress.lessonid);
    return true;
  }
  return false;
}

async function signOut(client: HttpClient, deliberateCheck: boolean) {
  await call(client, "sign-in: sign out", "POST", "/logout");
  // The tab left open after signing out: its next call is refused.
  if (deliberateCheck)
    await call(client, "deliberate: signed-out page", "GET", "/learning/home", {
      expect: [401],
      deliberate: true,
    });
}

/** A reader: one student after another, a few lesson steps each. */
async function reader() {
  while (!dayOver) {
    const student = nextReader();
    if (!student) {
      await think(2, 4);
      continue;
    }
    busy.add(student);
    student.sessions++;
    try {
      const client = await studentSignIn(student);
      let home = await studentHome(client);
      await call(client, "student: graded readings", "GET", "/student/recordings");
      if (!home.classOpen) throw new CallFailed(`${student.username}'s class is closed`);
      const steps = randInt(2, 5);
      for (let i = 0; i < steps && !dayOver; i++) {
        const progress = lessonToWork(home);
        if (!progress || !(await lessonStep(client, student, progress))) break;
        await think(2, 5);
        home = await studentHome(client);
      }
      await signOut(client, Math.random() < 0.15);
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      await think(3, 6);
    } finally {
      busy.delete(student);
    }
    await think(1, 4);
  }
}

// ───────────────────────── recordings ─────────────────────────

interface Clip {
  bytes: Buffer;
  type: string;
  seconds: number;
}
interface Upload {
  id: number;
  student: string;
  teacher: string;
  lessonId: number;
  classification: string;
  bytes: number;
  /** ms since the day began, at the last chunk's answer. */
  lastByteAt: number;
  status: string;
  /** Seconds from the row's creation (the last byte) to processed, by the database's clock. */
  processSeconds: number | null;
  gradedAt: number | null;
  feedback: string | null;
}
const uploads = new Map<number, Upload>();
let uploadStarts = 0;
let clips: { video: Clip[]; sound: Clip };
let nextUploadAt = 0;

/** Readings made as Chromium's MediaRecorder sends them: VP8/Opus WebM, noisy like a webcam. */
function makeClips() {
  const dir = mkdtempSync(join(tmpdir(), "refrain-soak-clips-"));
  const ff = (...args: string[]) =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  const video = (seconds: number, hz: number) => {
    const path = join(dir, `reading-${seconds}.webm`);
    ff(
      ...["-f", "lavfi", "-i", `testsrc2=size=640x360:rate=15:duration=${seconds}`],
      ...["-f", "lavfi", "-i", `sine=frequency=${hz}:duration=${seconds}`],
      ...["-vf", "noise=alls=12:allf=t", "-c:v", "libvpx", "-deadline", "realtime"],
      ...["-cpu-used", "8", "-b:v", "500k", "-c:a", "libopus", "-b:a", "48k", path],
    );
    return { bytes: readFileSync(path), type: "video/webm", seconds };
  };
  const soundPath = join(dir, "sound.webm");
  ff(
    ...["-f", "lavfi", "-i", "sine=frequency=300:duration=30"],
    ...["-c:a", "libopus", "-b:a", "48k", soundPath],
  );
  clips = {
    video: [video(20, 330), video(30, 392), video(45, 440)],
    sound: { bytes: readFileSync(soundPath), type: "audio/webm", seconds: 30 },
  };
  rmSync(dir, { recursive: true, force: true });
}

/** Waits for the next upload's turn: one every SOAK_UPLOAD_EVERY seconds or so, in all. */
async function uploadTurn(): Promise<boolean> {
  const now = since();
  const wait = Math.max(0, nextUploadAt - now);
  nextUploadAt = Math.max(now, nextUploadAt) + UPLOAD_EVERY_S * 1000 * between(0.7, 1.3);
  if (wait > 0) await sleep(Math.min(wait, Math.max(0, dayMs - since())));
  return !dayOver && uploadStarts < MAX_UPLOADS;
}

const TUS = { "tus-resumable": "1.0.0" };

/** A tus upload of `clip`: creation, then 2 MB chunks to alternating servers. */
async function uploadReading(
  client: HttpClient,
  student: Student,
  lessonId: number,
  classification: "cold_read" | "hot_read",
  clip: Clip,
) {
  uploadStarts++;
  const meta = { lessonId, classification, filetype: clip.type };
  const first = nextServer();
  const created = await call(client, "recording: upload create", "POST", RECORDING_UPLOAD_PATH, {
    server: first,
    expect: [201],
    headers: {
      ...TUS,
      "upload-length": String(clip.bytes.length),
      "upload-metadata": Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString("base64")}`)
        .join(","),
    },
  });
  const location = String(created.headers.get("location"));
  const path = location.startsWith("http") ? new URL(location).pathname : location;
  // At least two chunks, so every upload changes server half-way.
  const chunk = Math.min(CHUNK_BYTES, Math.ceil(clip.bytes.length / 2));
  let server = first;
  let last: Answer | undefined;
  for (let offset = 0; offset < clip.bytes.length; offset += chunk) {
    server = (server + 1) % servers.length;
    const end = Math.min(clip.bytes.length, offset + chunk);
    if (offset > 0 && Math.random() < 0.25) {
      // A client that lost its connection asks where the upload stands before going on.
      const head = await call(client, "recording: upload offset", "HEAD", path, {
        server,
        headers: TUS,
      });
      const at = Number(head.headers.get("upload-offset"));
      if (at !== offset)
        checkFailed("recording: upload offset", server, `offset ${at}, sent ${offset}`);
    }
    last = await call(
      client,
      end === clip.bytes.length ? "recording: upload last chunk" : "recording: upload chunk",
      "PATCH",
      path,
      {
        server,
        expect: [204],
        body: clip.bytes.subarray(offset, end),
        headers: {
          ...TUS,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
      },
    );
  }
  const id = Number(last?.headers.get("recording-id"));
  if (!(id > 0)) checkFailed("recording: upload last chunk", server, "no Recording-Id");
  uploads.set(id, {
    id,
    student: student.username,
    teacher: student.teacher,
    lessonId,
    classification,
    bytes: clip.bytes.length,
    lastByteAt: since(),
    status: "queued",
    processSeconds: null,
    gradedAt: null,
    feedback: null,
  });
  return id;
}

async function recordingOptions(client: HttpClient, lessonId: number) {
  return data<LessonRecordings>(
    await call(client, "recording: options", "GET", `/student/recordings/${lessonId}`),
  );
}

/** A recorder: a cold read, three read-alongs, a hot read, one student after another. */
async function recorder() {
  while (!dayOver && uploadStarts < MAX_UPLOADS) {
    const student = nextRecorder();
    if (!student) {
      await think(5, 10);
      continue;
    }
    busy.add(student);
    student.sessions++;
    try {
      const client = await studentSignIn(student);
      const home = await studentHome(client);
      const fresh = home.progress.filter((p) => p.readAlongs === 0);
      const practised = home.progress.filter((p) => p.readAlongs >= 3);
      let cold: { lesson: number; options: LessonRecordings } | undefined;
      for (const p of fresh.slice(0, 4)) {
        const options = await recordingOptions(client, p.lessonid);
        if (options.allowed && options.options.cold_read === "available") {
          cold = { lesson: p.lessonid, options };
          break;
        }
      }
      const clipOf = (o: LessonRecordings) => (o.lyricsOnly ? clips.sound : pick(clips.video));
      let lessonForHot: number | undefined;
      if (cold) {
        if (!(await uploadTurn())) break;
        await uploadReading(client, student, cold.lesson, "cold_read", clipOf(cold.options));
        await recordingOptions(client, cold.lesson);
        for (let i = 0; i < 3 && !dayOver; i++) {
          await readAlong(client, cold.lesson);
          await think(1, 3);
        }
        lessonForHot = cold.lesson;
      }
      let hot = false;
      const hotCandidates =
        lessonForHot === undefined ? practised.slice(0, 3).map((p) => p.lessonid) : [lessonForHot];
      for (const lesson of hotCandidates) {
        if (dayOver) break;
        const options = await recordingOptions(client, lesson);
        if (!options.allowed || options.options.hot_read !== "available") continue;
        if (await uploadTurn()) {
          await uploadReading(client, student, lesson, "hot_read", clipOf(options));
          await recordingOptions(client, lesson);
          hot = true;
        }
        break;
      }
      if (!cold && !hot) student.recorded = true;
      await studentHome(client);
      await signOut(client, false);
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      await think(3, 6);
    } finally {
      busy.delete(student);
    }
  }
}

// ───────────────────────── adults ─────────────────────────

interface Me {
  id: number;
  schoolId: number | null;
  districtId: number | null;
}

async function adultSignIn(login: string): Promise<{ client: HttpClient; me: Me }> {
  const client = new HttpClient(servers[0] as string);
  await sessionCheck(client);
  await call(client, "sign-in: adult password", "POST", "/login", {
    body: { login, password: DEMO_ADULT_PASSWORD },
  });
  const session = (await call(client, "sign-in: who am I", "GET", "/auth/session")).json as {
    user: Me;
  };
  return { client, me: session.user };
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The teacher's reports, one per turn, in the order a teacher opens them. */
function teacherReports(client: HttpClient, me: Me, studentIds: number[]) {
  const someone = () => pick(studentIds);
  const month = `start_date=${daysAgo(30)}&end_date=${today()}`;
  const reports: (() => Promise<unknown>)[] = [
    () =>
      call(
        client,
        "reports: class summary",
        "GET",
        `/teacher/${me.id}/dashboard/class_summary?${month}`,
      ),
    () =>
      call(
        client,
        "reports: class summary of a student",
        "GET",
        `/teacher/${me.id}/dashboard/class_summary?student_id=${someone()}`,
      ),
    () =>
      call(
        client,
        "reports: detailed report",
        "POST",
        `/teacher/reports/detailed/${someone()}/data`,
        {
          body: { verb: "view", type: "lessons" },
        },
      ),
    () =>
      call(
        client,
        "reports: graph of the class",
        "GET",
        `/teacher/reports/graph?type=${pick(["fluency_cold_hot", "quiz_complete"])}&aggregate_type=class`,
      ),
    () =>
      call(
        client,
        "reports: graph of a student",
        "GET",
        `/teacher/reports/graph?type=${pick(["fluency", "fluency_benchmark"])}&student_id=${someone()}`,
      ),
    () =>
      call(client, "reports: scores by story", "GET", `/teacher/reports/scores_by_story?${month}`),
    () =>
      call(
        client,
        "reports: seven-day table",
        "GET",
        `/teacher/reports/seven_day/overall/rows?start_date=${daysAgo(6)}&end_date=${today()}`,
      ),
    () =>
      call(
        client,
        "reports: conference summary",
        "GET",
        `/teacher/reports/conference/${someone()}?${month}`,
      ),
  ];
  let i = randInt(0, reports.length - 1);
  let turns = 0;
  return async () => {
    turns++;
    // Now and then a printed report for a parents' conference.
    if (turns % 12 === 0)
      return call(client, "reports: report PDF", "POST", `/teacher/reports/pdf/${someone()}`, {
        body: { start_date: daysAgo(90), end_date: today() },
      });
    return (reports[i++ % reports.length] as () => Promise<unknown>)();
  };
}

interface RecordingRow {
  id: number;
  status: string;
  graded_at: string | null;
}
interface ReadingSet {
  selected: string;
  entries: Record<
    string,
    {
      url: string | null;
      thumbnail_url: string | null;
      grade: { feedback: string } | null;
    }
  >;
  words: { id: number }[];
}

/** Opens, watches and grades one reading; the grade is read back from the other server. */
async function grade(client: HttpClient, upload: Upload) {
  const set = data<ReadingSet>(
    await call(client, "grading: reading", "GET", `/teacher/recordings/${upload.id}`),
  );
  const entry = set.entries[set.selected];
  await call(
    client,
    "grading: video",
    "GET",
    entry?.url ?? `/media/recordings/${upload.id}/video`,
    {
      headers: { range: "bytes=0-" },
      expect: [200, 206],
    },
  );
  if (entry?.thumbnail_url) await call(client, "grading: thumbnail", "GET", entry.thumbnail_url);
  await think(4, 10);
  const missed =
    set.words.length === 0 ? [] : Array.from({ length: randInt(0, 3) }, () => pick(set.words).id);
  const selectedWordIds = [...new Set(missed)];
  const feedback = `Soak reading ${upload.id}: smooth and clear, watch the long words.`;
  const server = nextServer();
  await call(client, "grading: grade", "POST", `/teacher/recordings/${upload.id}/grade`, {
    server,
    body: {
      accuracy: -selectedWordIds.length,
      expression: randInt(2, 5),
      feedback,
      selectedWordIds,
      wpm: randInt(40, 140),
    },
  });
  const back = data<ReadingSet>(
    await call(client, "grading: reading", "GET", `/teacher/recordings/${upload.id}`, {
      server: (server + 1) % servers.length,
    }),
  );
  if (back.entries[back.selected]?.grade?.feedback !== feedback)
    checkFailed("grading: grade", server, `the grade of ${upload.id} did not read back`);
  upload.gradedAt = since();
  upload.feedback = feedback;
  await call(client, "grading: heartbeat", "POST", "/teacher/heartbeat", {
    body: { seconds: randInt(20, 60) },
  });
}

const ungraded = (teacher: string) =>
  [...uploads.values()].filter((u) => u.teacher === teacher && u.gradedAt === null);
/** The students' browsers have all left: no reading will come any more. */
let studentsGone = false;

/**
 * A recording class's teacher: new readings graded as they come, reports in between; after the
 * day, grading only, until every reading of the class is graded (or SOAK_DRAIN_SECONDS).
 */
async function teacher(login: string) {
  let signedIn: { client: HttpClient; me: Me } | undefined;
  let report: (() => Promise<unknown>) | undefined;
  const done = () =>
    dayOver && ((studentsGone && ungraded(login).length === 0) || since() > dayMs + DRAIN_S * 1000);
  while (!done()) {
    try {
      if (!signedIn) {
        signedIn = await adultSignIn(login);
        const list = data<{ id: number }[]>(
          await call(
            signedIn.client,
            "reports: student list",
            "GET",
            `/teacher/reports/criteria/student_list/${signedIn.me.id}`,
          ),
        );
        report = teacherReports(
          signedIn.client,
          signedIn.me,
          list.map((s) => s.id),
        );
      }
      const { client } = signedIn;
      await call(client, "grading: overview", "GET", "/teacher/fluency/overview");
      const rows = data<{ recordings: RecordingRow[] }[]>(
        await call(
          client,
          "grading: new readings",
          "GET",
          "/teacher/recordings/by_student?type=new",
        ),
      ).flatMap((s) => s.recordings);
      const ready = rows
        .map((r) => ({ row: r, upload: uploads.get(r.id) }))
        .filter((r) => r.upload && r.upload.gradedAt === null && r.row.status === "complete");
      for (const { upload } of ready.slice(0, dayOver ? 10 : 2))
        if (upload && !done()) await grade(client, upload);
      if (!dayOver && report) await report();
      await think(dayOver ? 2 : 6, dayOver ? 4 : 14);
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      await think(3, 6);
    }
  }
}

/** The small classes' teachers, one browser going from one to the next: reports only. */
async function otherTeachers(logins: string[]) {
  const signed = new Map<string, () => Promise<unknown>>();
  let i = 0;
  while (!dayOver) {
    const login = logins[i++ % logins.length] as string;
    try {
      let report = signed.get(login);
      if (!report) {
        const { client, me } = await adultSignIn(login);
        const list = data<{ id: number }[]>(
          await call(
            client,
            "reports: student list",
            "GET",
            `/teacher/reports/criteria/student_list/${me.id}`,
          ),
        );
        report = teacherReports(
          client,
          me,
          list.map((s) => s.id),
        );
        signed.set(login, report);
      }
      await report();
      await think(2, 5);
      await report();
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await think(8, 16);
  }
}

async function schoolAdmin() {
  const { client, me } = await adultSignIn("principal.hughes");
  const teachers = data<{ teachers: { userid: number }[] }>(
    await call(client, "admin: school teachers", "GET", "/school/admin/teachers_json"),
  ).teachers;
  const pages: (() => Promise<unknown>)[] = [
    () => call(client, "admin: school teachers", "GET", "/school/admin/teachers_json"),
    () =>
      call(
        client,
        "admin: report criteria teachers",
        "GET",
        `/teacher/reports/criteria/admin_teachers/${me.id}`,
      ),
    () =>
      call(client, "admin: school usage", "GET", `/district_admin/school_breakdown/${me.schoolId}`),
    () =>
      call(
        client,
        "admin: graph of the school",
        "GET",
        `/teacher/reports/graph?type=${pick(["fluency", "quiz_complete"])}&aggregate_type=school`,
      ),
    () =>
      call(
        client,
        "admin: graph of a class",
        "GET",
        `/teacher/reports/graph?type=fluency_cold_hot&aggregate_type=class&teacher_id=${pick(teachers).userid}`,
      ),
  ];
  await adminLoop(pages);
}

async function districtAdmin() {
  const { client, me } = await adultSignIn("dr.santos");
  const schools = data<{ schools: { id: number }[] }>(
    await call(
      client,
      "admin: district schools",
      "GET",
      `/district_admin/school_list/${me.districtId}`,
    ),
  ).schools;
  const pages: (() => Promise<unknown>)[] = [
    () =>
      call(
        client,
        "admin: district schools",
        "GET",
        `/district_admin/school_list/${me.districtId}`,
      ),
    () =>
      call(
        client,
        "admin: school usage",
        "GET",
        `/district_admin/school_breakdown/${pick(schools).id}`,
      ),
    () =>
      call(
        client,
        "admin: graph of the district",
        "GET",
        `/teacher/reports/graph?type=${pick(["fluency", "fluency_benchmark", "quiz_complete"])}&aggregate_type=district`,
      ),
    () =>
      call(
        client,
        "admin: graph of the school",
        "GET",
        `/teacher/reports/graph?type=fluency&aggregate_type=school&school_id=${pick(schools).id}`,
      ),
    () =>
      call(client, "admin: district search", "POST", "/district_admin/search_postback", {
        body: pick([
          { role: "teacher", q: pick(["ms", "mr", "rivera", "chen"]) },
          { role: "student", q: pick(["an", "el", "ma", "jo"]) },
        ]),
      }),
    () =>
      call(
        client,
        "admin: report criteria teachers",
        "GET",
        `/teacher/reports/criteria/admin_teachers/${me.id}?school_id=${pick(schools).id}`,
      ),
  ];
  await adminLoop(pages);
}

async function adminLoop(pages: (() => Promise<unknown>)[]) {
  let i = randInt(0, pages.length - 1);
  while (!dayOver) {
    try {
      await (pages[i++ % pages.length] as () => Promise<unknown>)();
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await think(6, 16);
  }
}

/** A long pause that ends with the day (nothing is sent after it). */
async function pause(minS: number, maxS: number) {
  const until = since() + between(minS, maxS) * 1000 * THINK_SCALE;
  while (!dayOver && since() < until) await sleep(Math.min(1000, until - since()));
}

/** Typos: a wrong password about once a minute, an adult's or a student's. */
async function typos(adults: string[]) {
  await pause(20, 40);
  while (!dayOver) {
    try {
      if (Math.random() < 0.5) {
        const client = new HttpClient(servers[0] as string);
        await call(client, "deliberate: wrong adult password", "POST", "/login", {
          body: { login: pick(adults), password: "refrain-demo-typo" },
          expect: [401],
          deliberate: true,
        });
      } else {
        const student = pick(students);
        await studentSignIn(student, `${student.password}x`);
      }
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await pause(40, 80);
  }
}

// ───────────────────────── processes ─────────────────────────

interface ProcSample {
  t: number;
  /** kB of VmRSS (PostgreSQL: the sum over its processes), PSS for PostgreSQL, CPU ticks. */
  procs: Record<string, { rss: number; pss?: number; cpu: number; count?: number }>;
  load: number;
}
const procSamples: ProcSample[] = [];

function statusKb(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU of a process's ended children it waited for (the worker's ffmpeg), in clock ticks. */
function childTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

function pssKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    return Number(rollup.match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The s3rver process the cluster started: a child of this one running s3rver. */
function s3rverPid(): number | undefined {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes("s3rver")) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

function sampleProcesses(cluster: Cluster, s3Pid: number | undefined) {
  const procs: ProcSample["procs"] = {};
  for (const p of [...cluster.servers, ...cluster.workers]) {
    const pid = p.child.pid as number;
    procs[p.name] = { rss: statusKb(pid, "VmRSS"), cpu: cpuTicks(pid) + childTicks(pid) };
  }
  const pids = postgresPids(PG_DIR);
  procs.postgresql = {
    rss: pids.reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0),
    pss: pids.reduce((sum, pid) => sum + pssKb(pid), 0),
    cpu: pids.reduce((sum, pid) => sum + cpuTicks(pid), 0),
    count: pids.length,
  };
  if (s3Pid) procs.s3rver = { rss: statusKb(s3Pid, "VmRSS"), cpu: cpuTicks(s3Pid) };
  procs.bench = { rss: Math.round(process.memoryUsage().rss / 1024), cpu: cpuTicks(process.pid) };
  const load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  procSamples.push({ t: since(), procs, load });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  await once(probe, "close");
  if (address === null || typeof address === "string") throw new Error("No port was given");
  return address.port;
}

// ───────────────────────── inside the processes: heap and event loop ─────────────────────────

/** The scrape token the processes are started with (GET /metrics/scrape, Prometheus's format). */
const METRICS_TOKEN = randomBytes(24).toString("hex");
/** Per process: V8's heap in use (MB) and the event loop's delay since the last scrape (ms). */
interface InsideSample {
  t: number;
  procs: Record<string, { heapMb: number; loopMaxMs: number; loopP99Ms: number; gcMs: number }>;
}
const insideSamples: InsideSample[] = [];
/** This process's own event loop: a stall here would show as latency of every request. */
const benchLoop = monitorEventLoopDelay({ resolution: 10 });

function metricOf(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split("\n"))
    if (line.startsWith(name) && (line[name.length] === " " || line[name.length] === "{"))
      sum += Number(line.slice(line.lastIndexOf(" ") + 1));
  return sum;
}

async function sampleInside(targets: { name: string; url: string }[]) {
  const procs: InsideSample["procs"] = {};
  await Promise.all(
    targets.map(async ({ name, url }) => {
      try {
        const answer = await withTimeout(
          fetch(`${url}/metrics/scrape`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
          5000,
        );
        const text = await answer.text();
        procs[name] = {
          heapMb: metricOf(text, "refrain_nodejs_heap_size_used_bytes") / 1048576,
          loopMaxMs: metricOf(text, "refrain_nodejs_eventloop_lag_max_seconds") * 1000,
          loopP99Ms: metricOf(text, "refrain_nodejs_eventloop_lag_p99_seconds") * 1000,
          gcMs: metricOf(text, "refrain_nodejs_gc_duration_seconds_sum") * 1000,
        };
      } catch {
        // A scrape that does not answer within 5 s is left out; the requests show the stall.
      }
    }),
  );
  const heap = process.memoryUsage().heapUsed / 1048576;
  procs.bench = {
    heapMb: heap,
    loopMaxMs: benchLoop.max / 1e6,
    loopP99Ms: benchLoop.percentile(99) / 1e6,
    gcMs: 0,
  };
  benchLoop.reset();
  insideSamples.push({ t: since(), procs });
}

// ───────────────────────── the day's uploads, followed in the database ─────────────────────────

async function followUploads(db: pg.Pool) {
  const open = [...uploads.values()].filter(
    (u) => u.status !== "complete" && u.status !== "failed",
  );
  if (open.length === 0) return;
  const { rows } = await db.query<{ id: number; status: string; seconds: number | null }>(
    `select id, status, extract(epoch from processed_at - created_at)::float8 as seconds
     from recordings where id = any($1)`,
    [open.map((u) => u.id)],
  );
  for (const row of rows) {
    const upload = uploads.get(row.id);
    if (!upload) continue;
    upload.status = row.status;
    if (row.status === "complete" || row.status === "failed") upload.processSeconds = row.seconds;
    if (row.status === "failed") log(`recording ${row.id} FAILED`);
  }
}

// ───────────────────────── the report ─────────────────────────

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Stats {
  n: number;
  errors: number;
  deliberate: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

function stats(list: Sample[]): Stats {
  const timed = list.filter((s) => s.k !== "error").map((s) => s.ms);
  timed.sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    n: list.length,
    errors: list.filter((s) => s.k === "error").length,
    deliberate: list.filter((s) => s.k === "deliberate").length,
    p50: round(percentile(timed, 50)),
    p99: round(percentile(timed, 99)),
    max: round(timed.at(-1) ?? null),
  };
}

interface Window {
  label: string;
  from: number;
  to: number;
}

function windowsOf(): { baseline: Window; later: Window[] } {
  const baseline = {
    label: `${WARMUP_MIN}–${Math.min(MINUTES, WARMUP_MIN + WINDOW_MIN)} min`,
    from: WARMUP_MIN,
    to: Math.min(MINUTES, WARMUP_MIN + WINDOW_MIN),
  };
  const later: Window[] = [];
  for (let from = baseline.to; from < MINUTES; from += WINDOW_MIN) {
    const to = Math.min(MINUTES, from + WINDOW_MIN);
    later.push({ label: `${from}–${to}`, from, to });
  }
  return { baseline, later };
}

const inWindow = (w: Window) => (s: Sample) =>
  s.phase === "day" && s.t >= w.from * 60_000 && s.t < w.to * 60_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};
const fmt = (v: number | null | undefined, digits = 0) =>
  v === null || v === undefined
    ? "—"
    : v.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

interface Verification {
  uploads: number;
  complete: number;
  failed: number;
  notComplete: number[];
  graded: number;
  ungraded: number[];
  gradesReadOnBothServers: number;
  gradesNotRead: number[];
  jobsFailed: number;
  jobsRetried: number;
  comparisons: { made: number; complete: number };
  uploadsLeftOpen: number;
}

function report(
  verification: Verification,
  info: { setupSeconds: number; postgres: string; startedAt: string },
) {
  const day = samples.filter((s) => s.phase === "day");
  const { baseline, later } = windowsOf();
  const scenarios = [...new Set(day.map((s) => s.s))].sort();
  const families = [...new Set(scenarios.map(familyOf))];
  // Each scenario, then each family as a whole (whose windows hold enough requests to judge).
  const rows = [
    ...scenarios.map((scenario) => ({ label: scenario, of: (s: Sample) => s.s === scenario })),
    ...families.map((family) => ({
      label: `all ${family}`,
      of: (s: Sample) => familyOf(s.s) === family,
    })),
  ];
  const perScenario = rows.map(({ label: scenario, of }) => {
    const mine = day.filter(of);
    const base = stats(mine.filter(inWindow(baseline)));
    const windows = later.map((w) => stats(mine.filter(inWindow(w))));
    const worstOf = (min: number) =>
      windows
        .filter((w) => w.n >= min && w.p99 !== null)
        .reduce<Stats | undefined>(
          (a, b) => (a === undefined || (b.p99 ?? 0) > (a.p99 ?? 0) ? b : a),
          undefined,
        );
    const ratioOf = (min: number) => {
      const worst = worstOf(min);
      return base.n >= min && base.p99 && worst?.p99
        ? Math.round((worst.p99 / base.p99) * 100) / 100
        : null;
    };
    return {
      scenario,
      all: stats(mine),
      baseline: base,
      windows,
      worst: base.n >= MIN_JUDGED && worstOf(MIN_JUDGED) ? worstOf(MIN_JUDGED) : worstOf(MIN_SHOWN),
      ratio: ratioOf(MIN_SHOWN),
      judgedRatio: ratioOf(MIN_JUDGED),
    };
  });
  const minutes = Array.from({ length: Math.ceil(MINUTES) }, (_, m) => {
    const inMinute = day.filter((s) => s.t >= m * 60_000 && s.t < (m + 1) * 60_000);
    return {
      minute: m,
      all: stats(inMinute),
      families: Object.fromEntries(
        families.map((f) => [f, stats(inMinute.filter((s) => familyOf(s.s) === f))]),
      ),
      scenarios: Object.fromEntries(
        scenarios.map((sc) => [sc, stats(inMinute.filter((s) => s.s === sc))]),
      ),
    };
  });

  // Memory: the median of the samples in the two minutes after the warm-up against the median
  // of the last two minutes of the day; the peak after the warm-up; the trend as a line fit.
  const daySamples = procSamples.filter((p) => p.t <= dayMs + 1000);
  const names = Object.keys(procSamples[0]?.procs ?? {});
  const memOf = (p: ProcSample, name: string) => {
    const proc = p.procs[name];
    return proc ? (proc.pss ?? proc.rss) : 0;
  };
  const afterWarmup = daySamples.filter((p) => p.t >= WARMUP_MIN * 60_000);
  const memory = names.map((name) => {
    const start = median(
      afterWarmup.filter((p) => p.t <= (WARMUP_MIN + 2) * 60_000).map((p) => memOf(p, name)),
    );
    const end = median(
      daySamples.filter((p) => p.t >= dayMs - 2 * 60_000).map((p) => memOf(p, name)),
    );
    const peak = Math.max(...afterWarmup.map((p) => memOf(p, name)));
    const xs = afterWarmup.map((p) => p.t / 3_600_000);
    const ys = afterWarmup.map((p) => memOf(p, name) / 1024);
    const mx = xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
    const my = ys.reduce((a, b) => a + b, 0) / (ys.length || 1);
    const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    const slope =
      sxx > 0 ? xs.reduce((a, x, i) => a + (x - mx) * ((ys[i] as number) - my), 0) / sxx : 0;
    const first = daySamples[0];
    const lastSample = daySamples.at(-1);
    const cpuSeconds =
      first && lastSample
        ? ((lastSample.procs[name]?.cpu ?? 0) - (first.procs[name]?.cpu ?? 0)) * TICK_S
        : 0;
    const heaps = insideSamples.filter((p) => p.t >= WARMUP_MIN * 60_000 && p.t <= dayMs + 1000);
    const heapOf = (list: InsideSample[]) => {
      const values = list.map((p) => p.procs[name]?.heapMb).filter((v) => v !== undefined);
      return values.length === 0 ? null : median(values);
    };
    return {
      name,
      measure: name === "postgresql" ? "PSS (sum)" : "RSS",
      heapStartMb: heapOf(heaps.filter((p) => p.t <= (WARMUP_MIN + 2) * 60_000)),
      heapEndMb: heapOf(heaps.filter((p) => p.t >= dayMs - 2 * 60_000)),
      startKb: start,
      endKb: end,
      peakKb: peak,
      growth: start > 0 ? end / start - 1 : 0,
      slopeMbPerHour: Math.round(slope * 10) / 10,
      cpuSeconds: Math.round(cpuSeconds * 10) / 10,
      rssSumEndKb: name === "postgresql" ? (lastSample?.procs[name]?.rss ?? 0) : undefined,
      processesEnd: lastSample?.procs[name]?.count,
    };
  });
  const loopNames = Object.keys(insideSamples[0]?.procs ?? {});
  const productNames = names.filter(
    (n) => n.startsWith("server") || n.startsWith("worker") || n === "postgresql",
  );
  const product = memory.filter(
    (m) => m.name.startsWith("server") || m.name.startsWith("worker") || m.name === "postgresql",
  );

  const errors = samples.filter((s) => s.k === "error").length + checkFailures;
  const deliberate = samples.filter((s) => s.k === "deliberate");
  const unexpected4xx = samples.filter((s) => s.k === "error" && s.st >= 400 && s.st < 500).length;
  const fivexx = samples.filter((s) => s.st >= 500).length;
  const noAnswer = samples.filter((s) => s.st === 0).length;
  const measured = perScenario.filter((p) => !p.scenario.includes("deliberate"));
  const judged = measured.filter((p) => p.judgedRatio !== null);
  const slow = judged.filter((p) => (p.judgedRatio ?? 0) > GOALS.p99Ratio);
  const slowFew = measured.filter(
    (p) => p.judgedRatio === null && p.ratio !== null && p.ratio > GOALS.p99Ratio,
  );
  const grown = product.filter((m) => m.growth > GOALS.memoryGrowth);
  const lost =
    verification.notComplete.length +
    verification.ungraded.length +
    verification.gradesNotRead.length +
    verification.failed;
  const processTimes = [...uploads.values()]
    .map((u) => u.processSeconds)
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b);
  const goals = [
    {
      goal: "0 errors other than deliberate 4xx",
      result: `${errors} errors (${fivexx} 5xx, ${unexpected4xx} unexpected 4xx, ${noAnswer} without an answer, ${checkFailures} wrong answers) in ${samples.length.toLocaleString("en-US")} requests; ${deliberate.length} deliberate 4xx`,
      met: errors === 0,
    },
    {
      goal: `p99 of every scenario within ${GOALS.p99Ratio}× its p99 in the first ${WINDOW_MIN} minutes`,
      result:
        later.length === 0
          ? "no later window to compare"
          : `${judged.length} scenarios and families with ≥ ${MIN_JUDGED} requests in the baseline and a window: worst ${Math.max(0, ...judged.map((p) => p.judgedRatio ?? 0)).toFixed(2)}×${
              slow.length > 0
                ? `, over: ${slow.map((p) => `${p.scenario} ${p.judgedRatio}×`).join(", ")}`
                : ""
            }. Fewer requests (unjudged): ${
              slowFew.length === 0
                ? `none over ${GOALS.p99Ratio}×`
                : `${slowFew.length} over ${GOALS.p99Ratio}×: ${slowFew.map((p) => `${p.scenario} ${p.ratio}×`).join(", ")}`
            }`,
      met: later.length === 0 ? null : slow.length === 0,
    },
    {
      goal: `memory flat within ${GOALS.memoryGrowth * 100} % after the warm-up`,
      result: product
        .map((m) => `${m.name} ${m.growth >= 0 ? "+" : ""}${(m.growth * 100).toFixed(1)} %`)
        .join(", "),
      met: grown.length === 0,
    },
    {
      goal: "nothing lost: every reading processed, graded, its grade readable on both servers",
      result: `${verification.uploads} uploaded, ${verification.complete} complete, ${verification.failed} failed, ${verification.graded} graded, ${verification.gradesReadOnBothServers} read back on both servers`,
      met: lost === 0 && verification.uploads > 0,
    },
  ];

  const lines: string[] = [];
  const requestsPerSecond = day.length / (MINUTES * 60);
  lines.push(
    `## Soak ${info.startedAt}: ${MINUTES} min, two app servers and a worker`,
    "",
    `PostgreSQL ${info.postgres} (fsync off, as scripts/local-postgres.sh starts it), s3rver, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${fmt(
      Math.min(...procSamples.map((p) => p.load)),
      1,
    )}–${fmt(Math.max(...procSamples.map((p) => p.load)), 1)} during the day; setup ${fmt(info.setupSeconds)} s.`,
    `Virtual users: ${READERS} readers, ${RECORDERS} recorders (an upload every ~${UPLOAD_EVERY_S} s), ${DEMO_RECORDING_TEACHERS.length} grading teachers, 1 browser for the other teachers' reports, 2 admins, 1 typist of wrong passwords.`,
    "",
    `**${day.length.toLocaleString("en-US")} requests in the day** (${requestsPerSecond.toFixed(1)}/s), ${samples.length - day.length} more while draining and verifying; error rate ${((100 * errors) / Math.max(1, samples.length)).toFixed(3)} % (${errors}); deliberate 4xx ${deliberate.length}.`,
    "",
    "### Goals",
    "",
    "| goal | result | |",
    "|---|---|---|",
    ...goals.map(
      (g) =>
        `| ${g.goal} | ${g.result} | ${g.met === null ? "not judged" : g.met ? "met" : "**not met**"} |`,
    ),
    "",
    `### Latency per scenario (ms): the first ${WINDOW_MIN} minutes after the warm-up against each later window`,
    "",
    `p99 per window (with its number of requests when under ${MIN_SHOWN}); "worst" is the highest later p99 of a window with ≥ ${MIN_SHOWN} requests and "ratio" its ratio to the baseline's p99, marked "few" unless the baseline and the windows compared hold ≥ ${MIN_JUDGED} requests (the goal judges those). Errors are left out of the times.`,
    "",
    `| scenario | requests | baseline ${baseline.label}: n, p50 / p99 | ${later.map((w) => `${w.label} p99 | `).join("")}worst p99 | ratio |`,
    `|---|---:|---:|${later.map(() => "---:|").join("")}---:|---:|`,
    ...perScenario.map(
      (p) =>
        `| ${p.scenario.startsWith("all ") ? `**${p.scenario}**` : p.scenario} | ${p.all.n} | ${p.baseline.n}: ${fmt(p.baseline.p50)} / ${fmt(p.baseline.p99)} | ${p.windows
          .map(
            (w) => `${w.n === 0 ? "—" : `${fmt(w.p99)}${w.n < MIN_SHOWN ? ` (${w.n})` : ""}`} | `,
          )
          .join("")}${fmt(p.worst?.p99)} | ${
          p.judgedRatio !== null
            ? `${p.judgedRatio.toFixed(2)}×`
            : p.ratio === null
              ? "—"
              : `${p.ratio.toFixed(2)}× (few)`
        } |`,
    ),
    "",
    "### Per minute: requests, errors, p50 / p99 (ms) by family, memory (MB) at the minute's end",
    "",
    `| min | requests | errors | ${families.map((f) => `${f} p50 / p99 | `).join("")}${productNames.join(" | ")} | event loop's longest delay (ms): ${loopNames.join(" / ")} |`,
    `|---:|---:|---:|${families.map(() => "---:|").join("")}${productNames.map(() => "---:|").join("")}---:|`,
    ...minutes.map((m) => {
      const at = procSamples.filter((p) => p.t <= (m.minute + 1) * 60_000).at(-1);
      return `| ${m.minute} | ${m.all.n} | ${m.all.errors} | ${families
        .map((f) => {
          const s = m.families[f] as Stats;
          return `${s.n === 0 ? "—" : `${fmt(s.p50)} / ${fmt(s.p99)}`} | `;
        })
        .join(
          "",
        )}${productNames.map((n) => fmt(at ? memOf(at, n) / 1024 : null)).join(" | ")} | ${loopNames
        .map((n) => {
          const inMinute = insideSamples
            .filter((p) => p.t > m.minute * 60_000 && p.t <= (m.minute + 1) * 60_000)
            .map((p) => p.procs[n]?.loopMaxMs)
            .filter((v) => v !== undefined);
          return inMinute.length === 0 ? "—" : fmt(Math.max(...inMinute));
        })
        .join(" / ")} |`;
    }),
    "",
    `### Memory (MB) and CPU: median of the two minutes after the ${WARMUP_MIN}-minute warm-up against the last two minutes of the day`,
    "",
    "| process | measure | after warm-up | end | growth | peak | trend | V8 heap used, after warm-up → end | CPU s in the day (with its ended children) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...memory.map(
      (m) =>
        `| ${m.name} | ${m.measure} | ${fmt(m.startKb / 1024)} | ${fmt(m.endKb / 1024)} | ${m.growth >= 0 ? "+" : ""}${(m.growth * 100).toFixed(1)} % | ${fmt(m.peakKb / 1024)} | ${m.slopeMbPerHour >= 0 ? "+" : ""}${m.slopeMbPerHour} MB/h | ${m.heapStartMb === null ? "—" : `${fmt(m.heapStartMb)} → ${fmt(m.heapEndMb)}`} | ${m.cpuSeconds} |`,
    ),
    "",
    `PostgreSQL's RSS summed over its ${memory.find((m) => m.name === "postgresql")?.processesEnd ?? "?"} processes at the end: ${fmt((memory.find((m) => m.name === "postgresql")?.rssSumEndKb ?? 0) / 1024)} MB (shared buffers counted once per backend that touched them). s3rver and the bench are not the product.`,
    "",
    "### Recordings",
    "",
    `${verification.uploads} uploaded (${uploadStarts} begun), ${verification.complete} processed complete, ${verification.failed} failed, ${verification.graded} graded, ${verification.gradesReadOnBothServers} grades read back on both servers; ${verification.comparisons.made} cold/hot comparisons made by the worker (${verification.comparisons.complete} complete); recording-process jobs failed ${verification.jobsFailed}, retried ${verification.jobsRetried}; unfinished tus uploads left ${verification.uploadsLeftOpen}.`,
    `Last byte to processed (the database's clock): p50 ${fmt(percentile(processTimes, 50), 1)} s, p99 ${fmt(percentile(processTimes, 99), 1)} s, max ${fmt(processTimes.at(-1), 1)} s.`,
    ...(verification.notComplete.length +
      verification.ungraded.length +
      verification.gradesNotRead.length >
    0
      ? [
          "",
          `Not complete: ${verification.notComplete.join(", ") || "none"}; not graded: ${verification.ungraded.join(", ") || "none"}; grade not read back: ${verification.gradesNotRead.join(", ") || "none"}.`,
        ]
      : []),
  );
  if (errorLog.length > 0) {
    lines.push("", "### Errors (first 20)", "");
    for (const e of errorLog.slice(0, 20))
      lines.push(
        `- ${fmt(e.t / 1000, 1)} s, ${e.scenario}, server ${e.server + 1}: ${e.status} ${e.detail}`,
      );
  }
  return {
    markdown: lines.join("\n"),
    goals,
    json: {
      settings: {
        MINUTES,
        WARMUP_MIN,
        WINDOW_MIN,
        READERS,
        RECORDERS,
        UPLOAD_EVERY_S,
        THINK_SCALE,
        SAMPLE_S,
        DRAIN_S,
      },
      info,
      goals,
      perScenario,
      minutes,
      memory,
      procSamples,
      insideSamples,
      uploads: [...uploads.values()],
      verification,
      errors: errorLog,
      requests: samples.map((s) => [
        Math.round(s.t),
        s.s,
        s.st,
        Math.round(s.ms * 10) / 10,
        s.srv,
        s.k,
        s.phase,
      ]),
    },
  };
}

// ───────────────────────── the run ─────────────────────────

async function verify(cluster: Cluster, db: pg.Pool): Promise<Verification> {
  const ids = [...uploads.keys()];
  const { rows } = await db.query<{ id: number; status: string; grades: number }>(
    `select r.id, r.status, (select count(*)::int from recording_grades g where g.recording_id = r.id) as grades
     from recordings r where r.id = any($1)`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const jobs = await db.query<{ state: string; retries: number; n: number }>(
    `select state, sum(retry_count)::int as retries, count(*)::int as n from pgboss.job
     where name = 'recording-process' and (data ->> 'recordingId')::int = any($1) group by state`,
    [ids],
  );
  const comparisons = await db.query<{ made: number; complete: number }>(
    `select count(*)::int as made, count(*) filter (where status = 'complete')::int as complete
     from recordings where cold_id = any($1) or hot_id = any($1)`,
    [ids],
  );
  const open = await db.query<{ n: number }>("select count(*)::int as n from recording_uploads");
  // Each grade read as its teacher, from each server.
  const readers = new Map<string, HttpClient>();
  const notRead: number[] = [];
  let read = 0;
  for (const upload of uploads.values()) {
    if (upload.feedback === null) continue;
    let client = readers.get(upload.teacher);
    if (!client) {
      client = (await adultSignIn(upload.teacher)).client;
      readers.set(upload.teacher, client);
    }
    let both = true;
    for (let server = 0; server < cluster.servers.length; server++) {
      try {
        const set = data<ReadingSet>(
          await call(client, "verify: reading", "GET", `/teacher/recordings/${upload.id}`, {
            server,
          }),
        );
        if (set.entries[set.selected]?.grade?.feedback !== upload.feedback) both = false;
      } catch (error) {
        if (!(error instanceof CallFailed)) throw error;
        both = false;
      }
    }
    if (both) read++;
    else notRead.push(upload.id);
  }
  const jobRows = jobs.rows;
  return {
    uploads: ids.length,
    complete: rows.filter((r) => r.status === "complete").length,
    failed: rows.filter((r) => r.status === "failed").length,
    notComplete: ids.filter((id) => byId.get(id)?.status !== "complete"),
    graded: rows.filter((r) => r.grades > 0).length,
    ungraded: ids.filter((id) => !((byId.get(id)?.grades ?? 0) > 0)),
    gradesReadOnBothServers: read,
    gradesNotRead: notRead,
    jobsFailed: jobRows.filter((j) => j.state === "failed").reduce((a, j) => a + j.n, 0),
    jobsRetried: jobRows.reduce((a, j) => a + (j.retries ?? 0), 0),
    comparisons: comparisons.rows[0] ?? { made: 0, complete: 0 },
    uploadsLeftOpen: open.rows[0]?.n ?? 0,
  };
}

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
    servers = cluster.servers.map((s) => s.url);
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
    t0 = performance.now();
    phase = "day";
    nextUploadAt = randInt(5, 15) * 1000;
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
    dayOver = true;
    log("the day is over; the last readings are processed and graded");
    await Promise.all(users);
    studentsGone = true;
    phase = "drain";
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
    phase = "verify";
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
