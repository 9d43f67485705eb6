import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import type { Config } from "./config.ts";
import type { Jobs } from "./core/jobs.ts";
import type { Db } from "./db/client.ts";
import { registry } from "./metrics.ts";
import { bearerMatches, readQueueDepth } from "./plugins/metrics.ts";

/**
 * A worker's small HTTP face on WORKER_PORT, for its supervisor and Prometheus: `/health/live`
 * while the process runs, `/health/ready` while its queue runs and the database answers, and
 * `/metrics/scrape` with the METRICS_TOKEN (the jobs' durations, mail sent and failed and
 * transcode speed are counted in the process that runs the jobs). Nothing else answers.
 */
export async function serveWorkerHttp(deps: {
  db: Db;
  jobs: Pick<Jobs, "running">;
  config: Pick<Config, "HOST" | "WORKER_PORT" | "METRICS_TOKEN">;
}): Promise<Server> {
  const { db, jobs, config } = deps;
  const json = (status: number, body: unknown) => ({
    status,
    type: "application/json",
    body: JSON.stringify(body),
  });
  const answer = async (method: string, path: string, authorization: string | undefined) => {
    if (method !== "GET") return json(404, { success: false, message: "Not found" });
    if (path === "/health/live") return json(200, { live: true });
    if (path === "/health/ready") {
      const database = await db.execute(sql`select 1`).then(
        () => "ok",
        () => "unreachable",
      );
      const ready = database === "ok" && jobs.running();
      return json(ready ? 200 : 503, {
        ready,
        database,
        queue: jobs.running() ? "running" : "stopped",
      });
    }
    if (path === "/metrics/scrape" && bearerMatches(authorization, config.METRICS_TOKEN)) {
      await readQueueDepth(db).catch(() => undefined);
      return { status: 200, type: registry.contentType, body: await registry.metrics() };
    }
    return json(404, { success: false, message: "Not found" });
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://worker").pathname;
    answer(request.method ?? "GET", path, request.headers.authorization).then(
      ({ status, type, body }) => {
        response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
        response.end(body);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(config.WORKER_PORT, config.HOST, resolve));
  return server;
}
