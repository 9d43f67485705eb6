/** The soak's settings (SOAK_* in the environment, described in main.ts) and its clock. */
import { setTimeout as sleep } from "node:timers/promises";

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

export const MINUTES = setting("SOAK_MINUTES", 30);
export const WARMUP_MIN = setting("SOAK_WARMUP_MINUTES", 1);
export const WINDOW_MIN = setting("SOAK_WINDOW_MINUTES", 5);
export const READERS = setting("SOAK_READERS", 6);
export const RECORDERS = setting("SOAK_RECORDERS", 2);
export const UPLOAD_EVERY_S = setting("SOAK_UPLOAD_EVERY", 20);
export const THINK_SCALE = setting("SOAK_THINK_SCALE", 1);
export const SAMPLE_S = setting("SOAK_SAMPLE_SECONDS", 15);
export const DRAIN_S = setting("SOAK_DRAIN_SECONDS", 300);
export const MAX_REQUESTS = setting("SOAK_MAX_REQUESTS", 100_000);
export const MAX_UPLOADS = setting("SOAK_MAX_UPLOADS", 300);
export const PG_PORT = setting("SOAK_PG_PORT", 55462);
export const PG_DIR = process.env.SOAK_PG_DIR ?? "/tmp/refrain-pg-soak";
export const LOGS = process.env.SOAK_LOGS === "ignore" ? "ignore" : "inherit";
export const RESULTS_DIR = process.env.SOAK_RESULTS_DIR ?? "bench/results";
export const REQUEST_LIMIT_MS = 30_000;
/** The web app's tus chunk (apps/web/src/areas/learning/recording/pending-recording.ts). */
export const CHUNK_BYTES = 2 * 1024 * 1024;
/** Periods of the compressed school day (8:00 to 15:00). */
export const PERIODS = 6;
/**
 * A window's p99 is judged against the baseline's only when both hold SOAK_MIN_JUDGED (100)
 * requests: a p99 of 30 requests is their slowest one, which a single stall of the shared
 * machine makes. Windows of MIN_SHOWN or more are shown with their ratio, unjudged.
 */
export const MIN_JUDGED = setting("SOAK_MIN_JUDGED", 100);
export const MIN_SHOWN = 20;
export const GOALS = { p99Ratio: 2, memoryGrowth: 0.2 };

if (PG_PORT === 55432) throw new Error("55432 is CI's PostgreSQL port: choose another");
if (MINUTES <= WARMUP_MIN) throw new Error("SOAK_MINUTES must be longer than the warm-up");

/** The repository, two folders up from bench/soak/. */
export const root = new URL("../..", import.meta.url).pathname;
export const log = (line: string) => console.log(`[soak ${clock()}] ${line}`);

// ───────────────────────── time ─────────────────────────

// The clock's state belongs to this module: other modules read `phase` and `dayOver` and change
// them through the setters below, since an imported binding is read-only.

/** When the day began (performance.now()); the setup runs before it. */
let t0 = 0;
export type Phase = "setup" | "day" | "drain" | "verify";
export let phase: Phase = "setup";

/** The day begins now: times are counted from here. */
export function startDay() {
  t0 = performance.now();
  phase = "day";
}

export function setPhase(next: "drain" | "verify") {
  phase = next;
}

export const since = () => (phase === "setup" ? 0 : performance.now() - t0);
const clock = () => {
  if (phase === "setup") return "setup";
  const s = Math.floor(since() / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
export const dayMs = MINUTES * 60_000;
/** True once the day is over: virtual users finish their step and leave. */
export let dayOver = false;

export function endDay() {
  dayOver = true;
}

export const pick = <T>(items: readonly T[]): T =>
  items[Math.floor(Math.random() * items.length)] as T;
export const between = (min: number, max: number) => min + Math.random() * (max - min);
export const randInt = (min: number, max: number) => Math.floor(between(min, max + 1));

/** A pause of a person reading or thinking. */
export async function think(minS: number, maxS: number) {
  // Not cut short at the day's end: every browser waking at once would be a burst of the
  // bench's own making. What is sent after the end belongs to the drain.
  await sleep(between(minS, maxS) * 1000 * THINK_SCALE);
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
