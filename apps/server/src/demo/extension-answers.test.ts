import { STUDENT_PLAN_IDS } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../catalog/catalog.ts";
import { EXTENSION_ANSWERS } from "./extension-answers.ts";

// The demo answers day 4 of its students' levels only: benchmark passages are never started.
const answered = CATALOG.filter((l) => (STUDENT_PLAN_IDS as readonly number[]).includes(l.planId));

describe("the demo's day 4 answers", () => {
  it("give every lesson a student can start three answers of its own", () => {
    for (const lesson of answered) {
      const answers = EXTENSION_ANSWERS[lesson.title] ?? [];
      expect(answers.length, lesson.title).toBeGreaterThanOrEqual(3);
      expect(new Set(answers).size, lesson.title).toBe(answers.length);
      for (const answer of answers) expect(answer.trim(), lesson.title).not.toBe("");
    }
  });

  it("answer no lesson outside the catalog", () => {
    const titles = new Set(answered.map((l) => l.title));
    for (const title of Object.keys(EXTENSION_ANSWERS)) expect(titles.has(title), title).toBe(true);
  });

  it("open with a whole sentence, which a started lesson saves as its draft", () => {
    for (const answer of Object.values(EXTENSION_ANSWERS).flat()) {
      // As history.ts cuts the draft: up to the first full stop.
      const draft = answer.slice(0, answer.indexOf(".") + 1);
      expect(draft, answer).not.toBe("");
      expect(draft, answer).not.toMatch(/[!?]|\b(Mr|Mrs|Ms|Dr)\.$/);
      expect((draft.match(/"/g) ?? []).length % 2, answer).toBe(0);
    }
  });
});
