import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { gradingCalls, lessonsCalls, pathOf, wpmFromLastWord } from "@refrain/domain";
import {
  apiRequest,
  expect,
  lessonsByLevel,
  signInAs,
  signOut,
  staff,
  switchToStudent,
  switchToTeacher,
  test,
} from "./fixtures.ts";
import {
  PROCESSED_WITHIN_MS,
  processedReadings,
  rowButton,
  sendReading,
  switchRecordingOn,
} from "./fluency-readings.ts";
import { assignLessons, shootBothWidths, shotFromTop } from "./journey-steps.ts";

const asApi = { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" };

/** A demo sign-up school no other journey takes: its readings are this journey's alone. */
const SCHOOL = { zip: "94110", name: "Bernal Hill School" };
/**
 * What the class reads, in the order its teacher grades it: the first student reads the
 * start of five lessons (12 words each), then three students read on into "Socks on the Line"
 * (20, 30 and 40 words). The school's newest confirmed readings, the three of that lesson, are
 * the ones its adapted model is checked on; the base model puts the end of each at word 18.
 */
const READINGS = [
  { student: 0, lesson: "Fly, Kite, Fly!", words: 12 },
  { student: 0, lesson: "The Moon Bug Band", words: 12 },
  { student: 0, lesson: "Bubbles on My Hands", words: 12 },
  { student: 0, lesson: "Stomp in the Snow", words: 12 },
  { student: 0, lesson: "The Seed That Grew and Grew", words: 12 },
  { student: 0, lesson: "Socks on the Line", words: 20 },
  { student: 1, lesson: "Socks on the Line", words: 30 },
  { student: 2, lesson: "Socks on the Line", words: 40 },
];
/** After the school is adapted, a fourth student reads 35 words of the same lesson. */
const LATER = { student: 3, lesson: "Socks on the Line", words: 35 };

/**
 * The start of a passage read in one child-like voice (espeak-ng's, three semitones up, as the
 * labelled set's child voices are made), as Chromium uploads a reading from a device without a
 * camera: Opus in WebM. The same every time: sox's dither draws the same numbers (-R).
 */
function childReading(words: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "refrain-e2e-adapt-"));
  const [voice, raised, out] = ["voice.wav", "raised.wav", "reading.webm"].map((f) =>
    join(dir, f),
  ) as [string, string, string];
  const say = ["-v", "en-us+f3", "-p", "70", "-s", "120", "-w", voice, words.join(" ")];
  execFileSync("espeak-ng", say);
  execFileSync("sox", ["-R", voice, raised, "pitch", "300", "pad", "0.5", "1"]);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", raised, "-c:a", "libopus", out]);
  const bytes = readFileSync(out);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A reading sent as an audio-only upload. */
const sendVoice = (page: Page, lessonId: number, words: string[]) =>
  sendReading(page, lessonId, "cold_read", childReading(words), "audio/webm");

