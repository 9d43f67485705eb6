import { rmSync } from "node:fs";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Reply, type TestClient } from "../../test/build-test-app.ts";
import {
  type PostgresServer,
  postgresBinaries,
  throwawayPostgres,
} from "../../test/postgres-server.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../core/errors.ts";
import type { Log } from "../core/jobs.ts";
import { freePort } from "../free-port.ts";
import { installJobs } from "../jobs/index.ts";
import { type Database, fromPool, postgresPool } from "./client.ts";

/**
 * PostgreSQL restarted under the app (issue 22): while it is down, requests fail at once with
 * 503 and Retry-After (no hang, no 500), readiness says no, and nothing is logged per request;
 * once it is back, the app serves again within seconds by itself, and mail queued before the
 * outage goes out. The test has a PostgreSQL server of its own, which it stops and starts:
 * never CI's (55432), which the other test files share. Its port is one `freePort` gives,
 * which no connection the other test files open can take while the server is down.
 */
const DIR = "/tmp/refrain-pg-outage";
const DATABASE = `refrain_outage_${process.pid}`;
/**
 * How long a request may take while the database is down: well under the statement timeout it
 * would otherwise wait out. The times themselves (answer at once, back within 5 s) are goals
 * bench/outage.ts measures; on a loaded CI machine a test only checks that it happens.
 */
const FAIL_FAST_MS = 10_000;
/** How long the app may take to serve again by itself once the database is back. */
const BACK_WITHIN_MS = 20_000;

const binaries = postgresBinaries();

