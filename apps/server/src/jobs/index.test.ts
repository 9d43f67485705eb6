import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../test/build-test-app.ts";
import { sessions } from "../db/schema/index.ts";

describe("job queue", () => {
  it("schedules the clean-ups (exports and roster packages too) and the erasure sweep hourly, retention daily and the weekly report on Friday afternoon, in UTC", async () => {
    const ctx = await buildTestApp();
    try {
      const { rows } = (await ctx.db.execute(
        sql`select name, cron, timezone from pgboss.schedule order by name`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([
        { name: "privacy-erase", cron: "45 * * * *", timezone: "UTC" },
        { name: "privacy-export-cleanup", cron: "45 * * * *", timezone: "UTC" },
        { name: "privacy-retention", cron: "15 3 * * *", timezone: "UTC" },
        { name: "recording-upload-cleanup", cron: "30 * * * *", timezone: "UTC" },
        { name: "roster-import-cleanup", cron: "15 4 * * *", timezone: "UTC" },
        { name: "session-cleanup", cron: "0 * * * *", timezone: "UTC" },
        { name: "weekly-report", cron: "0 15 * * 5", timezone: "UTC" },
      ]);
    } finally {
      await ctx.close();
    }
  });

  it("schedules the weekly report as WEEKLY_REPORT_CRON says", async () => {
    // Journeys run it every minute to receive a real report; the other schedules stay.
    const ctx = await buildTestApp({ WEEKLY_REPORT_CRON: "* * * * *" });
    try {
      const { rows } = (await ctx.db.execute(
        sql`select name, cron from pgboss.schedule order by name`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([
        { name: "privacy-erase", cron: "45 * * * *" },
        { name: "privacy-export-cleanup", cron: "45 * * * *" },
        { name: "privacy-retention", cron: "15 3 * * *" },
        { name: "recording-upload-cleanup", cron: "30 * * * *" },
        { name: "roster-import-cleanup", cron: "15 4 * * *" },
        { name: "session-cleanup", cron: "0 * * * *" },
        { name: "weekly-report", cron: "* * * * *" },
      ]);
    } finally {
      await ctx.close();
    }
  });

  it("logs a failed job without the values of its query", async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const ctx = await buildTestApp({ SESSION_IDLE_MINUTES: "987654" }, { jobLog: log });
    try {
      // In this test's database only: the table is gone, so the cleanup's query fails inside it.
      await ctx.db.execute(sql`alter table sessions rename to sessions_moved_away`);
      await ctx.jobs.send("session-cleanup", {});
      await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 5000 });
      const [fields, message] = log.error.mock.calls[0] ?? [];
      expect(message).toBe("session-cleanup job failed");
      expect(fields).toMatchObject({ error: { type: "DrizzleQueryError" } });
      // The query's parameter (the idle minutes) stays out of the log.
      expect(JSON.stringify(fields)).not.toContain("987654");
    } finally {
      await ctx.close();
    }
  });

  it("names the job on every line its handler logs", async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const ctx = await buildTestApp({}, { jobLog: log });
    try {
      const user = await ctx.factories.user({ role: "teacher" });
      await ctx.db.insert(sessions).values({
        id: "ended-session-for-the-log",
        userId: user.id,
        expiresAt: new Date(Date.now() - 60_000),
      });
      await ctx.jobs.send("session-cleanup", {});
      await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 5000 });
      const [fields, message] = log.info.mock.calls[0] ?? [];
      expect(message).toBe("deleted ended sessions");
      expect(fields).toMatchObject({
        queue: "session-cleanup",
        jobId: expect.any(String),
        sessions: 1,
      });
    } finally {
      await ctx.close();
    }
  });
});
