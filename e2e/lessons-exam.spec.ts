import { expect, screenshot, test } from "./fixtures.ts";

declare global {
  interface Window {
    spoken: string[];
  }
}

test.describe("Exam preview", () => {
  test("a teacher previews days 1–4 of a lesson; the voice buttons read the question and the answers", async ({
    page,
    ownClass,
  }) => {
    // A stand-in for the speech engine, so the journey can hear what would be read.
    await page.addInitScript(() => {
      window.spoken = [];
      class Utterance {
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        rate = 1;
        readonly text: string;
        constructor(text: string) {
          this.text = text;
        }
      }
      Object.defineProperty(window, "SpeechSynthesisUtterance", {
        value: Utterance,
        configurable: true,
      });
      Object.defineProperty(window, "speechSynthesis", {
        configurable: true,
        value: {
          speak: (u: Utterance) => {
            window.spoken.push(u.text);
            setTimeout(() => u.onend?.(), 300);
          },
          cancel: () => undefined,
        },
      });
    });
    await ownClass();
    await page.goto("/lessons");
    await page.getByRole("link", { name: /Drip Drop Journey/ }).click();
    await expect(page.getByRole("heading", { name: "Drip Drop Journey", level: 1 })).toBeVisible();
    const days = page.getByRole("group", { name: "Exam preview" });
    await expect(days.getByRole("link")).toHaveText(["Day 1", "Day 2", "Day 3", "Day 4"]);
    await screenshot(page, "lessons-lesson-exam-days");
    await days.getByRole("link", { name: "Day 1" }).click();

    await expect(page).toHaveURL(/\/lessons\/\d+\/exam\/1$/);
    await expect(page.getByText("Exam preview")).toBeVisible();
    const questions = page.getByRole("region");
    await expect(questions.first()).toContainText("Where does the water drop start its journey?");
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(4);
    await expect(page.getByText("Correct answer", { exact: true })).toHaveCount(count);
    const first = questions.first();
    await expect(first.getByRole("listitem")).toHaveCount(4);
    await expect(first.getByRole("listitem").filter({ hasText: "Correct answer" })).toContainText(
      "In the big blue sea",
    );

    const questionVoice = first.getByRole("button", { name: "Question voice" });
    await questionVoice.click();
    await expect(questionVoice).toHaveAttribute("aria-pressed", "true");
    await expect(questionVoice).toHaveAttribute("aria-pressed", "false");
    await first.getByRole("button", { name: "Answers voice" }).click();
    expect(await page.evaluate(() => window.spoken)).toEqual([
      "Where does the water drop start its journey?",
      "A. In a mountain lake B. In the big blue sea C. In a kitchen sink D. In a puddle at school",
    ]);
    await screenshot(page, "lessons-exam-day-1");

    await page
      .locator("label")
      .filter({ hasText: /^Day 4$/ })
      .click();
    await expect(page).toHaveURL(/\/exam\/4$/);
    await expect(page.getByText("Day 4 extension: written answer")).toBeVisible();
    await expect(page.getByText(/evaporation, condensation and precipitation/)).toBeVisible();
    const rubric = page.getByRole("table", { name: "Scoring rubric" });
    await expect(rubric.getByRole("row")).toHaveCount(4);
    await expect(rubric).toContainText("1 point");
    await expect(rubric).toContainText("3 points");
    await screenshot(page, "lessons-exam-day-4");
  });

  test("without speech synthesis the voice buttons are disabled and say why", async ({
    page,
    ownClass,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
    });
    await ownClass();
    await page.goto("/lessons");
    await page.getByRole("link", { name: /Drip Drop Journey/ }).click();
    await page
      .getByRole("group", { name: "Exam preview" })
      .getByRole("link", { name: "Day 2" })
      .click();
    const voice = page.getByRole("button", { name: "Question voice" }).first();
    await expect(voice).toHaveAttribute("aria-disabled", "true");
    await voice.hover();
    await expect(page.getByRole("tooltip")).toHaveText(
      "Reading aloud is not available in this browser.",
    );
    await screenshot(page, "lessons-exam-no-voice");
  });
});
