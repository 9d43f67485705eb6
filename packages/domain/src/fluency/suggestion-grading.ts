import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse, idParam, keysOf } from "../validation.ts";
import {
  DECLINE_TEXT,
  DEVIATION_TEXT,
  DEVIATION_TYPES,
  isError,
  type SuggestionResult,
} from "./suggestions.ts";

/**
 * Suggested scoring in the grading modal and its measure (issue 20): what a teacher is shown of
 * a reading's suggestion, in lesson word ids, and how often teachers agreed with an engine.
 */

export const SUGGESTION_STATUSES = ["pending", "suggested", "declined", "failed"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const suggestionMessages = {
  pending: "Suggestions are being worked out…",
  failed: "Suggestions could not be worked out for this reading.",
  notFailed: "Only suggestions that could not be worked out can be tried again.",
  unavailable: "Suggestions are turned off on this server.",
  cannotAdapt:
    "Adapting the recognizer is not available on this server: it needs Debian's sphinxtrain.",
  acceptedNotSuggested: "A word accepted as a suggestion was not suggested.",
  lastWordNotSuggested: "The last word set is not the suggested one.",
} as const;

/** A suggested missed word, as the grading modal shows it. */
export const suggestedMiss = z.object({
  wordId: z.number(),
  type: z.enum(DEVIATION_TYPES),
  /** What was heard instead (a substitution), or null. */
  heard: z.string().nullable(),
  confidence: z.number(),
  start: z.number(),
  end: z.number(),
});
export type SuggestedMiss = z.infer<typeof suggestedMiss>;

/** A reading's suggestion in the reading set (GET /teacher/recordings/:id). */
export const readingSuggestion = z.discriminatedUnion("status", [
  z.object({ status: z.literal("pending"), engine: z.string() }),
  z.object({ status: z.literal("failed"), engine: z.string() }),
  z.object({ status: z.literal("declined"), engine: z.string(), reason: z.string() }),
  z.object({
    status: z.literal("suggested"),
    engine: z.string(),
    /** Suggested by the model adapted to the school's readings (issue 38). */
    adapted: z.boolean(),
    missed: z.array(suggestedMiss),
    /** Where each word heard was read: lesson word id → seconds into the recording. */
    timings: z.record(z.string(), z.number()),
    lastWordId: z.number().nullable(),
    wpm: z.number(),
    wcpm: z.number(),
  }),
]);
export type ReadingSuggestion = z.infer<typeof readingSuggestion>;

/**
 * A stored suggestion as the teacher sees it. Passage index i is the i-th lesson word in lesson
 * order (`wordIds`, the order the modal lists them). The missed words are the errors a teacher
 * would mark (skipped or said as another) up to the suggested last word, as its WCPM counts them.
 */
export function presentSuggestion(
  row: {
    status: SuggestionStatus;
    engine: string;
    result: SuggestionResult | null;
    adapted: boolean;
  },
  wordIds: readonly number[],
): ReadingSuggestion {
  const { status, engine, result, adapted } = row;
  if (status === "pending" || status === "failed" || !result) {
    return { status: status === "failed" ? "failed" : "pending", engine };
  }
  if (result.status === "declined")
    return { status: "declined", engine, reason: DECLINE_TEXT[result.reason] };
  const idOf = (index: number) => wordIds[index];
  const missed: SuggestedMiss[] = [];
  const seen = new Set<number>();
  for (const d of result.deviations) {
    const wordId = idOf(d.index);
    if (!isError(d.type) || d.index > result.lastIndex || wordId === undefined) continue;
    if (seen.has(wordId)) continue;
    seen.add(wordId);
    const { type, heard, confidence, start, end } = d;
    missed.push({ wordId, type, heard, confidence, start, end });
  }
  const timings: Record<string, number> = {};
  for (const w of result.words) {
    const wordId = idOf(w.index);
    if (wordId !== undefined) timings[wordId] = w.start;
  }
  // An omitted word was never heard: it is placed where the reader passed over it.
  for (const m of missed) timings[m.wordId] ??= m.start;
  return {
    status: "suggested",
    engine,
    adapted,
    missed,
    timings,
    lastWordId: idOf(result.lastIndex) ?? null,
    wpm: result.wpm,
    wcpm: result.wcpm,
  };
}

/**
 * How a deviation reads in the modal's tooltip: "Said another word (heard “bark”), about 80%
 * likely". The engine's confidence is calibrated (of the misses it shows as 80 % likely, about
 * 80 % were misses on its held-out readings), and said to the nearest 5 %, never 100 %: a
 * suggestion is a guess, and the teacher checks it.
 */
export function suggestionText(miss: Pick<SuggestedMiss, "type" | "heard" | "confidence">) {
  const heard = miss.heard ? ` (heard “${miss.heard}”)` : "";
  return `Suggested: ${DEVIATION_TEXT[miss.type]}${heard}, about ${likelihoodPercent(miss.confidence)}% likely`;
}

/** A confidence as a teacher reads it: to the nearest 5 %, from 5 % to 95 %. */
export const likelihoodPercent = (confidence: number) =>
  Math.min(95, Math.max(5, 5 * Math.round((100 * confidence) / 5)));

/**
 * How much of a reading's suggestion a teacher wants in the grading modal (issue 38), kept per
 * teacher: none of it, only the likelier misses, or every miss the engine suggests.
 */
export const SUGGESTION_HELP = {
  off: "Off",
  cautious: "Likely misses",
  all: "All",
} as const;
export const SUGGESTION_HELP_LEVELS = keysOf(SUGGESTION_HELP);
export type SuggestionHelp = (typeof SUGGESTION_HELP_LEVELS)[number];
/** Until a teacher picks: the likelier misses only, each still to be checked. */
export const DEFAULT_SUGGESTION_HELP: SuggestionHelp = "cautious";
/**
 * The least confidence of a miss shown at the cautious level: more likely a miss than not. With
 * engine /2's calibration that keeps the omissions most of its voters found (59–67 % right on
 * the labelled set) and leaves out its substitutions (38 % at best).
 */
export const LIKELY_MISS = 0.5;

export const suggestionHelpBody = z.object({ help: z.enum(SUGGESTION_HELP_LEVELS) });
export type SuggestionHelpBody = z.infer<typeof suggestionHelpBody>;

type Suggested = Extract<ReadingSuggestion, { status: "suggested" }>;

/**
 * A suggestion as a help level shows it: nothing when off; at the cautious level only the misses
 * at least LIKELY_MISS likely, and the words correct per minute of those (each miss costs one,
 * as the engine counted them).
 */
export function suggestionAtHelp(suggestion: Suggested, help: SuggestionHelp): Suggested | null {
  if (help === "off") return null;
  if (help === "all") return suggestion;
  const missed = suggestion.missed.filter((m) => m.confidence >= LIKELY_MISS);
  return {
    ...suggestion,
    missed,
    wcpm: suggestion.wcpm + suggestion.missed.length - missed.length,
  };
}

// ───────────────────────── Agreement with teachers, per engine ─────────────────────────

/** One reading with a suggestion row, and its newest grade when graded. */
export interface AgreementReading {
  engine: string;
  /** Suggested by the model adapted to the reader's school rather than the base model. */
  adapted: boolean;
  status: SuggestionStatus;
  /** Suggested: the missed words' ids, the last word's index in the passage and the WCPM. */
  suggestedMissed: readonly number[];
  suggestedLastIndex: number | null;
  suggestedWcpm: number | null;
  grade: {
    missed: readonly number[];
    /** The last word the teacher set, as its index in the passage; null when none was set. */
    lastIndex: number | null;
    /** The grade's correct words per minute (grading.ts `correctWordsPerMinute`). */
    wcpm: number | null;
  } | null;
}

export const engineAgreement = z.object({
  engine: z.string(),
  suggested: z.number(),
  declined: z.number(),
  failed: z.number(),
  /** Suggested readings graded since. */
  graded: z.number(),
  /** Share of suggested misses the teacher kept (0–1), null with none suggested. */
  precision: z.number().nullable(),
  /** Share of the teacher's misses that were suggested (0–1), null with none marked. */
  recall: z.number().nullable(),
  /** Readings whose teacher set a last word, and the shares agreeing exactly and within 2. */
  lastWordGraded: z.number(),
  lastWordExact: z.number().nullable(),
  lastWordWithin2: z.number().nullable(),
  /** Mean absolute difference between suggested and graded WCPM. */
  wcpmError: z.number().nullable(),
});
export type EngineAgreement = z.infer<typeof engineAgreement>;

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The agreement measures of one group of readings (an engine's, or a school's model's). */
function agreementOf(rows: readonly AgreementReading[]): Omit<EngineAgreement, "engine"> {
  const count = (status: SuggestionStatus) => rows.filter((r) => r.status === status).length;
  const graded = rows.filter((r) => r.status === "suggested" && r.grade !== null);
  let suggestedMisses = 0;
  let teacherMisses = 0;
  let kept = 0;
  let lastWordGraded = 0;
  let exact = 0;
  let within2 = 0;
  let wcpmGraded = 0;
  let wcpmDifference = 0;
  for (const r of graded) {
    const grade = r.grade;
    if (!grade) continue;
    const teacher = new Set(grade.missed);
    suggestedMisses += r.suggestedMissed.length;
    teacherMisses += teacher.size;
    kept += r.suggestedMissed.filter((id) => teacher.has(id)).length;
    if (grade.lastIndex !== null && r.suggestedLastIndex !== null) {
      lastWordGraded++;
      const apart = Math.abs(grade.lastIndex - r.suggestedLastIndex);
      if (apart === 0) exact++;
      if (apart <= 2) within2++;
    }
    if (grade.wcpm !== null && r.suggestedWcpm !== null) {
      wcpmGraded++;
      wcpmDifference += Math.abs(grade.wcpm - r.suggestedWcpm);
    }
  }
  return {
    suggested: count("suggested"),
    declined: count("declined"),
    failed: count("failed"),
    graded: graded.length,
    precision: share(kept, suggestedMisses),
    recall: share(kept, teacherMisses),
    lastWordGraded,
    lastWordExact: share(exact, lastWordGraded),
    lastWordWithin2: share(within2, lastWordGraded),
    wcpmError: share(wcpmDifference, wcpmGraded),
  };
}

/** Readings grouped by a key, the groups in the keys' order. */
function groupBy<K extends string>(
  readings: readonly AgreementReading[],
  key: (r: AgreementReading) => K,
) {
  const groups = new Map<K, AgreementReading[]>();
  for (const r of readings) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Agreement between suggestions and teachers' grades, per engine version, pooled over readings
 * (a reading with many misses weighs more, as it does in a teacher's time). Engines by name.
 */
export function suggestionAgreement(readings: readonly AgreementReading[]): EngineAgreement[] {
  return groupBy(readings, (r) => r.engine).map(([engine, rows]) => ({
    engine,
    ...agreementOf(rows),
  }));
}

/**
 * One school's agreement per engine version, before adaptation (its base model's suggestions)
 * and after (those of the model adapted to its voices).
 */
export function adaptedAgreement(readings: readonly AgreementReading[]): ModelAgreement[] {
  return groupBy(readings, (r) => `${r.engine}\u0000${r.adapted ? 1 : 0}`).map(([, rows]) => ({
    engine: rows[0]?.engine ?? "",
    adapted: rows[0]?.adapted ?? false,
    ...agreementOf(rows),
  }));
}

export const modelAgreement = engineAgreement.extend({ adapted: z.boolean() });
export type ModelAgreement = z.infer<typeof modelAgreement>;

/** A school's adaptation as staff see it (GET /staff/suggestions/schools). */
export const schoolAdaptation = z.object({
  schoolId: z.number(),
  school: z.string(),
  district: z.string().nullable(),
  /** Its readings a teacher confirmed (graded with a last word) whose media is kept. */
  confirmed: z.number(),
  /** The newest adaptation for the engine in use, or null before the first. */
  latest: z
    .object({
      at: z.string(),
      engine: z.string(),
      outcome: z.enum(["kept", "discarded"]),
      learnt: z.number(),
      checked: z.number(),
      base: z.object({ suggested: z.number(), meanError: z.number().nullable() }),
      adapted: z.object({ suggested: z.number(), meanError: z.number().nullable() }),
    })
    .nullable(),
  /** Whether an adaptation is being made or waits in the queue. */
  queued: z.boolean(),
  agreement: z.array(modelAgreement),
});
export type SchoolAdaptation = z.infer<typeof schoolAdaptation>;

// ───────────────────────── Calls ─────────────────────────

export const suggestionCalls = {
  retry: contract({
    method: "POST",
    path: "/teacher/recordings/:id/suggestions/retry",
    tag: "fluency",
    summary: "Work out a reading's suggestions again, after they could not be",
    policy: "classOwners",
    params: z.object({ id: idParam }),
    response: dataResponse(readingSuggestion),
  }),
  help: contract({
    method: "GET",
    path: "/teacher/suggestions/help",
    tag: "fluency",
    summary: "How much of suggested scoring the teacher wants shown while grading",
    policy: "classOwners",
    response: dataResponse(suggestionHelpBody),
  }),
  setHelp: contract({
    method: "POST",
    path: "/teacher/suggestions/help",
    tag: "fluency",
    summary: "Keep how much of suggested scoring the teacher wants shown while grading",
    policy: "classOwners",
    body: suggestionHelpBody,
    response: dataResponse(suggestionHelpBody),
  }),
  agreement: contract({
    method: "GET",
    path: "/staff/suggestions",
    tag: "fluency",
    summary: "How often teachers agreed with suggested scoring, per engine version",
    policy: "staff",
    response: dataResponse(z.array(engineAgreement)),
  }),
  schools: contract({
    method: "GET",
    path: "/staff/suggestions/schools",
    tag: "fluency",
    summary: "Per school: the recogniser adapted to its voices, and agreement before and after",
    policy: "staff",
    response: dataResponse(z.array(schoolAdaptation)),
  }),
  adapt: contract({
    method: "POST",
    path: "/staff/suggestions/schools/:id/adapt",
    tag: "fluency",
    summary: "Adapt the recogniser to a school's confirmed readings now",
    policy: "staff",
    params: z.object({ id: idParam }),
    response: dataResponse(z.object({ queued: z.literal(true) })),
  }),
};
