import type { Page } from "@playwright/test";
import {
  expect,
  lessonsByLevel,
  screenshot,
  setLessonRules,
  switchToTeacher,
  test,
} from "./fixtures.ts";
import { switchRecordingOn } from "./fluency-readings.ts";
import {
  assignLessons,
  catalogLesson,
  examQuestions,
  ownClassOfOne,
  shootBothWidths,
} from "./journey-steps.ts";
import { TRACK_MADE_MS, trackArrived } from "./lesson-track.ts";

/** The step tabs whose label does not fit their box, at the page's width: none should. */
async function clippedSteps(page: Page) {
  return page
    .getByRole("navigation", { name: "Lesson steps" })
    .getByRole("link")
    .evaluateAll((links) =>
      links
        .filter((link) =>
          [link, ...link.querySelectorAll("span")].some((box) => box.scrollWidth > box.clientWidth),
        )
        .map((link) => link.textContent),
    );
}

/** Each question's text with its right answer and a wrong one, from a teacher's exam preview. */
async function answerKey(page: Page, lesson: number, day: number) {
  return (await examQuestions(page, lesson, day)).map((q) => ({
    question: q.question,
    right: q.answers.find((a) => a.correct)?.answertext as string,
    wrong: q.answers.find((a) => !a.correct)?.answertext as string,
  }));
}

/** Picks an answer for every question of the day on the page, then hands the attempt in. */
async function answerDay(page: Page, key: Awaited<ReturnType<typeof answerKey>>, right: boolean) {
  for (const q of key) {
    const group = page.getByRole("radiogroup", { name: q.question });
    await group.getByRole("radio", { name: right ? q.right : q.wrong }).click();
  }
  await page.getByRole("button", { name: "Check my answers" }).click();
}

/** Plays the track to its end in a preview, where nothing is counted: it skips to the end. */
async function playThroughOnce(page: Page) {
  await trackArrived(page.locator("audio"));
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await skipToLastSecond(page);
  await expect(page.getByText("You read along to the end.")).toBeVisible();
}

/** The playing track jumps to its last second, so its play ends soon as if heard through. */
async function skipToLastSecond(page: Page) {
  await page.evaluate(() => {
    const audio = document.querySelector("audio");
    if (audio) audio.currentTime = Math.max(0, audio.duration - 1);
  });
}

async function playThrough(page: Page, count: number) {
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  // A read-along counts when its play reaches the end (learning-read-along.spec.ts plays one
  // through at the fastest rate).
  await skipToLastSecond(page);
  await expect(page.getByTestId("read-along-count")).toHaveText(`Read-along ${count} of 3`);
}

