import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../test/own-app.ts";
import { sessions } from "../db/schema/index.ts";
import { deleteEndedSessions } from "./session-cleanup.ts";

const ctx = testAppForFile();

describe("session cleanup", () => {
  it("deletes expired and idle sessions and keeps live ones", async () => {
    const live = await ctx.factories.user({ role: "teacher" });
    const idle = await ctx.factories.user({ role: "teacher" });
    const expired = await ctx.factories.user({ role: "teacher" });
    for (const user of [live, idle, expired]) await ctx.client().signIn(user);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(sessions.userId, idle.id));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    expect(await deleteEndedSessions(ctx.db, 60)).toBe(2);
    const left = await ctx.db.select({ userId: sessions.userId }).from(sessions);
    expect(left).toEqual([{ userId: live.id }]);
  });
});
