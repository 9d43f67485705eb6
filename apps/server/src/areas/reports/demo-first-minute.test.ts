import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient, TestContext } from "../../../test/build-test-app.ts";
import { buildDemoApp } from "../../../test/demo-app.ts";
import { recordings, users } from "../../db/schema/index.ts";
import { DEMO_SHARE_TOKEN } from "../../demo/grades.ts";
import { demoLogins } from "../../demo/index.ts";

/**
 * Issue 37: a fresh demo's graded readings wait minutes (an hour on a busy machine) for their
 * media. Meanwhile the demo teacher's reports show their grades, and the demo's shared link
 * says its video is being prepared and when it should be ready, rather than a dead player.
 */

let ctx: TestContext;
let teacher: TestClient;
let teacherId: number;
beforeAll(async () => {
  ctx = await buildDemoApp();
  const login = demoLogins().find((l) => l.role === "Teacher");
  if (!login) throw new Error("the demo has no teacher login");
  teacher = ctx.client();
  await teacher.signIn({ role: "teacher", username: login.login, password: login.password });
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, login.login));
  teacherId = row?.id as number;
}, 120_000);
afterAll(() => ctx.close());

describe("the demo before any of its media is processed", () => {
  it("has graded readings and not one processed", async () => {
    const [processed] = await ctx.db
      .select({ n: count() })
      .from(recordings)
      .where(eq(recordings.status, "complete"));
    expect(processed?.n).toBe(0);
  });

  it("shows the demo teacher's graded readings in the class summary", async () => {
    const reply = await teacher.get(`/teacher/${teacherId}/dashboard/class_summary`);
    expect(reply.status).toBe(200);
    const students: { cold: number | null; hot: number | null; benchmarks: number | null }[] =
      reply.body.data.students;
    expect(students.filter((s) => s.cold !== null).length).toBeGreaterThan(0);
    expect(students.filter((s) => s.hot !== null).length).toBeGreaterThan(0);
    expect(students.filter((s) => s.benchmarks !== null).length).toBeGreaterThan(0);
  });

  it("draws them in the class's graphs", async () => {
    const reply = await teacher.get(
      "/teacher/reports/graphs?types=fluency_benchmark,fluency_cold_hot,fluency&aggregate_type=class",
    );
    expect(reply.status).toBe(200);
    for (const graph of reply.body.data as { type: string; noDataMessage: unknown; data: [] }[]) {
      expect(graph.noDataMessage, graph.type).toBeNull();
      expect(graph.data.length, graph.type).toBeGreaterThan(0);
    }
  });

  it("opens the shared link on a page that says the video is being prepared, and when", async () => {
    const page = await ctx.client().get(`/shared/recordings/${DEMO_SHARE_TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("This video is being prepared");
    expect(page.body).toMatch(/It should be ready in about \d+ minutes?\./);
    // No player that could only answer 404; the page looks again by itself.
    expect(page.body).not.toMatch(/<(video|audio)\b/);
    expect(page.body).toMatch(/id="preparing" data-look-again="\d+"/);
  });
});
