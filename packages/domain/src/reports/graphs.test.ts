import { describe, expect, it } from "vitest";
import {
  benchmarkGraph,
  benchmarkRows,
  coldHotGraph,
  fluencyGraph,
  GRAPH_TYPES,
  graphMessages,
  graphResponse,
  graphsQuery,
  graphTypesFor,
  quizGraph,
  wpmAxisMax,
} from "./graphs.ts";

describe("benchmark rows from per-level sums", () => {
  it("averages CWPM and expression over the date's readings and weighs each grade's target", () => {
    // Second grade (plan 8) in winter aims at 84, fourth grade (plan 10) at 120.
    const rows = benchmarkRows([
      { date: "2027-01-15", planId: 8, readings: 3, cwpmSum: 240, expressionSum: 9 },
      { date: "2027-01-15", planId: 10, readings: 1, cwpmSum: 130, expressionSum: 4 },
    ]);
    expect(rows).toEqual([
      { date: "2027-01-15", wpm: 93, expression: 3.3, target: 93, readings: 4 },
    ]);
  });

  it("takes each date's own season and leaves readers without a norm out of the target", () => {
    const rows = benchmarkRows([
      { date: "2026-11-30", planId: 8, readings: 1, cwpmSum: 40, expressionSum: 2 },
      { date: "2026-12-01", planId: 8, readings: 1, cwpmSum: 60, expressionSum: 2 },
      // Kindergarten (plan 6) has no norm; first grade (plan 7) none in the fall.
      { date: "2026-12-01", planId: 6, readings: 1, cwpmSum: 20, expressionSum: 1 },
      { date: "2026-10-01", planId: 7, readings: 1, cwpmSum: 20, expressionSum: 1 },
    ]);
    expect(rows.map((r) => [r.date, r.target])).toEqual([
      ["2026-11-30", 50],
      ["2026-12-01", 84],
      ["2026-10-01", null],
    ]);
  });
});

describe("the graph answers", () => {
  it("puts the WPM axis at the target plus 10, or the best reading plus 10 without one", () => {
    expect(wpmAxisMax(84, [{ wpm: 120 }])).toBe(94);
    expect(wpmAxisMax(null, [{ wpm: 30 }, { wpm: 55 }])).toBe(65);
    expect(wpmAxisMax(null, [])).toBe(10);
  });

  it("draws the latest date's target and the expression axis 1 to 5", () => {
    const answer = benchmarkGraph("Ana Lopez", [
      { date: "2026-10-01", wpm: 56, expression: 3, target: 50, readings: 1 },
      { date: "2027-01-15", wpm: 88, expression: 4, target: 84, readings: 1 },
    ]);
    expect(answer).toMatchObject({
      title: "Benchmark Progress: Ana Lopez",
      wpmTarget: 84,
      noDataMessage: null,
      vAxis: { left: { min: 0, max: 94 }, right: { min: 1, max: 5 } },
    });
    expect(answer.tableData[1]).toEqual(["01/15/2027", "88", "4", "84", "1"]);
    expect(graphResponse.parse(answer)).toEqual(answer);
  });

  it("answers header only with each type's no-data message", () => {
    for (const answer of [
      benchmarkGraph("x", []),
      coldHotGraph("x", []),
      fluencyGraph("x", []),
      quizGraph("x", []),
    ]) {
      expect(answer.data).toEqual([]);
      expect(answer.tableData).toEqual([]);
      expect(answer.header.length).toBeGreaterThan(0);
      expect(answer.noDataMessage).toBe(graphMessages.noData[answer.type]);
    }
    expect(benchmarkGraph("x", []).vAxis.left.max).toBe(10);
  });

  it("labels a reading's column by its lesson and kind and shows a missing measure as --", () => {
    const columns = fluencyGraph("x", [
      {
        lesson_id: 1,
        lesson: "Rain",
        classification: "hot_read",
        date: "2026-10-05",
        wpm: 78,
        readings: 1,
      },
    ]);
    expect(columns.data[0]).toMatchObject({ label: "Rain (Hot Read)", type: "Hot Read" });
    const pairs = coldHotGraph("x", [
      {
        lesson_id: 1,
        lesson: "Rain",
        date: "2026-10-05",
        cold_accuracy: 90,
        hot_accuracy: null,
        cold_wpm: 63,
        hot_wpm: null,
        readings: 1,
      },
    ]);
    expect(pairs.tableData[0]).toEqual(["Rain", "10/05/2026", "90", "--", "63", "--"]);
    expect(pairs.vAxis.left).toMatchObject({ min: 0, max: 100 });
  });
});

describe("the graphs a caller's reports can fill", () => {
  it("gives a home class its quizzes alone: it never records a reading", () => {
    expect(graphTypesFor("parent")).toEqual(["quiz_complete"]);
  });

  it("gives a school's class owners and admins every graph", () => {
    for (const role of ["teacher", "school_admin", "district_admin"] as const)
      expect(graphTypesFor(role)).toEqual(GRAPH_TYPES);
  });
});

describe("the graphs query", () => {
  it("defaults to all time and refuses a reversed range on to_date", () => {
    expect(graphsQuery.parse({ types: "fluency" })).toMatchObject({
      types: ["fluency"],
      from_date: "2000-01-01",
      to_date: "2500-01-01",
    });
    const reversed = graphsQuery.safeParse({
      types: "fluency",
      from_date: "2027-01-02",
      to_date: "2027-01-01",
    });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues.map((i) => i.path)).toEqual([["to_date"]]);
  });

  it("reads the graphs comma-separated, in order, each known and asked once", () => {
    expect(graphsQuery.parse({ types: "quiz_complete,fluency" }).types).toEqual([
      "quiz_complete",
      "fluency",
    ]);
    for (const types of ["", "fluency,pie", "fluency,fluency"]) {
      const parsed = graphsQuery.safeParse({ types });
      expect(parsed.success, types).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(["types"]);
    }
  });
});
