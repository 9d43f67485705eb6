import { describe, expect, it } from "vitest";
import { rowAction } from "./row-action.ts";

const row = (fields: {
  graded_at?: string | null;
  transcode_status?: string;
  type?: string;
  status?: "queued" | "processing" | "complete" | "failed";
}) => ({
  graded_at: null,
  transcode_status: "Complete",
  type: "Cold Read",
  status: "complete" as const,
  ...fields,
});

describe("rowAction (grading spec §2, §4 Recording list)", () => {
  it("offers View Grades for a graded row, and no Delete", () => {
    expect(rowAction(row({ graded_at: "2026-03-07T10:00:00Z" }))).toEqual({
      kind: "view",
      deletable: false,
      retriable: false,
    });
  });

  it("offers Retry beside View Grades for a graded row whose processing failed", () => {
    const failed = row({
      graded_at: "2026-03-07T10:00:00Z",
      transcode_status: "Failed",
      status: "failed",
    });
    expect(rowAction(failed)).toEqual({ kind: "view", deletable: false, retriable: true });
  });

  it("offers View Grades for a graded row whatever its status", () => {
    const graded = row({ graded_at: "2026-03-07T10:00:00Z", transcode_status: "Processing" });
    expect(rowAction(graded).kind).toBe("view");
  });

  it("offers Grade Video for a processed reading, with Delete for a Read", () => {
    expect(rowAction(row({}))).toEqual({ kind: "grade", deletable: true, retriable: false });
    expect(rowAction(row({ type: "Hot Read" }))).toEqual({
      kind: "grade",
      deletable: true,
      retriable: false,
    });
  });

  it("offers View Comparison for a processed comparison, never Delete", () => {
    expect(rowAction(row({ type: "Comparison" }))).toEqual({
      kind: "compare",
      deletable: false,
      retriable: false,
    });
  });

  it("offers no Delete for a type without Read", () => {
    expect(rowAction(row({ type: "Benchmark" })).deletable).toBe(false);
  });

  it("shows the status while processing, Delete still offered for an ungraded Read", () => {
    expect(rowAction(row({ transcode_status: "Queued", status: "queued" }))).toEqual({
      kind: "status",
      deletable: true,
      retriable: false,
    });
    expect(rowAction(row({ transcode_status: "Processing", status: "processing" })).kind).toBe(
      "status",
    );
  });

  it("shows a failed processing as failed (with Retry)", () => {
    expect(rowAction(row({ transcode_status: "Failed", status: "failed" })).kind).toBe("failed");
  });
});
