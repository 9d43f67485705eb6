import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gradingCalls, lessonsCalls, pathOf, wpmFromLastWord } from "@refrain/domain";
import {
  apiRequest,
  expect,
  lessonsByLevel,
  signInAs,
  staff,
  switchToStudent,
  switchToTeacher,
  test,
} from "./fixtures.ts";
import {
  processedReadings,
  rowButton,
  sendReading,
  switchRecordingOn,
} from "./fluency-readings.ts";
import { assignLessons, shootBothWidths, shotFromTop } from "./journey-steps.ts";

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/** A demo sign-up school no other journey takes: its readings are this journey's alone. */
const SCHOOL = { zip: "94110", name: "Bernal Hill School" };
/** The lessons the class reads cold, and the one read after the school is adapted. */
const READ = ["Fly, Kite, Fly!", "The Moon Bug Band", "Socks on the Line"];
const LATER = "Ant and the Big Crumb";
/** The later reading's words: the base model puts its end at word 31 (24 WCPM off). */
const LATER_WORDS = 40;
/**
 * How many words of each lesson each of the three students reads: at this length the base
 * model loses the last word of the longer readings (the last lesson's 30 and 40 words put it
 * 38 and 57 WCPM off), which the model adapted to the voice finds (2 off each).
 */
const WORDS_READ = [20, 30, 40];

/**
 * The start of a passage read in one child-like voice (espeak-ng's, three semitones up, as the
 * labelled set's child voices are made), over a plain picture, as Chromium uploads it. The
 * same every time: sox's dither draws the same numbers (-R).
 */
function childReading(words: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "refrain-e2e-adapt-"));
  const [voice, raised, out] = ["voice.wav", "raised.wav", "reading.webm"].map((f) => join(dir, f));
  execFileSync("espeak-ng", [
    ...["-v", "en-us+f3", "-p", "70", "-s", "120", "-w", voice as string],
    words.join(" "),
  ]);
  execFileSync("sox", ["-R", voice as string, raised as string, "pitch", "300", "pad", "0.5", "1"]);
  execFileSync("ffmpeg", [
    // A small, quick picture: the voice is what this journey is about.
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=5"],
    ...["-i", raised as string, "-shortest", "-c:v", "libvpx", "-deadline", "realtime"],
    ...["-cpu-used", "8", "-b:v", "100k"],
    ...["-c:a", "libopus", out as string],
  ]);
  return readFileSync(out as string);
}

