import type { TimeKind } from "@refrain/domain";
import { timeOnTask } from "../src/db/schema/index.ts";
import type { TestContext } from "./build-test-app.ts";

/**
 * Writes a user's seconds of one kind on a day, kept under a school, straight into time_on_task
 * (as if their last heartbeat came at noon that day): the usage report's input, and the rows the
 * kept figures' triggers follow.
 */
export const timeOnTaskWriter =
  (ctx: TestContext) =>
  async (userId: number, schoolId: number, kind: TimeKind, day: string, seconds: number) => {
    await ctx.db
      .insert(timeOnTask)
      .values({ userId, kind, day, schoolId, seconds, lastBeatAt: new Date(`${day}T12:00:00Z`) });
  };
