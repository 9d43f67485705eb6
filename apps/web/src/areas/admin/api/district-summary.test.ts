import { type DistrictSummary, NO_USAGE } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { nextPageOf, summarySoFar } from "./district-summary.ts";

const none = NO_USAGE;
const school = (id: number) => ({
  id,
  name: `School ${id}`,
  teachers: 1,
  students: 1,
  school_year: none,
  last_30_days: none,
});
const page = (count: number, ids: number[]): DistrictSummary => ({
  district: "Valley",
  period: { start_date: "2026-07-01", end_date: "2026-11-30" },
  totals: { school_year: none, last_30_days: none },
  school_count: count,
  schools: ids.map(school),
});

describe("the district summary's pages", () => {
  it("asks for the next page until every school is in", () => {
    const first = page(4, [1, 2]);
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page(4, [3, 4]);
    expect(nextPageOf(second, [first, second])).toBeUndefined();
    // A page that comes back empty ends the loading, whatever the count said.
    const gone = page(4, []);
    expect(nextPageOf(gone, [first, gone])).toBeUndefined();
    // Schools added while loading: the latest count is the one that counts.
    const grown = page(5, [3, 4]);
    expect(nextPageOf(grown, [first, grown])).toBe(3);
  });

  it("shows every school loaded once, with the first page's district figures", () => {
    expect(summarySoFar([])).toBeNull();
    // A school added before the first page's end shifts its last school into the second page.
    const soFar = summarySoFar([page(5, [1, 2]), page(5, [2, 3, 4])]);
    expect(soFar?.schools.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(soFar?.school_count).toBe(5);
  });
});
