/** The report: the goals, latency per scenario and window, per minute, memory, recordings. */
import { cpus } from "node:os";
import { DEMO_RECORDING_TEACHERS } from "../../apps/server/src/demo/recordings.ts";
import { TICK_S } from "../proc.ts";
import type { Verification } from "./follow.ts";
import { checkFailures, errorLog, familyOf, type Sample, samples } from "./measure.ts";
import { type InsideSample, insideSamples, type ProcSample, procSamples } from "./processes.ts";
import { uploadStarts, uploads } from "./recordings.ts";
import {
  DRAIN_S,
  dayMs,
  GOALS,
  MIN_JUDGED,
  MIN_SHOWN,
  MINUTES,
  READERS,
  RECORDERS,
  SAMPLE_S,
  THINK_SCALE,
  UPLOAD_EVERY_S,
  WARMUP_MIN,
  WINDOW_MIN,
} from "./settings.ts";

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Stats {
  n: number;
  errors: number;
  deliberate: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export function stats(list: Sample[]): Stats {
  const timed = list.filter((s) => s.k !== "error").map((s) => s.ms);
  timed.sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    n: list.length,
    errors: list.filter((s) => s.k === "error").length,
    deliberate: list.filter((s) => s.k === "deliberate").length,
    p50: round(percentile(timed, 50)),
    p99: round(percentile(timed, 99)),
    max: round(timed.at(-1) ?? null),
  };
}

interface Window {
  label: string;
  from: number;
  to: number;
}

function windowsOf(): { baseline: Window; later: Window[] } {
  const baseline = {
    label: `${WARMUP_MIN}–${Math.min(MINUTES, WARMUP_MIN + WINDOW_MIN)} min`,
    from: WARMUP_MIN,
    to: Math.min(MINUTES, WARMUP_MIN + WINDOW_MIN),
  };
  const later: Window[] = [];
  for (let from = baseline.to; from < MINUTES; from += WINDOW_MIN) {
    const to = Math.min(MINUTES, from + WINDOW_MIN);
    later.push({ label: `${from}–${to}`, from, to });
  }
  return { baseline, later };
}

const inWindow = (w: Window) => (s: Sample) =>
  s.phase === "day" && s.t >= w.from * 60_000 && s.t < w.to * 60_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};
