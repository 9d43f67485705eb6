import { describe, expect, it, vi } from "vitest";
import { testAppForFile } from "../../test/own-app.ts";
import { HEALTH_DB_TIMEOUT_MS } from "./health.ts";

const ctx = testAppForFile();

describe("GET /health", () => {
  it("answers 200 while the database answers", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/health" });
    expect([reply.statusCode, reply.json()]).toEqual([200, { status: "ok", database: "ok" }]);
  });

  // The 503 is the contract's other answer: a monitor reads its body, not the error envelope.
  it("answers 503 with its own body when the database does not", async () => {
    vi.spyOn(ctx.db, "execute").mockRejectedValueOnce(new Error("connection refused"));
    const reply = await ctx.app.inject({ method: "GET", url: "/health" });
    expect([reply.statusCode, reply.json()]).toEqual([
      503,
      { status: "unavailable", database: "unreachable" },
    ]);
  });

  it("documents both answers", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(doc.paths["/health"].get.responses)).toEqual(["200", "503"]);
  });
});

describe("GET /health/live and /health/ready", () => {
  const ready = async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/health/ready" });
    return [reply.statusCode, reply.json()];
  };
  /** What a server whose database does not answer says, whether it refuses or stays silent. */
  const UNREACHABLE = [
    503,
    {
      ready: false,
      database: "unreachable",
      migrations: "unknown",
      queue: "running",
      draining: false,
    },
  ];

  it("is ready with its database answering, every migration run and its queue running", async () => {
    expect(await ready()).toEqual([
      200,
      { ready: true, database: "ok", migrations: "current", queue: "running", draining: false },
    ]);
  });

  it("says no while draining for a shutdown, and stays alive", async () => {
    ctx.lifecycle.draining = true;
    try {
      expect(await ready()).toEqual([
        503,
        { ready: false, database: "ok", migrations: "current", queue: "running", draining: true },
      ]);
      const live = await ctx.app.inject({ method: "GET", url: "/health/live" });
      expect([live.statusCode, live.json()]).toEqual([200, { status: "ok" }]);
    } finally {
      ctx.lifecycle.draining = false;
    }
  });

  it("says no when the database is away, its schema is behind or its queue stopped", async () => {
    vi.spyOn(ctx.db, "execute").mockRejectedValueOnce(new Error("connection refused"));
    expect(await ready()).toEqual(UNREACHABLE);
    vi.spyOn(ctx.db, "execute").mockResolvedValueOnce({ rows: [{ n: 1 }] } as never);
    expect((await ready())[1]).toMatchObject({ ready: false, migrations: "behind" });
    vi.spyOn(ctx.jobs, "running").mockReturnValueOnce(false);
    expect((await ready())[1]).toMatchObject({ ready: false, queue: "stopped" });
  });

  it(
    "says no within its timeout when the database does not answer at all",
    async () => {
      vi.spyOn(ctx.db, "execute").mockReturnValueOnce(new Promise(() => undefined) as never);
      // An answer at all is the timeout's doing: the query above never settles.
      expect(await ready()).toEqual(UNREACHABLE);
    },
    HEALTH_DB_TIMEOUT_MS + 10_000,
  );
});
