import type { Reading, SavedGrade } from "@refrain/domain";

/** A saved grade and readings for the grading tests. */

export const savedGrade: SavedGrade = {
  id: 7,
  accuracy: -2,
  expression: 4,
  feedback: "",
  selectedWordIds: [101, 105],
  wpm: 88,
  lastWordId: null,
  acceptedWordIds: [],
  lastWordSuggested: false,
  graded_at: "2026-11-24T15:00:00.000Z",
  graded_by: "Ms. Rivera",
};

export function aReading(change: Partial<Reading> = {}): Reading {
  return {
    id: 41,
    url: "/media/41.mp4",
    thumbnail_url: null,
    ready_in_seconds: null,
    label: "Cold Read · 11/24/2026",
    lyrics_only: false,
    student_id: 3,
    firstname: "Ada",
    lastname: "Park",
    created_at: "2026-11-24T14:00:00.000Z",
    lesson_title: "Lean on Me",
    graded_at: null,
    grade: null,
    classification: "cold_read",
    lesson: { id: 9, title: "Lean on Me", wordspermin: 90 },
    type: "Cold Read",
    status: "complete",
    transcode_status: "complete",
    duration: 60,
    suggestion: null,
    ...change,
  };
}
