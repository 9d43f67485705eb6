import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gradingCalls, lessonsCalls, pathOf } from "@refrain/domain";
import { expect, switchToStudent, switchToTeacher, test } from "./fixtures.ts";
import {
  assignWithRecordingOn,
  PROCESSED_WITHIN_MS,
  processedReadings,
  rowButton,
  sendReading,
  word,
} from "./fluency-readings.ts";
import { ownClassOfOne, shootBothWidths } from "./journey-steps.ts";

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/**
 * A reading of the passage's first words by espeak-ng, the fifth skipped, stopping part-way:
 * what the real recogniser hears through the real job. About six seconds, so the journey stays
 * quick.
 */
function passageReading(words: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "refrain-e2e-suggest-"));
  const said = words.slice(0, 14).filter((_, i) => i !== 4);
  const voice = join(dir, "voice.wav");
  execFileSync("espeak-ng", ["-s", "140", "-w", voice, said.join(" ")]);
  const out = join(dir, "reading.webm");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=7"],
    ...["-i", voice, "-af", "apad", "-t", "7"],
    ...["-c:v", "libvpx", "-b:v", "300k", "-c:a", "libopus", out],
  ]);
  return readFileSync(out);
}

test.describe("fluency: suggested scoring of a reading", () => {
  test("a teacher accepts the suggestions, corrects one, sets the last word, and the grade keeps which were accepted", async ({
    page,
    ownClass,
  }) => {
    test.setTimeout(120_000 + PROCESSED_WITHIN_MS);
    const { account, student } = await ownClassOfOne(ownClass);
    const passage = await assignWithRecordingOn(page, student, /benchmark/i);
    const lesson = lessonsCalls.lesson.response.parse(
      await (
        await page.request.get(pathOf(lessonsCalls.lesson, { lessonId: passage.id }), {
          headers: asApi,
        })
      ).json(),
    );
    const clip = passageReading(lesson.data.words.map((w) => w.text));

    await switchToStudent(page, account, student);
    await sendReading(page, passage.id, "benchmark", clip);
    await switchToTeacher(page, account);
    const [row] = await processedReadings(page, 1);
    if (!row) throw new Error("No reading");
    // The real recogniser works it out through the real job, after processing.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(pathOf(gradingCalls.readingSet, { id: row.id }), {
            headers: asApi,
          });
          const set = gradingCalls.readingSet.response.parse(await answer.json());
          return set.data.entries.benchmark?.suggestion?.status;
        },
        { timeout: 180_000, intervals: [1000, 2000, 5000] },
      )
      .toBe("suggested");

    await page.getByRole("menuitem", { name: "Fluency" }).click();
    await page.getByRole("menuitem", { name: "Recorded Videos" }).click();
    await rowButton(page, "Grade Video", "Benchmark").click();
    const panel = page.getByRole("dialog").getByRole("tabpanel");
    const suggested = panel.getByRole("gridcell", { name: /Suggested: / });
    // The teacher wants no help at first, then every suggestion, less likely ones too; the
    // choice is kept for their next readings (checked below, in another modal).
    const helpLevels = panel.getByRole("radiogroup", { name: "Suggestions shown:" });
    const helpLevel = async (name: string) => {
      await helpLevels.getByText(name, { exact: true }).click();
      await expect(helpLevels.getByRole("radio", { name, exact: true })).toBeChecked();
    };
    await expect(helpLevels.getByRole("radio", { name: "Likely misses" })).toBeChecked();
    await helpLevel("Off");
    await expect(panel.getByText(/Suggestions are off/)).toBeVisible();
    await expect(suggested).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Accept suggestions" })).toHaveCount(0);
    await helpLevel("All");
    await expect(suggested.first()).toBeVisible();
    const suggestedCount = await suggested.count();
    // What was suggested, and how likely, shows on hover (and on the keys' focus): never certain.
    await suggested.first().hover();
    await expect(page.getByRole("tooltip")).toContainText(/Suggested: .*, about \d+% likely/);
    await expect(page.getByRole("tooltip")).not.toContainText("100%");
    await expect(panel.getByRole("gridcell", { name: /suggested last word read/ })).toHaveCount(1);
    await shootBothWidths(page, "fluency-suggestions-shown");

    await panel.getByRole("button", { name: "Accept suggestions" }).click();
    await expect(panel.getByLabel("Errors")).toHaveValue(String(-suggestedCount));
    await expect(panel.getByRole("gridcell", { name: /last word read/ }).first()).toBeVisible();
    await expect(suggested.first()).toHaveAttribute("aria-label", /missed \(accepted suggestion\)/);
    // The teacher corrects one: a word the recogniser did not flag, heard missed.
    let own = 0;
    while (/Suggested/.test((await word(panel, own).getAttribute("aria-label")) ?? "")) own++;
    await word(panel, own).click();
    await expect(word(panel, own)).toHaveAttribute("aria-label", /, missed(?! \()/);
    await expect(panel.getByLabel("Errors")).toHaveValue(String(-(suggestedCount + 1)));
    // And sets the last word read where they heard the reading stop: the 13th word.
    await word(panel, 12).click({ modifiers: ["Alt"] });
    await expect(word(panel, 12)).toHaveAttribute("aria-label", /, last word read/);
    await panel.getByLabel("Expression").selectOption("3");
    await shootBothWidths(page, "fluency-suggestions-accepted");
    await panel.getByRole("button", { name: "Submit" }).click();
    await expect(panel.getByText("The grade is saved.")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "All Fluency Recordings" }).click();
    await rowButton(page, "View Grades", "Benchmark").click();
    const viewed = page.getByRole("dialog").getByRole("tabpanel");
    await expect(viewed.getByRole("radio", { name: "All", exact: true })).toBeChecked();
    await expect(
      viewed.getByText(
        `${suggestedCount} of ${suggestedCount + 1} missed words were accepted suggestions.`,
      ),
    ).toBeVisible();
    await expect(
      viewed.getByRole("gridcell", { name: /missed \(accepted suggestion\)/ }),
    ).toHaveCount(suggestedCount);
    await shootBothWidths(page, "fluency-suggestions-graded");
  });
});
