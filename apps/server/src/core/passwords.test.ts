import { describe, expect, it } from "vitest";
import { StudentPasswordBox } from "./passwords.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";

describe("StudentPasswordBox", () => {
  it("opens what it sealed, and a changed password's new text to the new password", () => {
    const box = new StudentPasswordBox(SECRET);
    const first = box.encrypt("blue-cat");
    expect(box.decrypt(first)).toBe("blue-cat");
    expect(box.decrypt(first)).toBe("blue-cat");
    const second = box.encrypt("red-dog");
    expect(second).not.toBe(box.encrypt("red-dog"));
    expect(box.decrypt(second)).toBe("red-dog");
  });

  it("still refuses a text sealed with another key, cached or not", () => {
    const sealed = new StudentPasswordBox("another-secret-another-secret-01234").encrypt("x");
    const box = new StudentPasswordBox(SECRET);
    expect(() => box.decrypt(sealed)).toThrow();
    expect(() => box.decrypt(sealed)).toThrow();
  });

  it("remembers at most its bound, the least recently used going first", () => {
    const box = new StudentPasswordBox(SECRET, 2);
    const [a, b, c] = ["a", "b", "c"].map((p) => box.encrypt(p)) as [string, string, string];
    box.decrypt(a);
    box.decrypt(b);
    box.decrypt(a);
    box.decrypt(c);
    const opened = (box as unknown as { opened: Map<string, string> }).opened;
    expect([...opened.keys()]).toEqual([a, c]);
  });
});
