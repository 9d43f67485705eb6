import {
  type AgreementReading,
  correctWordsPerMinute,
  type EngineAgreement,
  presentSuggestion,
  type SuggestionResult,
  type SuggestionStatus,
  suggestionAgreement,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { lessonWordsInOrder } from "./suggest.ts";

/**
 * GET /staff/suggestions: how often teachers agreed with suggested scoring, per engine version
 * (issue 20). Two queries whatever the number of readings: every suggestion with its reading's
 * newest grade, then the words of their lessons. A grade counts only against the engine whose
 * suggestion its teacher saw (`suggestion_engine`); one made before, or after a redo by another
 * engine, is not that engine's agreement.
 */
export async function suggestionAgreementOf(db: Db): Promise<EngineAgreement[]> {
  const result = await db.execute(sql`
    select s.recording_id as "recordingId", s.engine, s.status, s.result,
      r.lesson_id as "lessonId",
      g.selected_word_ids as "missed", g.last_word_id as "lastWordId", g.wpm, g.accuracy,
      g.suggestion_engine as "gradedEngine"
    from reading_suggestions s
    join recordings r on r.id = s.recording_id
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
        lessonId: number;
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

  const readings = rows.map((row): AgreementReading => {
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
  return suggestionAgreement(readings);
}
