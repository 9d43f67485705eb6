/**
 * Oral reading fluency norms: words correct per minute (WCPM) on unpracticed grade-level
 * passages, by grade, season and percentile. A published table the product reads its goals
 * from, copied from orf-norms-hasbrouck-tindal-2017.json beside this file (the domain reads no
 * files; orf-norms.test.ts checks this copy against that table).
 *
 * Source: Hasbrouck, J. & Tindal, G. (2017). An update to compiled ORF norms (Technical Report
 * No. 1702). Behavioral Research and Teaching, University of Oregon. ERIC ED594994.
 */

export const ORF_NORMS_SOURCE =
  "Hasbrouck, J. & Tindal, G. (2017). An update to compiled ORF norms (Technical Report No. 1702). Behavioral Research and Teaching, University of Oregon. ERIC ED594994.";

export const SEASONS = ["fall", "winter", "spring"] as const;
export type Season = (typeof SEASONS)[number];

/** The percentiles of each row, in order. */
export const ORF_PERCENTILES = [10, 25, 50, 75, 90] as const;
export type OrfRow = readonly [p10: number, p25: number, p50: number, p75: number, p90: number];

/** Grade 1 fall is null: the compilers publish no fall norm for first grade. Kindergarten has none. */
export const ORF_NORMS: Readonly<Record<number, Readonly<Record<Season, OrfRow | null>>>> = {
  1: { fall: null, winter: [9, 16, 29, 59, 97], spring: [18, 34, 60, 91, 116] },
  2: {
    fall: [23, 36, 50, 84, 111],
    winter: [35, 59, 84, 109, 131],
    spring: [43, 72, 100, 124, 148],
  },
  3: {
    fall: [40, 59, 83, 104, 134],
    winter: [62, 79, 97, 137, 161],
    spring: [63, 91, 112, 139, 166],
  },
  4: {
    fall: [60, 75, 94, 125, 153],
    winter: [71, 95, 120, 143, 168],
    spring: [83, 105, 133, 160, 184],
  },
  5: {
    fall: [64, 87, 121, 153, 179],
    winter: [84, 109, 133, 160, 183],
    spring: [102, 119, 146, 169, 195],
  },
  6: {
    fall: [89, 112, 132, 159, 185],
    winter: [91, 116, 145, 166, 195],
    spring: [91, 122, 146, 173, 204],
  },
};
