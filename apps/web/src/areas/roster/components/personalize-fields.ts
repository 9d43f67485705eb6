import {
  type RosterChanges,
  type RosterStudent,
  STUDENT_LEVEL_OPTIONS,
  TRI_STATE_LABELS,
  type TriState,
  type TriStateSetting,
} from "@refrain/domain";

import { ApiError, errorText } from "../../../lib/api.ts";

/** What Personalize Learning changes: the reading level, or one of the tri-state settings. */
export type PersonalizeField = "planid" | TriStateSetting;

export const READING_LEVEL_LABEL = "Reading Level";

/**
 * The "inherit" choice in this page's narrow selects: the roster's "Teacher default" in one
 * word, which also suits a parent's home class; the page's introduction says what it follows.
 */
export const DEFAULT_LABEL = "Default";

/** Each field's select in the table, wide enough for its longest choice. */
export const selectWidth = (field: PersonalizeField) =>
  field === "planid" ? 150 : field === "fluency_recording_lyrics_only" ? 132 : 112;

export const fieldLabel = (field: PersonalizeField) =>
  field === "planid" ? READING_LEVEL_LABEL : TRI_STATE_LABELS[field].label;

/** The choices of a field's select, as text values ("6", "inherit", "1", "0"). */
export function fieldOptions(field: PersonalizeField): { value: string; label: string }[] {
  if (field === "planid")
    return STUDENT_LEVEL_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));
  return [
    { value: "inherit", label: DEFAULT_LABEL },
    { value: "1", label: TRI_STATE_LABELS[field].on },
    { value: "0", label: TRI_STATE_LABELS[field].off },
  ];
}

/** A student's value of a field as its select's text value. */
export const currentValue = (student: RosterStudent, field: PersonalizeField) =>
  String(student[field]);

/** The change a select's text value stands for. */
export function changeOf(field: PersonalizeField, value: string): RosterChanges {
  if (field === "planid") return { planid: Number(value) };
  const tri: TriState = value === "1" ? 1 : value === "0" ? 0 : "inherit";
  return { [field]: tri };
}

/** What a change did, in words: "Slower lesson video is now On", "… follows the class's default". */
export function changeText(field: PersonalizeField, value: string): string {
  if (value === "inherit") return `${fieldLabel(field)} now follows your class's default`;
  const label = fieldOptions(field).find((o) => o.value === value)?.label ?? value;
  return `${fieldLabel(field)} is now ${label}`;
}

/** Why a change was refused: a 404 is a student who left the class (the list is read again). */
export const refusalText = (error: unknown) =>
  error instanceof ApiError && error.status === 404
    ? "A student is no longer in your class; the list has been read again."
    : errorText(error);
