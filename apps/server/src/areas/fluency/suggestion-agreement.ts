import {
  type AgreementReading,
  adaptedAgreement,
  checkedBy,
  correctWordsPerMinute,
  type EngineAgreement,
  presentSuggestion,
  type SchoolAdaptation,
  type SuggestionResult,
  type SuggestionStatus,
  suggestionAgreement,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { schoolAdaptations } from "../../db/schema/index.ts";
import { confirmedBySchool, queuedAdaptations } from "./adaptation.ts";
import { lessonWordsInOrder } from "./suggest.ts";

/**
 * GET /staff/suggestions: how often teachers agreed with suggested scoring, per engine version
 * (issue 20). Two queries whatever the number of readings: every suggestion with its reading's
 * newest grade, then the words of their lessons. A grade counts only against the engine whose
 * suggestion its teacher saw (`suggestion_engine`); one made before, or after a redo by another
 * engine, is not that engine's agreement.
 */
export async function suggestionAgreementOf(db: Db): Promise<EngineAgreement[]> {
  return suggestionAgreement(await agreementReadings(db));
}

/** Every suggestion as agreement counts it, with the school of the reader's class. */
async function agreementReadings(
  db: Db,
): Promise<(AgreementReading & { schoolId: number | null })[]> {
  const result = await db.execute(sql`
    select s.recording_id as "recordingId", s.engine, s.status, s.result, s.adapted,
      r.lesson_id as "lessonId", t.school_id as "schoolId",
      g.selected_word_ids as "missed", g.last_word_id as "lastWordId", g.wpm, g.accuracy,
      g.suggestion_engine as "gradedEngine"
    from reading_suggestions s
    join recordings r on r.id = s.recording_id
    join users u on u.id = r.student_id
    left join users t on t.id = u.teacher_id
    left join lateral (
      select selected_word_ids, last_word_id, wpm, accuracy, suggestion_engine
      from recording_grades
      where recording_id = s.recording_id
      order by created_at desc, id desc
      limit 1
    ) g on true`);
  const rows = (
    result as unknown as {
      rows: {
        recordingId: number;
        engine: string;
        status: SuggestionStatus;
        result: SuggestionResult | null;
        adapted: boolean;
        lessonId: number;
        schoolId: number | null;
        missed: number[] | null;
        lastWordId: number | null;
        wpm: number | null;
        accuracy: number | null;
        gradedEngine: string | null;
      }[];
    }
  ).rows;
  const words = await lessonWordsInOrder(db, [...new Set(rows.map((r) => r.lessonId))]);
  const idsOf = new Map<number, number[]>();
  for (const w of words) idsOf.set(w.lessonId, [...(idsOf.get(w.lessonId) ?? []), w.id]);

  return rows.map((row) => {
    const ids = idsOf.get(row.lessonId) ?? [];
    const shown = presentSuggestion(row, ids);
    const suggested = shown.status === "suggested" ? shown : null;
    const indexOf = (wordId: number | null) => {
      const index = wordId === null ? -1 : ids.indexOf(wordId);
      return index < 0 ? null : index;
    };
    const graded = row.missed !== null && row.gradedEngine === row.engine;
    return {
      engine: row.engine,
      adapted: row.adapted,
      schoolId: row.schoolId,
      status: row.status,
      suggestedMissed: suggested?.missed.map((m) => m.wordId) ?? [],
      suggestedLastIndex: indexOf(suggested?.lastWordId ?? null),
      suggestedWcpm: suggested?.wcpm ?? null,
      grade:
        graded && row.missed
          ? {
              missed: row.missed,
              lastIndex: indexOf(row.lastWordId),
              wcpm: correctWordsPerMinute(row.wpm ?? 0, row.accuracy ?? 0),
            }
          : null,
    };
  });
}

/**
 * GET /staff/suggestions/schools: per school with confirmed readings, suggestions or an
 * adaptation, its newest adaptation for the engine in use (any engine's when none is
 * configured), whether one is queued, and agreement before and after adaptation. A few
 * queries whatever the number of schools.
 */
export async function schoolAdaptationsOf(
  db: Db,
  engine: string | null,
): Promise<SchoolAdaptation[]> {
  const readings = await agreementReadings(db);
  const confirmed = await confirmedBySchool(db, engine);
  const latest = (await db.execute(sql`
    select distinct on (school_id) school_id as "schoolId", created_at as "at", engine, outcome,
      cardinality(learnt_from)::int as learnt, checked
    from ${schoolAdaptations}
    ${engine ? sql`where engine = ${engine}` : sql``}
    order by school_id, created_at desc, id desc`)) as unknown as {
    rows: (Omit<NonNullable<SchoolAdaptation["latest"]>, "base" | "adapted" | "checked" | "at"> & {
      schoolId: number;
      at: Date | string;
      checked: { base: number | null; adapted: number | null }[];
    })[];
  };
  const queuedIds = await queuedAdaptations(db);
  const ids = [
    ...new Set([
      ...readings.flatMap((r) => (r.schoolId === null ? [] : [r.schoolId])),
      ...confirmed.map((c) => c.schoolId),
      ...latest.rows.map((l) => l.schoolId),
    ]),
  ];
  if (ids.length === 0) return [];
  const names = (await db.execute(sql`
    select s.id, s.name, d.name as district from schools s
    left join districts d on d.id = s.district_id
    where s.id = any(${`{${ids.join(",")}}`}::int[])`)) as unknown as {
    rows: { id: number; name: string; district: string | null }[];
  };
  return names.rows
    .map((school): SchoolAdaptation => {
      const last = latest.rows.find((l) => l.schoolId === school.id);
      return {
        schoolId: school.id,
        school: school.name,
        district: school.district,
        confirmed: confirmed.find((c) => c.schoolId === school.id)?.confirmed ?? 0,
        latest: last
          ? {
              at: new Date(last.at).toISOString(),
              engine: last.engine,
              outcome: last.outcome,
              learnt: last.learnt,
              checked: last.checked.length,
              base: checkedBy(last.checked, "base"),
              adapted: checkedBy(last.checked, "adapted"),
            }
          : null,
        queued: queuedIds.has(school.id),
        agreement: adaptedAgreement(readings.filter((r) => r.schoolId === school.id)),
      };
    })
    .sort((a, b) => a.school.localeCompare(b.school) || a.schoolId - b.schoolId);
}

/** POST /staff/suggestions/schools/{id}/adapt: 404 unless the school exists. */
export async function requireSchool(db: Db, schoolId: number) {
  const found = (await db.execute(
    sql`select id from schools where id = ${schoolId}`,
  )) as unknown as { rows: { id: number }[] };
  if (found.rows.length === 0) throw notFound();
}