test.describe("fluency: suggestions from a school's own model", () => {
  test("a school's graded readings teach the recognizer, staff adapt it, and its next reading is suggested by the adapted model", async ({
    page,
    ownClass,
  }) => {
    test.setTimeout(420_000);
    const account = await ownClass({ students: 3, school: SCHOOL });
    await switchRecordingOn(page);
    const lessons = Object.values((await lessonsByLevel(page)).data).flat();
    const lessonNamed = (title: string) => {
      const found = lessons.find((l) => l.title === title);
      if (!found) throw new Error(`No lesson ${title}`);
      return found;
    };
    const read = READ.map(lessonNamed);
    const later = lessonNamed(LATER);
    const wordsOf = new Map<number, string[]>();
    for (const lesson of [...read, later]) {
      const answer = await page.request.get(pathOf(lessonsCalls.lesson, { lessonId: lesson.id }), {
        headers: asApi,
      });
      const { data } = lessonsCalls.lesson.response.parse(await answer.json());
      wordsOf.set(
        lesson.id,
        data.words.map((w) => w.text),
      );
    }
    const [first] = account.students;
    for (const student of account.students)
      await assignLessons(page, student, ...read, ...(student === first ? [later] : []));

    // Each student reads the three lessons cold, as far as their reading goes.
    for (const [i, student] of account.students.entries()) {
      await switchToStudent(page, account, student);
      for (const lesson of read)
        await sendReading(
          page,
          lesson.id,
          "cold_read",
          childReading((wordsOf.get(lesson.id) ?? []).slice(0, WORDS_READ[i])),
        );
    }

    // The teacher grades the nine: what each student read, to the last word, nothing missed.
    // Lesson by lesson, so the school's newest confirmed readings are the third lesson's.
    await switchToTeacher(page, account);
    const rows = await processedReadings(page, 9);
    const setOf = async (id: number) =>
      gradingCalls.readingSet.response.parse(
        await (
          await page.request.get(pathOf(gradingCalls.readingSet, { id }), { headers: asApi })
        ).json(),
      ).data;
    for (const lesson of read)
      for (const [i, student] of account.students.entries()) {
        const row = rows.find(
          (r) => r.lesson_title === lesson.title && r.student_id === student.id,
        );
        if (!row) throw new Error(`No reading of ${lesson.title} by ${student.firstname}`);
        const set = await setOf(row.id);
        const n = WORDS_READ[i] as number;
        await apiRequest(page, "POST", pathOf(gradingCalls.grade, { id: row.id }), {
          accuracy: 0,
          expression: 3,
          feedback: "",
          selectedWordIds: [],
          wpm: wpmFromLastWord(n, set.entries.cold_read?.duration ?? null),
          lastWordId: set.words[n - 1]?.id,
          submission: crypto.randomUUID(),
        });
      }

    // Refrain's staff adapt the school now rather than wait for the night.
    await page.goto("about:blank");
    await page.context().clearCookies();
    await signInAs(page, staff);
    await page.goto("/staff/suggestions");
    const school = page.getByRole("row").filter({ hasText: SCHOOL.name });
    await expect(school.getByRole("cell").first()).toHaveText("9");
    await expect(school).toContainText("Not adapted yet");
    await school.getByRole("button", { name: `Adapt now: ${SCHOOL.name}` }).click();
    await expect(school.getByText("In use")).toBeVisible({ timeout: 180_000 });
    await expect(school).toContainText("Learnt from 5 readings; checked on the 4 newest.");
    await shotFromTop(page, "fluency-adapted-school-1280");
    await page.setViewportSize({ width: 768, height: 1024 });
    await shotFromTop(page, "fluency-adapted-school-768");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The first student reads another lesson; its suggestion comes from the school's model.
    await switchToStudent(page, account, first as (typeof account.students)[number]);
    const words = wordsOf.get(later.id) ?? [];
    await sendReading(page, later.id, "cold_read", childReading(words.slice(0, LATER_WORDS)));
    await switchToTeacher(page, account);
    const [newest] = (await processedReadings(page, 10)).filter((r) => r.lesson_title === LATER);
    if (!newest) throw new Error("No reading of the later lesson");
    await expect
      .poll(async () => (await setOf(newest.id)).entries.cold_read?.suggestion, {
        timeout: 120_000,
        intervals: [1000, 2000, 5000],
      })
      .toMatchObject({ status: "suggested", adapted: true });
    // The adapted model hears where the reading stopped: within two words of the 40th.
    const { entries, words: passage } = await setOf(newest.id);
    const suggestion = entries.cold_read?.suggestion;
    const lastIndex = passage.findIndex(
      (w) => suggestion?.status === "suggested" && w.id === suggestion.lastWordId,
    );
    expect(Math.abs(lastIndex - (LATER_WORDS - 1))).toBeLessThanOrEqual(2);

    await page.getByRole("menuitem", { name: "Fluency" }).click();
    await page.getByRole("menuitem", { name: "Recorded Videos" }).click();
    await rowButton(page, "Grade Video", "Cold Read").click();
    const panel = page.getByRole("dialog").getByRole("tabpanel");
    await expect(
      panel.getByText("From the recognizer adapted to your school's readings", { exact: false }),
    ).toBeVisible();
    await shootBothWidths(page, "fluency-adapted-suggestion");
  });
});
