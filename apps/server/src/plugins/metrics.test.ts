import { describe, expect, it } from "vitest";
import { appWithRolesForFile } from "../../test/own-app.ts";

const TOKEN = "scrape-token-scrape-token-0123";
const { ctx, world } = appWithRolesForFile({ METRICS_TOKEN: TOKEN });

const scrape = (authorization?: string) =>
  ctx.app.inject({
    method: "GET",
    url: "/metrics/scrape",
    headers: authorization ? { authorization } : {},
  });

describe("GET /metrics", () => {
  it("answers staff and the scraper's token, and nobody else", async () => {
    // Without the token the scrape address is not there.
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape("Bearer not-the-token-not-the-token-00")).statusCode).toBe(404);
    expect((await world.clients.anonymous.get("/metrics")).status).toBe(401);
    expect((await world.clients.teacher.get("/metrics")).status).toBe(403);
    expect((await world.clients.district_admin.get("/metrics")).status).toBe(403);
    expect((await world.clients.staff.get("/metrics")).status).toBe(200);
    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("counts requests by route pattern, jobs by queue and outcome, and the queue's depth", async () => {
    await ctx.app.inject({ method: "GET", url: "/health" });
    await ctx.app.inject({ method: "GET", url: "/password/reset/secret-token-in-a-path" });
    await ctx.jobs.send("session-cleanup", {});
    await ctx.jobs.idle();
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(
      /refrain_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /refrain_job_duration_seconds_count\{queue="session-cleanup",outcome="done"\} [1-9]/,
    );
    expect(text).toContain("# TYPE refrain_job_queue_depth gauge");
    expect(text).toContain("refrain_process_resident_memory_bytes");
    // A path's token never becomes a label.
    expect(text).not.toContain("secret-token-in-a-path");
  });
});
