import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializer } from "./serialize.ts";

const where = { method: "GET", url: "/t" };
const schema = z.object({
  id: z.number(),
  level: z.union([z.literal("inherit"), z.literal(1), z.literal(0)]),
  by: z.object({ id: z.number(), name: z.string() }).nullable(),
});

describe("responseSerializer", () => {
  it("writes what zod would, leaving out keys the contract lacks", () => {
    const write = responseSerializer(schema, where, false);
    const answer = { id: 1, level: "inherit", by: { id: 2, name: "Ada" }, secret: "x" };
    expect(JSON.parse(write(answer))).toEqual({
      id: 1,
      level: "inherit",
      by: { id: 2, name: "Ada" },
    });
    expect(JSON.parse(write({ id: 1, level: 0, by: null }))).toEqual({ id: 1, level: 0, by: null });
  });

  it("lets zod answer where the compiled serializer refuses an extra key inside a union", () => {
    const write = responseSerializer(schema, where, false);
    const answer = { id: 1, level: 1, by: { id: 2, name: "Ada", password: "p" } };
    expect(JSON.parse(write(answer))).toEqual({ id: 1, level: 1, by: { id: 2, name: "Ada" } });
  });

  it("in tests, refuses an answer outside the contract as zod does", () => {
    const write = responseSerializer(schema, where, true);
    expect(() => write({ id: "1", level: 1, by: null })).toThrow();
  });

  it("shares one compiled serializer per schema between routes and apps, each schema its own", () => {
    const other = z.object({ id: z.number(), title: z.string() });
    const first = responseSerializer(schema, where, true);
    const second = responseSerializer(other, { method: "GET", url: "/u" }, true);
    const again = responseSerializer(schema, { method: "POST", url: "/v" }, true);
    const answer = { id: 1, level: 1, by: null, title: "t" };
    expect(JSON.parse(first(answer))).toEqual({ id: 1, level: 1, by: null });
    expect(JSON.parse(second(answer))).toEqual({ id: 1, title: "t" });
    expect(again(answer)).toBe(first(answer));
  });
});
