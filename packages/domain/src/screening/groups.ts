import { z } from "zod";
import { contract } from "../contract.ts";
import { SEASONS, type Season } from "../reports/orf-norms.ts";
import { schoolYear } from "../screening.ts";
import { dataResponse } from "../validation.ts";
import { TIERS, type Tier } from "./rules.ts";

/**
 * Intervention groups (issue 39 part 5, docs/decisions/0037): from a window's screening, groups
 * of four to six students below benchmark who need the same kind of help, for the teacher to
 * accept into the class's groups or edit first.
 */

/** What a below-benchmark student's readings say they need. */
export const NEEDS = ["decoding", "fluency"] as const;
export type Need = (typeof NEEDS)[number];
export const NEED_LABELS: Record<Need, string> = {
  decoding: "Decoding",
  fluency: "Fluency",
};
export const NEED_TEXT: Record<Need, string> = {
  decoding:
    "Accuracy under 95 %: word reading first (phonics, high-frequency words), then fluency.",
  fluency: "Accurate but slow: repeated reading and modelled reading to build rate and phrasing.",
};

/** Under this accuracy a reader's errors, not their pace, hold their score down. */
export const DECODING_BELOW_ACCURACY = 95;
/** Intervention groups of four to six (What Works Clearinghouse, Gersten et al. 2009). */
export const GROUP_SIZE = { min: 4, max: 6 } as const;

export const needOf = (accuracy: number): Need =>
  accuracy < DECODING_BELOW_ACCURACY ? "decoding" : "fluency";

export interface GroupCandidate {
  id: number;
  name: string;
  tier: Tier;
  wcpm: number;
  accuracy: number;
}

export interface SuggestedGroup {
  need: Need;
  name: string;
  members: GroupCandidate[];
}

/**
 * Cuts `n` students in order into groups of four to six, as even as they come: the fewest
 * groups of at most six, unless that leaves one under four (seven students: four and three,
 * the only count from four on that cannot be cut so).
 */
export function groupSizes(n: number): number[] {
  if (n <= 0) return [];
  const k = Math.ceil(n / GROUP_SIZE.max);
  const base = Math.floor(n / k);
  return Array.from({ length: k }, (_, i) => base + (i < n % k ? 1 : 0));
}

/**
 * Groups by need (decoding before fluency), the weakest readers first in each, so that a
 * group's members read at about the same level; a need with three students or fewer makes one
 * small group, which the teacher may merge or keep.
 */
export function suggestGroups(
  students: readonly GroupCandidate[],
  season: Season,
): SuggestedGroup[] {
  const below = students.filter((s) => s.tier !== "at_or_above");
  const out: SuggestedGroup[] = [];
  for (const need of NEEDS) {
    const list = below
      .filter((s) => needOf(s.accuracy) === need)
      .sort((a, b) => a.wcpm - b.wcpm || a.name.localeCompare(b.name) || a.id - b.id);
    let at = 0;
    const sizes = groupSizes(list.length);
    for (const [i, size] of sizes.entries()) {
      const numbered = sizes.length > 1 ? ` ${i + 1}` : "";
      out.push({
        need,
        name: `${NEED_LABELS[need]}${numbered} (${season})`,
        members: list.slice(at, at + size),
      });
      at += size;
    }
  }
  return out;
}

const candidate = z.object({
  id: z.number(),
  name: z.string(),
  tier: z.enum(TIERS),
  wcpm: z.number(),
  accuracy: z.number(),
  /** The class group the student is in now, if any: accepting moves them. */
  group: z.string().nullable(),
});

export const suggestedGroupsAnswer = z.object({
  season: z.enum(SEASONS),
  groups: z.array(z.object({ need: z.enum(NEEDS), name: z.string(), members: z.array(candidate) })),
});
export type SuggestedGroups = z.infer<typeof suggestedGroupsAnswer>;

export const groupCalls = {
  suggested: contract({
    tag: "screening",
    policy: "classOwners",
    method: "GET",
    path: "/screening/groups",
    summary: "Intervention groups suggested from a window's screening of the caller's class",
    query: z.object({
      year: schoolYear.optional(),
      season: z.enum(SEASONS, { error: "Choose fall, winter or spring." }).optional(),
    }),
    response: dataResponse(suggestedGroupsAnswer),
  }),
};
