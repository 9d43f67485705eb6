import { sql } from "drizzle-orm";
import { z } from "zod";
import { area } from "../context.ts";
import { requirePolicy } from "./guards.ts";

export const healthArea = area("health", ({ app, db }) => {
  app.get(
    "/health",
    {
      onRequest: requirePolicy("public"),
      schema: {
        tags: ["health"],
        summary: "The server is up and its database answers",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
          503: z.object({ status: z.literal("unavailable"), database: z.literal("unreachable") }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const };
      } catch {
        return reply
          .code(503)
          .send({ status: "unavailable" as const, database: "unreachable" as const });
      }
    },
  );
});