test.describe("fluency: suggestions from a school's own model", () => {
  test("a school's graded readings teach the recognizer, staff adapt it, and its next reading is suggested by the adapted model", async ({
    page,
    ownClass,
  }) => {
    test.setTimeout(240_000 + 2 * PROCESSED_WITHIN_MS);
    const account = await ownClass({ students: 4, school: SCHOOL });
    await switchRecordingOn(page);
    const lessons = Object.values((await lessonsByLevel(page)).data).flat();
    const lessonNamed = (title: string) => {
      const found = lessons.find((l) => l.title === title);
      if (!found) throw new Error(`No lesson ${title}`);
      return found;
    };
    const wordsOf = new Map<string, { id: number; words: string[] }>();
    for (const title of new Set(READINGS.map((r) => r.lesson))) {
      const { id } = lessonNamed(title);
      const answer = await page.request.get(pathOf(lessonsCalls.lesson, { lessonId: id }), {
        headers: asApi,
      });
      const { data } = lessonsCalls.lesson.response.parse(await answer.json());
      wordsOf.set(title, { id, words: data.words.map((w) => w.text) });
    }
    const studentOf = (i: number) => account.students[i] as (typeof account.students)[number];
    const lessonOf = (title: string) => wordsOf.get(title) as { id: number; words: string[] };
    for (const [i, student] of account.students.entries())
      await assignLessons(
        page,
        student,
        ...[...READINGS, LATER].filter((r) => r.student === i).map((r) => lessonOf(r.lesson)),
      );
    /** The student reads the start of the lesson, signed in as themselves. */
    const read = async (reading: (typeof READINGS)[number]) => {
      await switchToStudent(page, account, studentOf(reading.student));
      const { id, words } = lessonOf(reading.lesson);
      await sendVoice(page, id, words.slice(0, reading.words));
    };
    for (const reading of READINGS) await read(reading);

    // The teacher grades each as it was read, to the last word, nothing missed, in order.
    await switchToTeacher(page, account);
    const rows = await processedReadings(page, READINGS.length);
    const setOf = async (id: number) =>
      gradingCalls.readingSet.response.parse(
        await (
          await page.request.get(pathOf(gradingCalls.readingSet, { id }), { headers: asApi })
        ).json(),
      ).data;
    for (const reading of READINGS) {
      const student = studentOf(reading.student);
      const row = rows.find(
        (r) => r.lesson_title === reading.lesson && r.student_id === student.id,
      );
      if (!row) throw new Error(`No reading of ${reading.lesson} by ${student.firstname}`);
      const set = await setOf(row.id);
      await apiRequest(page, "POST", pathOf(gradingCalls.grade, { id: row.id }), {
        accuracy: 0,
        expression: 3,
        feedback: "",
        selectedWordIds: [],
        wpm: wpmFromLastWord(reading.words, set.entries.cold_read?.duration ?? null),
        lastWordId: set.words[reading.words - 1]?.id,
        submission: crypto.randomUUID(),
      });
    }

    // Refrain's staff adapt the school now rather than wait for the night.
    await signOut(page);
    await signInAs(page, staff);
    await page.goto("/staff/suggestions");
    const school = page.getByRole("row").filter({ hasText: SCHOOL.name });
    await expect(school.getByRole("cell").first()).toHaveText(String(READINGS.length));
    await expect(school).toContainText("Not adapted yet");
    await school.getByRole("button", { name: `Adapt now: ${SCHOOL.name}` }).click();
    await expect(school.getByText("In use")).toBeVisible({ timeout: 180_000 });
    await expect(school).toContainText("Learnt from 5 readings; checked on the 3 newest.");
    await shotFromTop(page, "fluency-adapted-school-1280");
    await page.setViewportSize({ width: 768, height: 1024 });
    await shotFromTop(page, "fluency-adapted-school-768");
    await page.setViewportSize({ width: 1280, height: 900 });

    // A fourth student reads the lesson; the suggestion comes from the school's model.
    await read(LATER);
    await switchToTeacher(page, account);
    const newest = (await processedReadings(page, READINGS.length + 1)).find(
      (r) => r.student_id === studentOf(LATER.student).id,
    );
    if (!newest) throw new Error("No later reading");
    await expect
      .poll(async () => (await setOf(newest.id)).entries.cold_read?.suggestion, {
        timeout: 120_000,
        intervals: [1000, 2000, 5000],
      })
      .toMatchObject({ status: "suggested", adapted: true });
    // The adapted model hears where the reading stopped, within two words (the base model ends
    // it at word 18 of 35).
    const { entries, words: passage } = await setOf(newest.id);
    const suggestion = entries.cold_read?.suggestion;
    const lastIndex = passage.findIndex(
      (w) => suggestion?.status === "suggested" && w.id === suggestion.lastWordId,
    );
    expect(Math.abs(lastIndex - (LATER.words - 1))).toBeLessThanOrEqual(2);

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
