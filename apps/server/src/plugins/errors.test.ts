import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnreachable,
  type ErrorCode,
  ownedOr404,
  STATUS_BY_CODE,
  warnOncePerKind,
} from "../core/errors.ts";
import { registerErrorHandler } from "./errors.ts";

/** A bare app with the error handler and a route that throws the error its query names. */
async function throwingApp() {
  const app = Fastify();
  registerErrorHandler(app);
  app.get("/throw/:code", async (request) => {
    const { code } = request.params as { code: ErrorCode };
    throw new AppError(
      code,
      `refused: ${code}`,
      code === "invalid" ? { name: ["Bad"] } : undefined,
    );
  });
  app.get("/record/:id", async (request) =>
    ownedOr404((request.params as { id: string }).id === "1" ? { id: 1 } : null),
  );
  app.get("/crash", async () => {
    throw new Error("secret detail");
  });
  await app.ready();
  return app;
}

describe("error handler", () => {
  it("answers each error code with its status and the envelope, field errors kept", async () => {
    const app = await throwingApp();
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) {
      const reply = await app.inject({ url: `/throw/${code}` });
      expect(reply.statusCode, code).toBe(status);
      expect(reply.json()).toEqual({
        success: false,
        message: `refused: ${code}`,
        ...(code === "invalid" && { errors: { name: ["Bad"] } }),
      });
    }
  });

  it("ownedOr404 turns a record outside the caller's scope into 404", async () => {
    const app = await throwingApp();
    expect((await app.inject({ url: "/record/1" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/record/2" })).json()).toEqual({
      success: false,
      message: "Not found",
    });
  });

  it("masks anything else as a 500 with the request id", async () => {
    const app = await throwingApp();
    const reply = await app.inject({ url: "/crash" });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      success: false,
      message: "Something went wrong on our side. Please try again.",
      requestId: expect.any(String),
    });
    expect(reply.body).not.toContain("secret detail");
  });
});

/** An error as node-postgres or Node's sockets make it: a message and a code. */
const coded = (message: string, code?: string) => Object.assign(new Error(message), { code });
/** As Drizzle throws it: its own error, the driver's as the cause. */
const drizzled = (cause: Error) =>
  new Error("Failed query: select 1\nparams: secret-value", { cause });

describe("a database that cannot be reached", () => {
  it("is told from other failures by the error or any of its causes", () => {
    const unreachable = [
      coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      coded("read ECONNRESET", "ECONNRESET"),
      coded("terminating connection due to administrator command", "57P01"),
      coded("the database system is starting up", "57P03"),
      coded("the database system is shutting down", "57P03"),
      coded("connection failure", "08006"),
      coded("sorry, too many clients already", "53300"),
      coded("canceling statement due to statement timeout", "57014"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      new AggregateError([coded("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "connect"),
      // pg-boss's copy of a worker's error.
      { message: "connect ECONNREFUSED 127.0.0.1:5432 (Queue: mail)", code: "ECONNREFUSED" },
    ];
    for (const error of unreachable) {
      expect(databaseUnreachable(error), String((error as Error).message)).not.toBeNull();
      expect(databaseUnreachable(drizzled(error as Error))).not.toBeNull();
    }
    expect(databaseUnreachable(coded("x", "57P01"))).toBe("57P01 admin_shutdown");
    const others = [
      new Error("secret detail"),
      coded('duplicate key value violates unique constraint "users_username_key"', "23505"),
      coded("canceling statement due to user request", "57014"),
      coded('relation "nope" does not exist', "42P01"),
      "ECONNREFUSED",
      null,
    ];
    for (const error of others) expect(databaseUnreachable(error)).toBeNull();
  });

  it("is answered 503 with Retry-After and the envelope, logged as one warning per kind, never a 500", async () => {
    const lines: { level: number; msg: string; kind?: string; leftOut?: number }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: { level: "info", stream } });
    registerErrorHandler(app);
    app.get("/refused", async () => {
      const refused = coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
      throw drizzled(Object.assign(refused, { address: "127.0.0.1", port: 5432 }));
    });
    app.get("/restarting", async () => {
      throw coded("terminating connection due to administrator command", "57P01");
    });
    await app.ready();
    for (let i = 0; i < 20; i++) {
      const reply = await app.inject({ url: i % 2 ? "/refused" : "/restarting" });
      expect(reply.statusCode).toBe(503);
      expect(reply.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(reply.json()).toEqual({
        success: false,
        message: "Refrain is briefly unavailable. Please try again in a few seconds.",
      });
    }
    const logged = lines.filter((line) => line.level >= 40);
    expect(logged.map((line) => [line.level, line.kind, line.msg])).toEqual([
      [40, "57P01 admin_shutdown", "database (or a service) unreachable: answering 503"],
      [40, "ECONNREFUSED 127.0.0.1:5432", "database (or a service) unreachable: answering 503"],
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret-value");
  });

  it("warns again once the window has passed, counting the failures left out", async () => {
    const warnings: object[] = [];
    const log = { warn: (fields: object) => void warnings.push(fields) };
    const warn = warnOncePerKind(50);
    for (let i = 0; i < 5; i++) warn(log, "ECONNREFUSED", {}, "database unreachable");
    await new Promise((resolve) => setTimeout(resolve, 60));
    warn(log, "ECONNREFUSED", {}, "database unreachable");
    expect(warnings).toEqual([{ kind: "ECONNREFUSED" }, { kind: "ECONNREFUSED", leftOut: 4 }]);
  });
});