if (!binaries) {
  describe("a PostgreSQL outage", () => {
    it.skip("needs Debian's postgresql package (no /usr/lib/postgresql/*/bin/pg_ctl here)", () => {});
  });
} else {
  describe("a PostgreSQL outage", () => {
    let server: PostgresServer;
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    let sink: SmtpSink;
    let database: Database | undefined;
    /** The mail server refuses (450, try later) while this is true. */
    let refusing = false;
    const logged: { level: number; msg: string }[] = [];
    const jobLogged: { level: "info" | "warn" | "error"; message: string }[] = [];

    beforeAll(async () => {
      server = await throwawayPostgres(DIR, await freePort());
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`drop database if exists ${DATABASE}`);
      await admin.query(`create database ${DATABASE}`);
      await admin.end();
      // As main.ts opens it: the server's own pool settings (config.ts's defaults).
      database = fromPool(
        postgresPool(server.urlOf(DATABASE), {
          connectTimeoutSeconds: 2,
          statementTimeoutSeconds: 30,
        }),
      );
      await database.migrate();
      await installJobs(database);
      sink = await startSmtpSink({ reject: () => (refusing ? 450 : null) });
      const capture = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split("\n").filter(Boolean))
            logged.push(JSON.parse(line));
          done();
        },
      });
      const jobLog: Log = {
        info: (_fields: unknown, message?: string) =>
          void jobLogged.push({ level: "info", message: String(message) }),
        warn: (_fields: unknown, message?: string) =>
          void jobLogged.push({ level: "warn", message: String(message) }),
        error: (_fields: unknown, message?: string) =>
          void jobLogged.push({ level: "error", message: String(message) }),
      } as Log;
      ctx = await buildTestApp(
        { SMTP_URL: sink.url },
        { database, logger: { level: "warn", stream: capture }, jobLog },
      );
    }, 60_000);

    afterAll(async () => {
      // Whatever failed, the server runs again for the clean-up, and stops at the end.
      await server?.start().catch(() => undefined);
      // The app closes its database; without an app (a failed start), it is closed here.
      await (ctx ? ctx.close() : database?.close())?.catch(() => undefined);
      await sink?.close();
      if (server) {
        const admin = new pg.Client({ connectionString: server.url });
        await admin.connect();
        await admin.query(`drop database if exists ${DATABASE} with (force)`);
        await admin.end();
        await server.stop();
        // A stopped server's directory is made anew by the next run (local-postgres.sh).
        rmSync(DIR, { recursive: true, force: true });
      }
    }, 60_000);

    const timed = async (call: () => Promise<Reply>) => {
      const started = performance.now();
      const reply = await call();
      return { reply, ms: performance.now() - started };
    };
    const list = (client: TestClient) => client.post("/teacher/students", { verb: "list" });
    const mail = (client: TestClient, to: string) =>
      client.post("/teacher/email/endpoint", {
        type: "send",
        view: "colleague",
        message: "Our class is reading every day.",
        emails: [to],
      });
    const ready = () => ctx.app.inject({ method: "GET", url: "/health/ready" });
    /** Retries `call` until it answers `status`, for up to BACK_WITHIN_MS from `since`. */
    const until = async (call: () => Promise<number>, status: number, since: number) => {
      for (;;) {
        if ((await call()) === status) return;
        if (performance.now() - since > BACK_WITHIN_MS) throw new Error(`never answered ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const mailJobs = async () =>
      (
        (await ctx.db.execute(
          sql`select state from pgboss.job where name = 'mail' order by created_on`,
        )) as unknown as { rows: { state: string }[] }
      ).rows.map((row) => row.state);

    it("answers 503 with Retry-After at once while it is down, and serves again by itself once it returns, mail queued before it delivered", async () => {
      const school = await ctx.factories.school();
      const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
      await ctx.factories.user({ role: "student", teacherId: teacher.id });
      const client = ctx.client();
      await client.signIn(teacher);
      expect((await list(client)).status).toBe(200);

      // Mail queued before the outage, whose first try fails (the mail server says later): its
      // retry falls due while the database is down.
      refusing = true;
      expect((await mail(client, "before@school.example")).status).toBe(200);
      await expect.poll(mailJobs, { timeout: 10_000 }).toEqual(["retry"]);

      // What is logged from here on: the first try's failure above is the mail server's.
      const logFrom = logged.length;
      const jobLogFrom = jobLogged.length;
      const down = performance.now();
      await server.stop();
      refusing = false;

      // Every kind of request fails at once with the envelope and a retry hint, none with 500.
      const during = [
        await timed(() => list(client)),
        await timed(() => mail(client, "during@school.example")),
        await timed(() => ctx.client().post("/login", { login: teacher.username, password: "x" })),
      ];
      for (const { reply, ms } of during) {
        expect(reply.status).toBe(503);
        expect(reply.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(reply.body).toEqual({
          success: false,
          message: "Refrain is briefly unavailable. Please try again in a few seconds.",
        });
        expect(ms).toBeLessThan(FAIL_FAST_MS);
      }
      const notReady = await ready();
      expect([notReady.statusCode, notReady.json()]).toMatchObject([
        503,
        { ready: false, database: "unreachable" },
      ]);
      expect((await ctx.app.inject({ method: "GET", url: "/health/live" })).statusCode).toBe(200);
      // Long enough for the mail's retry to fall due, and for the queue's workers to poll.
      const left = 3000 - (performance.now() - down);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      expect(sink.received).toEqual([]);

      const back = performance.now();
      await server.start();
      // Full service: a signed-in call, readiness, and the queue delivering.
      await until(async () => (await list(client)).status, 200, back);
      await until(async () => (await ready()).statusCode, 200, back);
      const before = await sink.take("before@school.example", BACK_WITHIN_MS);
      expect(before.text).toContain("Our class is reading every day.");
      // The call refused during the outage sent nothing; one sent now goes out.
      expect(sink.received.map((m) => m.to)).toEqual([["before@school.example"]]);
      expect((await mail(client, "after@school.example")).status).toBe(200);
      await sink.take("after@school.example", BACK_WITHIN_MS);
      // The session notices are heard again (plugins/session-cache.ts): the listener is back.
      await expect
        .poll(
          async () =>
            (
              (await ctx.db.execute(
                sql`select count(*)::int as n from pg_stat_activity
                    where query ilike 'listen%refrain_sessions%'`,
              )) as unknown as { rows: { n: number }[] }
            ).rows[0]?.n,
          { timeout: BACK_WITHIN_MS },
        )
        .toBe(1);

      // A warning now and then, never an error: no 500s, no stack per request or per poll.
      const appLines = logged.slice(logFrom);
      const jobLines = jobLogged.slice(jobLogFrom);
      expect(appLines.filter((line) => line.level >= 50)).toEqual([]);
      expect(appLines.filter((line) => line.level === 40).length).toBeLessThanOrEqual(6);
      expect(jobLines.filter((line) => line.level === "error")).toEqual([]);
      expect(jobLines.filter((line) => line.level === "warn").length).toBeLessThanOrEqual(6);
    }, 120_000);
  });
}
