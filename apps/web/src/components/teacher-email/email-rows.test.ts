import { EMAIL_MIN_ROWS, EMAIL_RECIPIENTS_MAX } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { canAddRow, canRemoveRow, canSend, initialRows, rowIsInvalid } from "./email-rows.ts";

describe("teacher e-mail address rows", () => {
  it("start from the placeholder's comma-separated entries, padded to the least number of rows", () => {
    expect(initialRows()).toEqual(["", "", ""]);
    expect(initialRows(" head@school.example , ,deputy@school.example")).toEqual([
      "head@school.example",
      "deputy@school.example",
      "",
    ]);
    const many = Array.from({ length: 12 }, (_, i) => `p${i}@school.example`).join(",");
    expect(initialRows(many)).toHaveLength(EMAIL_RECIPIENTS_MAX);
    expect(initialRows("a@b.example,c@d.example,e@f.example,g@h.example")).toHaveLength(4);
  });

  it("allow Remove Email only above the least number of rows, Add Email only below the most", () => {
    const rows = (n: number) => Array<string>(n).fill("");
    expect(canRemoveRow(rows(EMAIL_MIN_ROWS))).toBe(false);
    expect(canRemoveRow(rows(EMAIL_MIN_ROWS + 1))).toBe(true);
    expect(canAddRow(rows(EMAIL_RECIPIENTS_MAX - 1))).toBe(true);
    expect(canAddRow(rows(EMAIL_RECIPIENTS_MAX))).toBe(false);
  });

  it("allow Send only with a valid address and not while sending", () => {
    expect(canSend(["", "not an address", "x@"], false)).toBe(false);
    expect(canSend(["", "ana@school.example", ""], false)).toBe(true);
    expect(canSend(["ana@school.example"], true)).toBe(false);
  });

  it("mark only typed entries that are not addresses", () => {
    expect(rowIsInvalid("")).toBe(false);
    expect(rowIsInvalid("  ")).toBe(false);
    expect(rowIsInvalid("ana@")).toBe(true);
    expect(rowIsInvalid(" ana@school.example ")).toBe(false);
  });
});
