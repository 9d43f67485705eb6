import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ORF_NORMS, ORF_NORMS_SOURCE, ORF_PERCENTILES, SEASONS } from "./orf-norms.ts";

// The published table as its compilers give it, kept beside the code with its citation: the
// constant must say exactly what the table says.
const file = JSON.parse(
  readFileSync(new URL("./orf-norms-hasbrouck-tindal-2017.json", import.meta.url), "utf8"),
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