const fmt = (v: number | null | undefined, digits = 0) =>
  v === null || v === undefined
    ? "—"
    : v.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function report(
  verification: Verification,
  info: { setupSeconds: number; postgres: string; startedAt: string },
) {
  const day = samples.filter((s) => s.phase === "day");
  const { baseline, later } = windowsOf();
  const scenarios = [...new Set(day.map((s) => s.s))].sort();
  const families = [...new Set(scenarios.map(familyOf))];
  // Each scenario, then each family as a whole (whose windows hold enough requests to judge).
  const rows = [
    ...scenarios.map((scenario) => ({ label: scenario, of: (s: Sample) => s.s === scenario })),
    ...families.map((family) => ({
      label: `all ${family}`,
      of: (s: Sample) => familyOf(s.s) === family,
    })),
  ];
  const perScenario = rows.map(({ label: scenario, of }) => {
    const mine = day.filter(of);
    const base = stats(mine.filter(inWindow(baseline)));
    const windows = later.map((w) => stats(mine.filter(inWindow(w))));
    const worstOf = (min: number) =>
      windows
        .filter((w) => w.n >= min && w.p99 !== null)
        .reduce<Stats | undefined>(
          (a, b) => (a === undefined || (b.p99 ?? 0) > (a.p99 ?? 0) ? b : a),
          undefined,
        );
    const ratioOf = (min: number) => {
      const worst = worstOf(min);
      return base.n >= min && base.p99 && worst?.p99
        ? Math.round((worst.p99 / base.p99) * 100) / 100
        : null;
    };
    return {
      scenario,
      all: stats(mine),
      baseline: base,
      windows,
      worst: base.n >= MIN_JUDGED && worstOf(MIN_JUDGED) ? worstOf(MIN_JUDGED) : worstOf(MIN_SHOWN),
      ratio: ratioOf(MIN_SHOWN),
      judgedRatio: ratioOf(MIN_JUDGED),
    };
  });
  const minutes = Array.from({ length: Math.ceil(MINUTES) }, (_, m) => {
    const inMinute = day.filter((s) => s.t >= m * 60_000 && s.t < (m + 1) * 60_000);
    return {
      minute: m,
      all: stats(inMinute),
      families: Object.fromEntries(
        families.map((f) => [f, stats(inMinute.filter((s) => familyOf(s.s) === f))]),
      ),
      scenarios: Object.fromEntries(
        scenarios.map((sc) => [sc, stats(inMinute.filter((s) => s.s === sc))]),
      ),
    };
  });

  // Memory: the median of the samples in the two minutes after the warm-up against the median
  // of the last two minutes of the day; the peak after the warm-up; the trend as a line fit.
  const daySamples = procSamples.filter((p) => p.t <= dayMs + 1000);
  const names = Object.keys(procSamples[0]?.procs ?? {});
  const memOf = (p: ProcSample, name: string) => {
    const proc = p.procs[name];
    return proc ? (proc.pss ?? proc.rss) : 0;
  };
  const afterWarmup = daySamples.filter((p) => p.t >= WARMUP_MIN * 60_000);
  const memory = names.map((name) => {
    const start = median(
      afterWarmup.filter((p) => p.t <= (WARMUP_MIN + 2) * 60_000).map((p) => memOf(p, name)),
    );
    const end = median(
      daySamples.filter((p) => p.t >= dayMs - 2 * 60_000).map((p) => memOf(p, name)),
    );
    const peak = Math.max(...afterWarmup.map((p) => memOf(p, name)));
    const xs = afterWarmup.map((p) => p.t / 3_600_000);
    const ys = afterWarmup.map((p) => memOf(p, name) / 1024);
    const mx = xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
    const my = ys.reduce((a, b) => a + b, 0) / (ys.length || 1);
    const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    const slope =
      sxx > 0 ? xs.reduce((a, x, i) => a + (x - mx) * ((ys[i] as number) - my), 0) / sxx : 0;
    const first = daySamples[0];
    const lastSample = daySamples.at(-1);
    const cpuSeconds =
      first && lastSample
        ? ((lastSample.procs[name]?.cpu ?? 0) - (first.procs[name]?.cpu ?? 0)) * TICK_S
        : 0;
    const heaps = insideSamples.filter((p) => p.t >= WARMUP_MIN * 60_000 && p.t <= dayMs + 1000);
    const heapOf = (list: InsideSample[]) => {
      const values = list.map((p) => p.procs[name]?.heapMb).filter((v) => v !== undefined);
      return values.length === 0 ? null : median(values);
    };
    return {
      name,
      measure: name === "postgresql" ? "PSS (sum)" : "RSS",
      heapStartMb: heapOf(heaps.filter((p) => p.t <= (WARMUP_MIN + 2) * 60_000)),
      heapEndMb: heapOf(heaps.filter((p) => p.t >= dayMs - 2 * 60_000)),
      startKb: start,
      endKb: end,
      peakKb: peak,
      growth: start > 0 ? end / start - 1 : 0,
      slopeMbPerHour: Math.round(slope * 10) / 10,
      cpuSeconds: Math.round(cpuSeconds * 10) / 10,
      rssSumEndKb: name === "postgresql" ? (lastSample?.procs[name]?.rss ?? 0) : undefined,
      processesEnd: lastSample?.procs[name]?.count,
    };
  });
  const loopNames = Object.keys(insideSamples[0]?.procs ?? {});
  const productNames = names.filter(
    (n) => n.startsWith("server") || n.startsWith("worker") || n === "postgresql",
  );
  const product = memory.filter(
    (m) => m.name.startsWith("server") || m.name.startsWith("worker") || m.name === "postgresql",
  );

  const errors = samples.filter((s) => s.k === "error").length + checkFailures;
  const deliberate = samples.filter((s) => s.k === "deliberate");
  const unexpected4xx = samples.filter((s) => s.k === "error" && s.st >= 400 && s.st < 500).length;
  const fivexx = samples.filter((s) => s.st >= 500).length;
  const noAnswer = samples.filter((s) => s.st === 0).length;
  const measured = perScenario.filter((p) => !p.scenario.includes("deliberate"));
  const judged = measured.filter((p) => p.judgedRatio !== null);
  const slow = judged.filter((p) => (p.judgedRatio ?? 0) > GOALS.p99Ratio);
  const slowFew = measured.filter(
    (p) => p.judgedRatio === null && p.ratio !== null && p.ratio > GOALS.p99Ratio,
  );
  const grown = product.filter((m) => m.growth > GOALS.memoryGrowth);
  const lost =
    verification.notComplete.length +
    verification.ungraded.length +
    verification.gradesNotRead.length +
    verification.failed;
  const processTimes = [...uploads.values()]
    .map((u) => u.processSeconds)
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b);
  const goals = [
    {
      goal: "0 errors other than deliberate 4xx",
      result: `${errors} errors (${fivexx} 5xx, ${unexpected4xx} unexpected 4xx, ${noAnswer} without an answer, ${checkFailures} wrong answers) in ${samples.length.toLocaleString("en-US")} requests; ${deliberate.length} deliberate 4xx`,
      met: errors === 0,
    },
    {
      goal: `p99 of every scenario within ${GOALS.p99Ratio}× its p99 in the first ${WINDOW_MIN} minutes`,
      result:
        later.length === 0
          ? "no later window to compare"
          : `${judged.length} scenarios and families with ≥ ${MIN_JUDGED} requests in the baseline and a window: worst ${Math.max(0, ...judged.map((p) => p.judgedRatio ?? 0)).toFixed(2)}×${
              slow.length > 0
                ? `, over: ${slow.map((p) => `${p.scenario} ${p.judgedRatio}×`).join(", ")}`
                : ""
            }. Fewer requests (unjudged): ${
              slowFew.length === 0
                ? `none over ${GOALS.p99Ratio}×`
                : `${slowFew.length} over ${GOALS.p99Ratio}×: ${slowFew.map((p) => `${p.scenario} ${p.ratio}×`).join(", ")}`
            }`,
      met: later.length === 0 ? null : slow.length === 0,
    },
    {
      goal: `memory flat within ${GOALS.memoryGrowth * 100} % after the warm-up`,
      result: product
        .map((m) => `${m.name} ${m.growth >= 0 ? "+" : ""}${(m.growth * 100).toFixed(1)} %`)
        .join(", "),
      met: grown.length === 0,
    },
    {
      goal: "nothing lost: every reading processed, graded, its grade readable on both servers",
      result: `${verification.uploads} uploaded, ${verification.complete} complete, ${verification.failed} failed, ${verification.graded} graded, ${verification.gradesReadOnBothServers} read back on both servers`,
      met: lost === 0 && verification.uploads > 0,
    },
  ];

  const lines: string[] = [];
  const requestsPerSecond = day.length / (MINUTES * 60);
  lines.push(
    `## Soak ${info.startedAt}: ${MINUTES} min, two app servers and a worker`,
    "",
    `PostgreSQL ${info.postgres} (fsync off, as scripts/local-postgres.sh starts it), s3rver, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${fmt(
      Math.min(...procSamples.map((p) => p.load)),
      1,
    )}–${fmt(Math.max(...procSamples.map((p) => p.load)), 1)} during the day; setup ${fmt(info.setupSeconds)} s.`,
    `Virtual users: ${READERS} readers, ${RECORDERS} recorders (an upload every ~${UPLOAD_EVERY_S} s), ${DEMO_RECORDING_TEACHERS.length} grading teachers, 1 browser for the other teachers' reports, 2 admins, 1 typist of wrong passwords.`,
    "",
    `**${day.length.toLocaleString("en-US")} requests in the day** (${requestsPerSecond.toFixed(1)}/s), ${samples.length - day.length} more while draining and verifying; error rate ${((100 * errors) / Math.max(1, samples.length)).toFixed(3)} % (${errors}); deliberate 4xx ${deliberate.length}.`,
    "",
    "### Goals",
    "",
    "| goal | result | |",
    "|---|---|---|",
    ...goals.map(
      (g) =>
        `| ${g.goal} | ${g.result} | ${g.met === null ? "not judged" : g.met ? "met" : "**not met**"} |`,
    ),
    "",
    `### Latency per scenario (ms): the first ${WINDOW_MIN} minutes after the warm-up against each later window`,
    "",
    `p99 per window (with its number of requests when under ${MIN_SHOWN}); "worst" is the highest later p99 of a window with ≥ ${MIN_SHOWN} requests and "ratio" its ratio to the baseline's p99, marked "few" unless the baseline and the windows compared hold ≥ ${MIN_JUDGED} requests (the goal judges those). Errors are left out of the times.`,
    "",
    `| scenario | requests | baseline ${baseline.label}: n, p50 / p99 | ${later.map((w) => `${w.label} p99 | `).join("")}worst p99 | ratio |`,
    `|---|---:|---:|${later.map(() => "---:|").join("")}---:|---:|`,
    ...perScenario.map(
      (p) =>
        `| ${p.scenario.startsWith("all ") ? `**${p.scenario}**` : p.scenario} | ${p.all.n} | ${p.baseline.n}: ${fmt(p.baseline.p50)} / ${fmt(p.baseline.p99)} | ${p.windows
          .map(
            (w) => `${w.n === 0 ? "—" : `${fmt(w.p99)}${w.n < MIN_SHOWN ? ` (${w.n})` : ""}`} | `,
          )
          .join("")}${fmt(p.worst?.p99)} | ${
          p.judgedRatio !== null
            ? `${p.judgedRatio.toFixed(2)}×`
            : p.ratio === null
              ? "—"
              : `${p.ratio.toFixed(2)}× (few)`
        } |`,
    ),
    "",
    "### Per minute: requests, errors, p50 / p99 (ms) by family, memory (MB) at the minute's end",
    "",
    `| min | requests | errors | ${families.map((f) => `${f} p50 / p99 | `).join("")}${productNames.join(" | ")} | event loop's longest delay (ms): ${loopNames.join(" / ")} |`,
    `|---:|---:|---:|${families.map(() => "---:|").join("")}${productNames.map(() => "---:|").join("")}---:|`,
    ...minutes.map((m) => {
      const at = procSamples.filter((p) => p.t <= (m.minute + 1) * 60_000).at(-1);
      return `| ${m.minute} | ${m.all.n} | ${m.all.errors} | ${families
        .map((f) => {
          const s = m.families[f] as Stats;
          return `${s.n === 0 ? "—" : `${fmt(s.p50)} / ${fmt(s.p99)}`} | `;
        })
        .join(
          "",
        )}${productNames.map((n) => fmt(at ? memOf(at, n) / 1024 : null)).join(" | ")} | ${loopNames
        .map((n) => {
          const inMinute = insideSamples
            .filter((p) => p.t > m.minute * 60_000 && p.t <= (m.minute + 1) * 60_000)
            .map((p) => p.procs[n]?.loopMaxMs)
            .filter((v) => v !== undefined);
          return inMinute.length === 0 ? "—" : fmt(Math.max(...inMinute));
        })
        .join(" / ")} |`;
    }),
    "",
    `### Memory (MB) and CPU: median of the two minutes after the ${WARMUP_MIN}-minute warm-up against the last two minutes of the day`,
    "",
    "| process | measure | after warm-up | end | growth | peak | trend | V8 heap used, after warm-up → end | CPU s in the day (with its ended children) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...memory.map(
      (m) =>
        `| ${m.name} | ${m.measure} | ${fmt(m.startKb / 1024)} | ${fmt(m.endKb / 1024)} | ${m.growth >= 0 ? "+" : ""}${(m.growth * 100).toFixed(1)} % | ${fmt(m.peakKb / 1024)} | ${m.slopeMbPerHour >= 0 ? "+" : ""}${m.slopeMbPerHour} MB/h | ${m.heapStartMb === null ? "—" : `${fmt(m.heapStartMb)} → ${fmt(m.heapEndMb)}`} | ${m.cpuSeconds} |`,
    ),
    "",
    `PostgreSQL's RSS summed over its ${memory.find((m) => m.name === "postgresql")?.processesEnd ?? "?"} processes at the end: ${fmt((memory.find((m) => m.name === "postgresql")?.rssSumEndKb ?? 0) / 1024)} MB (shared buffers counted once per backend that touched them). s3rver and the bench are not the product.`,
    "",
    "### Recordings",
    "",
    `${verification.uploads} uploaded (${uploadStarts} begun), ${verification.complete} processed complete, ${verification.failed} failed, ${verification.graded} graded, ${verification.gradesReadOnBothServers} grades read back on both servers; ${verification.comparisons.made} cold/hot comparisons made by the worker (${verification.comparisons.complete} complete); recording-process jobs failed ${verification.jobsFailed}, retried ${verification.jobsRetried}; unfinished tus uploads left ${verification.uploadsLeftOpen}.`,
    `Last byte to processed (the database's clock): p50 ${fmt(percentile(processTimes, 50), 1)} s, p99 ${fmt(percentile(processTimes, 99), 1)} s, max ${fmt(processTimes.at(-1), 1)} s.`,
    ...(verification.notComplete.length +
      verification.ungraded.length +
      verification.gradesNotRead.length >
    0
      ? [
          "",
          `Not complete: ${verification.notComplete.join(", ") || "none"}; not graded: ${verification.ungraded.join(", ") || "none"}; grade not read back: ${verification.gradesNotRead.join(", ") || "none"}.`,
        ]
      : []),
  );
  if (errorLog.length > 0) {
    lines.push("", "### Errors (first 20)", "");
    for (const e of errorLog.slice(0, 20))
      lines.push(
        `- ${fmt(e.t / 1000, 1)} s, ${e.scenario}, server ${e.server + 1}: ${e.status} ${e.detail}`,
      );
  }
  return {
    markdown: lines.join("\n"),
    goals,
    json: {
      settings: {
        MINUTES,
        WARMUP_MIN,
        WINDOW_MIN,
        READERS,
        RECORDERS,
        UPLOAD_EVERY_S,
        THINK_SCALE,
        SAMPLE_S,
        DRAIN_S,
      },
      info,
      goals,
      perScenario,
      minutes,
      memory,
      procSamples,
      insideSamples,
      uploads: [...uploads.values()],
      verification,
      errors: errorLog,
      requests: samples.map((s) => [
        Math.round(s.t),
        s.s,
        s.st,
        Math.round(s.ms * 10) / 10,
        s.srv,
        s.k,
        s.phase,
      ]),
    },
  };
}
