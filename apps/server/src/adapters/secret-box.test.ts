import { describe, expect, it } from "vitest";
import { SecretBox } from "./secret-box.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";

describe("SecretBox", () => {
  it("opens what it sealed, and seals the same text differently each time", () => {
    const box = new SecretBox(SECRET, "student-passwords");
    const a = box.seal("otter42");
    expect(box.open(a)).toBe("otter42");
    expect(box.seal("otter42")).not.toBe(a);
    expect(a).not.toContain("otter42");
  });

  it("never opens another purpose's text, nor a changed byte", () => {
    const sealed = new SecretBox(SECRET, "mail-jobs").seal("https://x.example/link");
    expect(() => new SecretBox(SECRET, "student-passwords").open(sealed)).toThrow();
    const box = new SecretBox(SECRET, "mail-jobs");
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = `${body?.[0] === "A" ? "B" : "A"}${body?.slice(1)}`;
    expect(() => box.open([v, iv, tag, flipped].join("."))).toThrow();
    expect(() => box.open("nonsense")).toThrow("Unknown sealed envelope");
  });
});
