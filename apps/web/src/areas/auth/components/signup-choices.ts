import { GRADE_LEVEL_OPTIONS, REFERRAL_OPTIONS } from "@refrain/domain";

/**
 * A native select's first, unchosen entry: a required choice starts empty. It stays enabled,
 * or the browser would preselect the first real option instead.
 */
export const choose = (label = "Select one...") => ({ value: "", label });

export const gradeLevelData = [choose(), ...GRADE_LEVEL_OPTIONS];
export const referralData = [choose(), ...REFERRAL_OPTIONS];
