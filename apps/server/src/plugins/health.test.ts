import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

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
