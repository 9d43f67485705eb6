import { timingSafeEqual } from "node:crypto";
import { healthCalls } from "@refrain/domain";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { area } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { SCHEMA } from "../core/jobs.ts";
import { route } from "../core/route.ts";
import type { Db } from "../db/client.ts";
import { httpDuration, queueDepth, registry } from "../metrics.ts";

/** Every answered request, by its route's pattern (never its URL: tokens travel in paths). */
export function registerRequestMetrics(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(no route)",
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** The queue's jobs waiting, retrying and running, per queue, as the scrape asks. */
export async function readQueueDepth(db: Db) {
  const result = await db.execute(sql`
    select name, state, count(*)::int as n from ${sql.identifier(SCHEMA)}.job
    where state in ('created', 'retry', 'active') group by name, state`);
  queueDepth.reset();
  for (const row of (result as unknown as { rows: { name: string; state: string; n: number }[] })
    .rows)
    queueDepth.set({ queue: row.name, state: row.state }, row.n);
}

/** Whether a request's Authorization header carries the scrape token (none set: never). */
export function bearerMatches(header: string | undefined, token: string | undefined) {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const metricsArea = area("metrics", ({ app, db, config }) => {
  const answer = async (reply: FastifyReply) => {
    await readQueueDepth(db);
    return reply
      .type(registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  };
  // Staff signed in read them in a browser; a Prometheus server has the token. Without it the
  // scrape address is not there at all, so nobody else learns the traffic's shape.
  route(app, healthCalls.metrics, {}, (_request, reply) => answer(reply));
  route(app, healthCalls.scrape, {}, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, config.METRICS_TOKEN)) throw notFound();
    return answer(reply);
  });
});
