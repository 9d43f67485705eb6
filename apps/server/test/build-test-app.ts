import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Role } from "@refrain/domain";
import type { RouteOptions } from "fastify";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { setHelperPriority } from "../src/adapters/helper-process.ts";
import { type BuildAppOptions, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { JobsTuning, Log } from "../src/core/jobs.ts";
import { hashPassword, StudentPasswordBox } from "../src/core/passwords.ts";
import { type Database, fromPglite, fromPool } from "../src/db/client.ts";
import { districts, schools, users } from "../src/db/schema/index.ts";
import { startJobs } from "../src/jobs/index.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const templates = new Map<string, Blob>();

/**
 * The PostgreSQL server this test file's project runs on, or undefined on PGlite: CI's files of
 * PGlite's own paths (test/pglite-too.ts) run on PGlite with TEST_DATABASE_URL set.
 */
export const testDatabaseUrl = () =>
  inject("pgTemplate") ? process.env.TEST_DATABASE_URL : undefined;

/** A fresh database for one test file, copied from the run's migrated template. */
export async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject("pgTemplate");
  const url = testDatabaseUrl();
  if (pgTemplate && url) {
    const name = `refrain_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    // FILE_COPY copies the template's files whole: 0.1 s a file where PostgreSQL 15's default
    // (WAL_LOG, block by block through the write-ahead log) took 0.9 s; over the API suite's 150
    // files, 35 fewer CPU-seconds (732 in all) and 15 s.
    await admin.query(`create database ${name} template ${pgTemplate} strategy file_copy`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = fromPool(new pg.Pool({ connectionString: target.toString(), max: 4 }));
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      },
    };
  }
  const file = inject("pgliteTemplate");
  if (!file) throw new Error("The test global setup did not provide a template database");
  // Read once per worker: a Blob never changes, and a new one per file cost 0.1 CPU-s of the
  // 0.7 that loading the template takes.
  templates.get(file) ?? templates.set(file, new Blob([readFileSync(file)]));
  const client = await PGlite.create({ loadDataDir: templates.get(file) });
  return fromPglite(client);
}

export const TEST_PASSWORD = "correct-horse-7";
let defaultHash: Promise<string> | undefined;

/**
 * `logger`: Fastify's logger options, and `jobLog` the job queue's log, for a test that reads
 * what is logged. The job queue polls every half second and retries mail after a second or two,
 * unless `jobs` says otherwise.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: BuildAppOptions["logger"];
    jobs?: JobsTuning;
    jobLog?: Log;
    /** The billing clock (BuildAppOptions.now). */
    now?: () => Date;
    /** A database of the test's own (migrated, jobs installed) instead of a template's copy. */
    database?: Database;
  } = {},
) {
  const config = loadConfig({
    NODE_ENV: "test",
    // Removed with the run's temporary directory (global-setup.ts), not on close: the upload
    // store creates its folder in the background, and a folder gone by then is an unhandled error.
    DATA_DIR: mkdtempSync(join(tmpdir(), "refrain-data-")),
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    WEB_DIST: join(tmpdir(), "refrain-no-web-build"),
    LOG_LEVEL: "silent",
    // inject() connects from 127.0.0.1: trusting it as a proxy lets tests pose as other
    // client addresses with X-Forwarded-For.
    TRUST_PROXY: "127.0.0.1",
    // Tests never record or make videos unless they ask (areas/help).
    TUTORIAL_VIDEOS: "off",
    TUTOR_VIDEOS: "off",
    // Nor run the speech recogniser on their readings (areas/fluency/suggest.ts).
    ASR_PROVIDER: "none",
    // The other test workers keep every core busy: at nice 19 beside them a file's ffmpeg got
    // about 1 % of a core and a 2-second transcode outlasted its test (CI, stop 58).
    HELPER_PRIORITY: "normal",
    ...env,
  });
  setHelperPriority(config.HELPER_PRIORITY);
  const database = options.database ?? (await openTestDatabase());
  // Every route the app registered, its plugins' included, so a test can probe them all.
  const routes: RouteOptions[] = [];
  const jobs = await startJobs({
    database,
    config,
    log: options.jobLog ?? pino({ level: "silent" }),
    work: config.JOBS_IN_PROCESS,
    tuning: { pollingIntervalSeconds: 0.5, mailRetryDelaySeconds: 1, ...options.jobs },
  });
  // A test drains the app as main.ts does on SIGTERM by setting `lifecycle.draining`.
  const lifecycle = { draining: false };
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    jobs,
    lifecycle,
    logger: options.logger,
    now: options.now,
    onRoute: (route) => {
      routes.push(route);
    },
  });
  const db = database.db;
  const box = new StudentPasswordBox(config.APP_SECRET);
  let seq = 0;
  let addressSeq = 0;

  const factories = {
    async district(name = `District ${++seq}`) {
      const [row] = await db.insert(districts).values({ name }).returning();
      return row as typeof districts.$inferSelect;
    },
    async school(opts: { districtId?: number | null; name?: string; seats?: number } = {}) {
      const [row] = await db
        .insert(schools)
        .values({
          name: opts.name ?? `School ${++seq}`,
          districtId: opts.districtId ?? null,
          seats: opts.seats ?? 5,
          zip: "97201",
        })
        .returning();
      return row as typeof schools.$inferSelect;
    },
    /** Any user; a student needs `teacherId`. Password defaults to TEST_PASSWORD. */
    async user(opts: {
      role: Role;
      username?: string;
      password?: string;
      schoolId?: number | null;
      districtId?: number | null;
      teacherId?: number | null;
      studentLoginType?: "input" | "select";
      firstName?: string;
      lastName?: string;
      /** A student's reading level: 8 (second grade) unless given. */
      planId?: number;
    }) {
      const n = ++seq;
      const password = opts.password ?? TEST_PASSWORD;
      if (!defaultHash) defaultHash = hashPassword(TEST_PASSWORD);
      const passwordHash =
        password === TEST_PASSWORD ? await defaultHash : await hashPassword(password);
      const [row] = await db
        .insert(users)
        .values({
          role: opts.role,
          username: opts.username ?? `${opts.role.replace("_", "")}${n}`,
          email: opts.role === "student" ? null : `${opts.role}${n}@example.org`,
          firstName: opts.firstName ?? `First${n}`,
          lastName: opts.lastName ?? `Last${n}`,
          passwordHash,
          passwordEncrypted: opts.role === "student" ? box.encrypt(password) : null,
          schoolId: opts.schoolId ?? null,
          districtId: opts.districtId ?? null,
          teacherId: opts.teacherId ?? null,
          planId: opts.role === "student" ? (opts.planId ?? 8) : null,
          studentLoginType: opts.studentLoginType ?? "select",
        })
        .returning();
      return { ...(row as typeof users.$inferSelect), password };
    },
  };

  return {
    app,
    db,
    database,
    config,
    factories,
    routes,
    jobs,
    lifecycle,
    /**
     * A browser-like client that keeps its cookies and sends the CSRF headers; with `address`,
     * every request comes from that client address (X-Forwarded-For), so rate limits keyed on
     * the address do not mix between tests.
     */
    client: (options: { address?: string } = {}): TestClient =>
      new TestClient(app, options.address),
    /** A client from an address no other client of this app used (10.x.y.z, counted up). */
    clientFromNewAddress(): TestClient {
      const n = ++addressSeq;
      return new TestClient(app, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    },
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * A second server on `first`'s database, as another process would be: its own connections
 * (PostgreSQL) or wrapper (PGlite's one instance), its own notice listener and session cache.
 * It shares the first's job queue, which it only hands work to. `config` changes its settings
 * (a data directory of its own, as on another machine).
 */
export async function buildSecondApp(first: TestContext, config: Partial<Config> = {}) {
  const { connection } = first.database;
  const database =
    "url" in connection
      ? fromPool(new pg.Pool({ connectionString: connection.url, max: 4 }))
      : fromPglite(connection.pglite);
  const app = await buildApp({
    config: { ...first.config, ...config },
    db: database.db,
    listen: database.listen,
    jobs: first.jobs,
  });
  return {
    app,
    async close() {
      await app.close();
      // PGlite's instance is the first app's to close.
      if ("url" in connection) await database.close();
    },
  };
}

/**
 * A test app whose e-mail goes out over SMTP to a mail server of its own (`sink`), where a test
 * reads what a recipient got; `close()` closes both.
 */
export async function buildTestAppWithMail(env: Record<string, string> = {}) {
  const sink = await startSmtpSink();
  const ctx = await buildTestApp({ ...env, SMTP_URL: sink.url });
  return {
    ...ctx,
    sink,
    async close() {
      await ctx.close();
      await sink.close();
    },
  };
}

export type MailTestContext = Awaited<ReturnType<typeof buildTestAppWithMail>>;

/**
 * For tests of mail with sign-in links: the links read as the public site's, and the many
 * sign-ins from the tests' one address are not limited.
 */
export const LINK_MAIL_ENV = {
  LOGIN_LIMIT_PER_IP: "1000",
  PUBLIC_URL: "https://refrain.example.com",
};
type App = Awaited<ReturnType<typeof buildApp>>;

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON a route answered
  body: any;
  headers: Record<string, unknown>;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken = "";
  /** Send the CSRF token and XMLHttpRequest marker, as the web app does. */
  withCsrf = true;

  private readonly app: App;
  private readonly address: string | undefined;

  constructor(app: App, address?: string) {
    this.app = app;
    this.address = address;
  }

  async request(
    method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    if (!this.csrfToken && this.withCsrf && method !== "GET") await this.refreshCsrf();
    const response = await this.app.inject({
      method,
      url,
      headers: {
        ...(this.cookies.size > 0 && {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        }),
        ...(this.withCsrf && {
          "x-csrf-token": this.csrfToken,
          "x-requested-with": "XMLHttpRequest",
        }),
        ...(this.address && { "x-forwarded-for": this.address }),
        ...headers,
      },
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    // A new CSRF token comes with every change of session, as the web app takes it.
    const freshToken = response.headers["x-csrf-token"];
    if (typeof freshToken === "string") this.csrfToken = freshToken;
    const text = response.body;
    let parsed: unknown = text;
    // A HEAD answer has the type of the body it leaves out.
    if (text && (response.headers["content-type"] ?? "").toString().includes("json"))
      parsed = JSON.parse(text);
    return { status: response.statusCode, body: parsed, headers: response.headers };
  }

  get(url: string) {
    return this.request("GET", url);
  }

  post(url: string, body?: unknown) {
    return this.request("POST", url, body ?? {});
  }

  async refreshCsrf() {
    const reply = await this.request("GET", "/auth/session");
    this.csrfToken = reply.body.csrfToken;
  }

  /** Signs in through the real endpoints: /login for adults, /student/login for students. */
  async signIn(user: { role: Role; username: string; password: string; teacherUsername?: string }) {
    const reply =
      user.role === "student"
        ? await this.post("/student/login", {
            step: 3,
            type: "input",
            teacher: user.teacherUsername,
            student: user.username,
            password: user.password,
          })
        : await this.post("/login", { login: user.username, password: user.password });
    if (reply.status !== 200)
      throw new Error(
        `sign-in of ${user.username} failed: ${reply.status} ${JSON.stringify(reply.body)}`,
      );
    return reply;
  }

  /** This browser, its cookies and CSRF token, talking to another server of the site. */
  sameBrowserOn(app: App) {
    const copy = new TestClient(app, this.address);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    copy.csrfToken = this.csrfToken;
    return copy;
  }
}
