import { GRADE_LEVEL_OPTIONS, REFERRAL_OPTIONS } from "@refrain/domain";
import type { UseFormSetValue } from "react-hook-form";
import type { SchoolSectionValue } from "./school-section.tsx";

/**
 * A native select's first, unchosen entry: a required choice starts empty. It stays enabled,
 * or the browser would preselect the first real option instead.
 */
export const choose = (label = "Select one...") => ({ value: "", label });

export const gradeLevelData = [choose(), ...GRADE_LEVEL_OPTIONS];
export const referralData = [choose(), ...REFERRAL_OPTIONS];

interface SchoolFields {
  foreign?: boolean;
  schoolZipCode?: string;
  selectedSchool?: number | null;
  schoolName?: string;
}

/**
 * Writes the school section's change into a form that has its four fields, validating
 * again once the form was submitted, as typing in any other field does.
 */
export function applySchoolPatch<T extends SchoolFields>(
  patch: Partial<SchoolSectionValue>,
  setValue: UseFormSetValue<T>,
  submitted: boolean,
) {
  const set = setValue as unknown as UseFormSetValue<SchoolFields>;
  const options = { shouldValidate: submitted };
  if (patch.foreign !== undefined) set("foreign", patch.foreign, options);
  if (patch.schoolZipCode !== undefined) set("schoolZipCode", patch.schoolZipCode, options);
  if (patch.selectedSchool !== undefined) set("selectedSchool", patch.selectedSchool, options);
  if (patch.schoolName !== undefined) set("schoolName", patch.schoolName, options);
}
