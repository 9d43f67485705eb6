import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ORF_NORMS, ORF_NORMS_SOURCE, ORF_PERCENTILES, SEASONS } from "./orf-norms.ts";

// The published table the constant copies (the repository's ../shared/data).
const file = JSON.parse(
  readFileSync(
    new URL("../../../../../shared/data/orf-norms-hasbrouck-tindal-2017.json", import.meta.url),
    "utf8",
  ),
) as {
  source: string;
  percentiles: number[];
  seasons: string[];
  grades: Record<string, Record<string, number[] | null>>;
};

describe("ORF norms", () => {
  it("are the published file's grades, seasons and percentiles, with its source", () => {
    expect(ORF_NORMS).toEqual(file.grades);
    expect([...ORF_PERCENTILES]).toEqual(file.percentiles);
    expect([...SEASONS]).toEqual(file.seasons);
    expect(ORF_NORMS_SOURCE).toBe(file.source);
  });
});