test.describe("learning: a whole lesson", () => {
  test("a student reads along three times, fails day 1, passes on a retake, writes day 4 across a reload and completes the lesson", async ({
    page,
    ownClass,
  }) => {
    test.setTimeout(150_000 + TRACK_MADE_MS);
    const { account, student } = await ownClassOfOne(ownClass);
    // This student must read along three times and pass each day before the next.
    await setLessonRules(page, student, { require_3x: 1, require_retake: 1 });
    // Recording on: the player has all its steps, the readings' tabs among them.
    await switchRecordingOn(page);
    const lesson = await catalogLesson(page, "Second Grade", 1);
    await assignLessons(page, student, lesson);
    const keys = {
      1: await answerKey(page, lesson.id, 1),
      2: await answerKey(page, lesson.id, 2),
      3: await answerKey(page, lesson.id, 3),
    };
    await page.goto("about:blank");
    // The teacher's session ends; the browser stays the class's, where its tiles show.
    await page.context().clearCookies({ name: "refrain_session" });

    // The student signs in with the tile of their name.
    await page.goto("/student/login");
    await page.getByLabel("Teacher's username").fill(account.login);
    await page.getByRole("button", { name: "Next" }).click();
    await page
      .getByRole("button", { name: `${student.firstname} ${student.lastname[0]}`, exact: true })
      .click();
    await page.getByLabel("Password", { exact: true }).fill(student.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("heading", { name: `Hi ${student.firstname}!` })).toBeVisible();

    const heartbeats: { kind: string }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/student/heartbeat")) heartbeats.push(request.postDataJSON());
    });
    const fromTeacher = page.getByRole("region", { name: "Lessons from your teacher" });
    await fromTeacher.getByRole("link", { name: lesson.title }).click();
    await expect(page).toHaveURL(`/student/learn/${lesson.id}/read`);
    const steps = page.getByRole("navigation", { name: "Lesson steps" });

    // The exam waits for three read-alongs.
    await steps.getByRole("link", { name: "Day 1 (locked)" }).click();
    await expect(page.getByText("Read along 3 times to unlock the exam.")).toBeVisible();
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "learning-day-locked-768");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Show me" }).click();
    await expect(page).toHaveURL(`/student/learn/${lesson.id}/read`);
    await trackArrived(page.locator("audio"));
    for (const count of [1, 2, 3]) await playThrough(page, count);
    await expect(steps.getByRole("link", { name: "Read along (done)" })).toBeVisible();
    // Every tab's label fits beside its mark, on a laptop and on a tablet.
    await expect.poll(() => clippedSteps(page)).toEqual([]);
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(() => clippedSteps(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Day 1: every answer wrong, then a retake with every answer right.
    await page.getByRole("link", { name: "Next: Day 1 exam" }).click();
    await expect(page).toHaveURL(`/student/learn/${lesson.id}/1`);
    await page.getByRole("button", { name: "Check my answers" }).click();
    await expect(page.getByText("Answer every question.")).toBeVisible();
    await answerDay(page, keys[1], false);
    const score = page.getByRole("status").filter({ hasText: "right" });
    await expect(score).toContainText(`0 of ${keys[1].length} right (0%): try again!`);
    await expect(page.getByText("Correct answer").first()).toBeVisible();
    await expect(steps.getByRole("link", { name: "Day 2 (locked)" })).toBeVisible();
    await shootBothWidths(page, "learning-day1-failed");
    await score.getByRole("button", { name: "Try again" }).click();
    await answerDay(page, keys[1], true);
    await expect(score).toContainText(
      `${keys[1].length} of ${keys[1].length} right (100%): great job!`,
    );

    for (const day of [2, 3] as const) {
      await score.getByRole("link", { name: `Next: Day ${day}` }).click();
      await expect(page).toHaveURL(`/student/learn/${lesson.id}/${day}`);
      await answerDay(page, keys[day], true);
      await expect(score).toContainText("great job!");
    }
    await expect.poll(() => heartbeats.map((h) => h.kind)).toContain("comprehension");
    // Percentages read as everywhere else in the app: "100%".
    await expect(page.getByText("Day 1: 100%")).toBeVisible();

    // The hot read, with days 1–3 done, leads on to what is left: day 4.
    await steps.getByRole("link", { name: /^Hot read/ }).click();
    await expect(page.getByRole("heading", { name: "Hot read" })).toBeVisible();
    await page.getByRole("link", { name: "Next: Day 4" }).click();

    // Day 4: a draft saved as typed survives a reload, then is handed in.
    await expect(page).toHaveURL(`/student/learn/${lesson.id}/4`);
    const answer = page.getByRole("textbox");
    await answer.fill("The kite flies because the wind");
    await expect(page.getByText(/Draft saved at/)).toBeVisible();
    await page.reload();
    await expect(answer).toHaveValue("The kite flies because the wind");
    await answer.focus();
    await answer.press("Control+End");
    await answer.pressSequentially(" pushes it up.");
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "learning-day4-768");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Hand in my answer" }).click();
    await expect(page.getByText("Handed in")).toBeVisible();
    await expect(page.getByTestId("day4-handed-in")).toHaveText(
      "The kite flies because the wind pushes it up.",
    );
    await expect(page.getByText("You finished this lesson!")).toBeVisible();
    await screenshot(page, "learning-completed-1280");

    // Home: the lesson left the teacher's list and shows as completed among the level's.
    await page.getByRole("link", { name: "Back to my lessons" }).click();
    await expect(page.getByRole("heading", { name: `Hi ${student.firstname}!` })).toBeVisible();
    await expect(fromTeacher).toHaveCount(0);
    const card = page.getByRole("link", { name: lesson.title });
    await expect(card.getByText("Completed")).toBeVisible();
    await expect.poll(() => heartbeats.map((h) => h.kind)).toContain("learning");

    // The teacher's Assign Lessons page counts it completed.
    await switchToTeacher(page, account);
    await page.goto("/teacher/assign");
    const row = page.getByRole("row", { name: new RegExp(student.firstname) });
    await expect(row.getByRole("cell").last()).toHaveText("1");
    await screenshot(page, "learning-teacher-assign-completed");
  });

  test("a teacher previews a lesson in the student's player, and nothing is recorded", async ({
    page,
    ownClass,
  }) => {
    test.setTimeout(30_000 + TRACK_MADE_MS);
    await ownClass();
    const lessons = await lessonsByLevel(page);
    const lesson = lessons.data["First Grade"]?.[0];
    if (!lesson) throw new Error("No First Grade lesson");
    const key = await answerKey(page, lesson.id, 1);
    const recorded: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (
        request.method() === "POST" &&
        path.startsWith("/student/") &&
        path !== "/student/examData"
      )
        recorded.push(path);
    });

    await page.goto(`/student/learn/${lesson.id}/1`);
    await expect(page.getByText("Nothing you do here is saved.")).toBeVisible();
    await answerDay(page, key, true);
    await expect(page.getByRole("status").filter({ hasText: "right" })).toContainText(
      `${key.length} of ${key.length} right (100%): great job!`,
    );
    await page
      .getByRole("navigation", { name: "Lesson steps" })
      .getByRole("link", { name: "Read along" })
      .click();
    await playThroughOnce(page);
    await page
      .getByRole("navigation", { name: "Lesson steps" })
      .getByRole("link", { name: "Day 4" })
      .click();
    await page.getByRole("textbox").fill("A teacher tries the writing box.");
    await expect(page.getByRole("button", { name: "Hand in my answer" })).toBeDisabled();
    await screenshot(page, "learning-preview-day4");
    expect(recorded).toEqual([]);
  });
});
