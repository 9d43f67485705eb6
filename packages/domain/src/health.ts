import { z } from "zod";
import { contract } from "./contract.ts";

export const healthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") });
/** The answer (503) while the database does not answer, for a load balancer or a monitor. */
export const healthUnavailableResponse = z.object({
  status: z.literal("unavailable"),
  database: z.literal("unreachable"),
});

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
};
