import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (issue 22), one registry per process: the app's requests and
 * the job queue's work land in the same one, which GET /metrics serves (plugins/metrics.ts).
 * Labels are routes' patterns and queue names, never values a person typed.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "refrain_" });

export const httpDuration = new Histogram({
  name: "refrain_http_request_duration_seconds",
  help: "Answered requests by route pattern, method and status, and how long they took",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "refrain_job_duration_seconds",
  help: "Jobs worked in this process by queue and outcome (done, failed), and how long they took",
  labelNames: ["queue", "outcome"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800],
  registers: [registry],
});

export const mailSent = new Counter({
  name: "refrain_mail_total",
  help: "E-mails handed to the mail server (sent) or given up on for now (failed, retried later)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const transcodeSpeed = new Histogram({
  name: "refrain_transcode_speed_ratio",
  help: "Seconds of reading made per second of processing (ffmpeg), per recording",
  buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32],
  registers: [registry],
});

/**
 * Jobs waiting, retrying and running per queue, read from the queue's table when scraped: the
 * same numbers whichever process is asked.
 */
export const queueDepth = new Gauge({
  name: "refrain_job_queue_depth",
  help: "Jobs per queue and state (created, retry, active) in the shared queue",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});
