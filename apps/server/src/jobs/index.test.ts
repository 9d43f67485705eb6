import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../test/build-test-app.ts";
import { startJobs } from "./index.ts";

describe("background jobs", () => {
  it("log a failed session cleanup without the values of its query", async () => {
    const ctx = await buildTestApp();
    try {
      // In this test's database only: the table is gone, so the cleanup's query fails inside it.
      await ctx.db.execute(sql`alter table sessions rename to sessions_moved_away`);
      const log = { info: vi.fn(), error: vi.fn() };
      const stop = startJobs(ctx.db, { ...ctx.config, SESSION_IDLE_MINUTES: 987_654 }, log);
      await vi.waitFor(() => expect(log.error).toHaveBeenCalledOnce());
      stop();
      const [fields, message] = log.error.mock.calls[0] ?? [];
      expect(message).toBe("session cleanup failed");
      expect(fields).toMatchObject({ error: { type: "DrizzleQueryError" } });
      // The query's parameter (the idle minutes) stays out of the log.
      expect(JSON.stringify(fields)).not.toContain("987654");
    } finally {
      await ctx.close();
    }
  });
});
