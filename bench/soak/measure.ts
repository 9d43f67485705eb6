/**
 * Every request the virtual users send goes through `call`, which picks the server in turn and
 * records the request's scenario, status and time; errors go to the error log too.
 */
import type { HttpClient } from "../../apps/server/test/http-client.ts";
import {
  dayMs,
  dayOver,
  endDay,
  log,
  MAX_REQUESTS,
  type Phase,
  phase,
  REQUEST_LIMIT_MS,
  since,
  withTimeout,
} from "./settings.ts";

type Kind = "ok" | "error" | "deliberate";
/** One request: when it left (ms since the day began), scenario, status (0: none), ms, server. */
export interface Sample {
  t: number;
  s: string;
  st: number;
  ms: number;
  srv: number;
  k: Kind;
  phase: Phase;
}
export const samples: Sample[] = [];
export const errorLog: {
  t: number;
  scenario: string;
  status: number;
  server: number;
  detail: string;
}[] = [];
/**
 * Answers that came back as expected but said the wrong thing (a grade not read back). Counted
 * here only, by checkFailed; the report reads it (an import is read-only).
 */
export let checkFailures = 0;

export function checkFailed(scenario: string, server: number, detail: string): never {
  checkFailures++;
  errorLog.push({ t: since(), scenario, status: -1, server, detail });
  log(`CHECK FAILED ${scenario}: ${detail}`);
  throw new CallFailed(detail);
}

/** Scenarios by family, for the tables: the family is the part before the colon. */
export const familyOf = (scenario: string) => scenario.split(":")[0] as string;

export class CallFailed extends Error {}

/** The app servers' URLs; main sets them once the cluster is up (imports are read-only). */
export let servers: string[] = [];
let turn = 0;

export function setServers(urls: string[]) {
  servers = urls;
}

/** The next server, as a round-robin load balancer picks it. */
export const nextServer = () => turn++ % servers.length;

export interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses the flow expects (200 by default); anything else is an error. */
  expect?: number[];
  /** A 4xx the flow asks for on purpose (a wrong password): counted apart. */
  deliberate?: boolean;
  /** The server to use (an index), instead of the next in turn. */
  server?: number;
}

function record(
  scenario: string,
  status: number,
  ms: number,
  server: number,
  kind: Kind,
  t: number,
  detail = "",
) {
  // What a virtual user still sends after the day's end belongs to the drain.
  const at: Phase = phase === "day" && t >= dayMs ? "drain" : phase;
  samples.push({ t, s: scenario, st: status, ms, srv: server, k: kind, phase: at });
  if (kind === "error") {
    errorLog.push({ t, scenario, status, server, detail: detail.slice(0, 400) });
    if (errorLog.length <= 30)
      log(`ERROR ${scenario}: ${status} on server ${server + 1} ${detail}`);
  }
}

export async function call(
  client: HttpClient,
  scenario: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  if (!dayOver && samples.length >= MAX_REQUESTS) {
    log("SOAK_MAX_REQUESTS reached: the day ends early");
    endDay();
  }
  const server = options.server ?? nextServer();
  const t = since();
  const started = performance.now();
  let answer: Answer = { status: 0, json: undefined, headers: new Headers() };
  let detail = "";
  try {
    answer = await withTimeout(
      client
        .on(servers[server] as string)
        .request(method, path, options.body, options.headers ?? {}),
      REQUEST_LIMIT_MS,
    );
  } catch (error) {
    detail = error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - started;
  const expected = (options.expect ?? [200]).includes(answer.status);
  const kind: Kind = expected ? (options.deliberate ? "deliberate" : "ok") : "error";
  if (!expected && !detail)
    detail = `${method} ${path}: ${JSON.stringify(answer.json ?? "").slice(0, 300)}`;
  record(scenario, answer.status, ms, server, kind, t, detail);
  if (kind === "error") throw new CallFailed(`${scenario}: ${answer.status} ${detail}`);
  return answer;
}

/** GET /auth/session as the page shell asks it, which also gives the browser its CSRF token. */
export async function sessionCheck(client: HttpClient) {
  const server = nextServer();
  const t = since();
  const started = performance.now();
  try {
    await withTimeout(client.on(servers[server] as string).refreshCsrf(), REQUEST_LIMIT_MS);
    record("sign-in: session check", 200, performance.now() - started, server, "ok", t);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    record("sign-in: session check", 0, performance.now() - started, server, "error", t, detail);
    throw new CallFailed(detail);
  }
}

export const data = <T>(answer: Answer) => (answer.json as { data: T }).data;
