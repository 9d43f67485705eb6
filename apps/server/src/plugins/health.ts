import { healthCalls } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { area } from "../context.ts";
import { route } from "../route.ts";

export const healthArea = area("health", ({ app, db }) => {
  route(app, healthCalls.health, {}, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const };
    } catch {
      reply.code(503);
      return { status: "unavailable" as const, database: "unreachable" as const };
    }
  });
});
