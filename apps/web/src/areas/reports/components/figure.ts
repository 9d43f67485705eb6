/** A report's figure with its unit, or a dash where there is none yet. */
export const figure = (value: number | null, unit = "") =>
  value === null ? "—" : `${value}${unit}`;
