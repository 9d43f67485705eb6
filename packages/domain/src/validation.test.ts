import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldErrors,
  idParam,
  indexParam,
  MAX_ID,
  messages,
  NOT_FOUND_ISSUE,
  recordId,
  requiredText,
  storable,
  text,
} from "./validation.ts";

/** One character PostgreSQL refuses, anywhere in otherwise ordinary (printable ASCII) text. */
const withBadCharacter = fc
  .tuple(
    fc.string(),
    fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff"),
    fc.string(),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

describe("the shared text schema", () => {
  it("refuses a NUL byte or a lone surrogate anywhere, with one clear message", () => {
    fc.assert(
      fc.property(withBadCharacter, (value) => {
        const result = text().safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error && fieldErrors(result.error)).toEqual({
          _: [messages.notAllowedCharacters],
        });
      }),
    );
  });

  it("accepts any other text, emoji and other characters outside the basic plane included", () => {
    // Graphemes: any printable characters, astral ones (a surrogate pair each) among them.
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (value) => {
        expect(text().parse(value)).toBe(value);
        expect(storable(value)).toBe(true);
      }),
    );
    expect(text().parse("Zoë 🎵 \ud83d\ude00")).toBe("Zoë 🎵 \ud83d\ude00");
  });

  it("keeps the field schemas' trimming and limits, saying only the character problem", () => {
    const name = requiredText({ max: 5 });
    expect(name.parse("  Ann  ")).toBe("Ann");
    expect(name.safeParse("a".repeat(6)).error?.issues[0]?.message).toBe(messages.maxChars(5));
    const nul = name.safeParse(`${"a".repeat(9)}\u0000`);
    expect(nul.error && fieldErrors(nul.error)).toEqual({ _: [messages.notAllowedCharacters] });
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe(messages.required);
  });
});

describe("the shared id schemas", () => {
  it("a body id is a whole number from 1 to the largest integer id", () => {
    expect(recordId().parse(1)).toBe(1);
    expect(recordId().parse(MAX_ID)).toBe(2_147_483_647);
    for (const bad of [0, -1, 1.5, 1e308, "7"]) {
      expect(recordId().safeParse(bad).error?.issues[0]?.message).toBe(messages.invalidId);
    }
    // Past the largest id: well formed, naming no record, so marked for a 404.
    for (const past of [MAX_ID + 1, Number.MAX_SAFE_INTEGER]) {
      expect(recordId().safeParse(past).error?.issues[0]).toMatchObject({
        message: "Not found",
        params: NOT_FOUND_ISSUE,
      });
    }
    expect(recordId().safeParse(undefined).error?.issues[0]?.message).toBe(messages.required);
    expect(recordId({ min: 0 }).parse(0)).toBe(0);
    expect(recordId({ coerce: true }).parse("42")).toBe(42);
    expect(
      recordId({ coerce: true, message: "Choose one." }).safeParse(undefined).error?.issues[0]
        ?.message,
    ).toBe("Choose one.");
  });

  it("a path id is digits naming 1 to the largest id; anything else is marked not found", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), (id) => {
        expect(idParam.parse(String(id))).toBe(id);
      }),
    );
    for (const bad of [
      "0",
      "-1",
      "2147483648",
      "99999999999",
      "1.5",
      "1e3",
      "abc",
      "",
      " 1",
      "a\u0000b",
    ]) {
      const issue = idParam.safeParse(bad).error?.issues[0];
      expect(issue).toMatchObject({
        code: "custom",
        message: "Not found",
        params: NOT_FOUND_ISSUE,
      });
    }
    expect(indexParam.parse("0")).toBe(0);
    expect(indexParam.safeParse("-1").success).toBe(false);
  });
});
