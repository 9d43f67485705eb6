import { describe, expect, it } from "vitest";
import { type GroupCandidate, groupSizes, needOf, suggestGroups } from "./groups.ts";

const reader = (
  id: number,
  wcpm: number,
  accuracy: number,
  tier: GroupCandidate["tier"] = "below",
): GroupCandidate => ({ id, name: `Reader ${id}`, tier, wcpm, accuracy });

describe("intervention groups", () => {
  it("reads a need from accuracy: under 95 % decoding, else fluency", () => {
    expect(needOf(94)).toBe("decoding");
    expect(needOf(95)).toBe("fluency");
  });

  it("cuts a list into groups of four to six, as even as they come", () => {
    expect(groupSizes(0)).toEqual([]);
    expect(groupSizes(3)).toEqual([3]);
    expect(groupSizes(4)).toEqual([4]);
    expect(groupSizes(6)).toEqual([6]);
    expect(groupSizes(7)).toEqual([4, 3]);
    expect(groupSizes(8)).toEqual([4, 4]);
    expect(groupSizes(11)).toEqual([6, 5]);
    expect(groupSizes(13)).toEqual([5, 4, 4]);
    for (let n = 8; n <= 60; n++)
      for (const size of groupSizes(n)) expect(size >= 4 && size <= 6, `${n}: ${size}`).toBe(true);
  });

  it("groups the students below benchmark by need, weakest first, leaving those at benchmark out", () => {
    const students = [
      reader(1, 40, 90, "well_below"),
      reader(2, 60, 98),
      reader(3, 35, 92, "well_below"),
      reader(4, 70, 96),
      reader(5, 55, 93),
      reader(6, 120, 99, "at_or_above"),
      reader(7, 50, 97),
      reader(8, 45, 91),
      reader(9, 65, 99),
      reader(10, 58, 94),
    ];
    const groups = suggestGroups(students, "winter");
    expect(groups.map((g) => [g.name, g.need, g.members.map((m) => m.id)])).toEqual([
      ["Decoding (winter)", "decoding", [3, 1, 8, 5, 10]],
      ["Fluency (winter)", "fluency", [7, 2, 9, 4]],
    ]);
  });

  it("numbers a need's groups when it has several", () => {
    const many = Array.from({ length: 9 }, (_, i) => reader(i + 1, 30 + i, 97));
    expect(suggestGroups(many, "fall").map((g) => [g.name, g.members.length])).toEqual([
      ["Fluency 1 (fall)", 5],
      ["Fluency 2 (fall)", 4],
    ]);
  });
});
