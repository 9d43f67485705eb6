import { z } from "zod";
import { contract } from "./contract.ts";

export const healthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") });
/** The answer (503) while the database does not answer, for a load balancer or a monitor. */
export const healthUnavailableResponse = z.object({
  status: z.literal("unavailable"),
  database: z.literal("unreachable"),
});

/**
 * Whether this server should get traffic (issue 22): its database answers, its schema has every
 * migration this code knows, its job queue runs, and it is not draining for a shutdown. 503 with
 * the same body when any is not, so a load balancer stops sending before the server stops.
 */
export const readinessResponse = z.object({
  ready: z.boolean(),
  database: z.enum(["ok", "unreachable"]),
  migrations: z.enum(["current", "behind", "unknown"]),
  queue: z.enum(["running", "stopped"]),
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessResponse>;
export const livenessResponse = z.object({ status: z.literal("ok") });

// ───────────────────────── Calls ─────────────────────────

export const healthCalls = {
  health: contract({
    tag: "health",
    policy: "public",
    method: "GET",
    path: "/health",
    summary: "The server is up and its database answers",
    response: healthResponse,
    otherAnswers: { 503: healthUnavailableResponse },
  }),
  live: contract({
    tag: "health",
    policy: "public",
    method: "GET",
    path: "/health/live",
    summary: "The process answers (a supervisor restarts it when it does not)",
    response: livenessResponse,
  }),
  metrics: contract({
    tag: "health",
    policy: "staff",
    method: "GET",
    path: "/metrics",
    summary: "Prometheus metrics of this process: requests, jobs, queue depth, mail (staff)",
    file: "text/plain",
    // Staff open it in the browser's address bar: the text, not the web app.
    opensFromLink: true,
  }),
  scrape: contract({
    tag: "health",
    policy: "public",
    method: "GET",
    path: "/metrics/scrape",
    summary: "The same metrics for a Prometheus server with `Authorization: Bearer METRICS_TOKEN`",
    file: "text/plain",
  }),
  ready: contract({
    tag: "health",
    policy: "public",
    method: "GET",
    path: "/health/ready",
    summary: "The server should get traffic: database, migrations, job queue, not draining",
    response: readinessResponse,
    otherAnswers: { 503: readinessResponse },
  }),
};
