import { submissionId } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { newId } from "./new-id.ts";

describe("new ids", () => {
  it("are UUIDs the server accepts, a new one each time", () => {
    const ids = Array.from({ length: 50 }, newId);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(submissionId().safeParse(id).success).toBe(true);
  });
});
