import type { Page } from "@playwright/test";
import { expect, parent, schoolAdmin, screenshot, signInAs, teacher, test } from "./fixtures.ts";
import { openFromMenu } from "./journey-steps.ts";

test.use({ viewport: { width: 1024, height: 768 } });

/** Opens a header menu's entry, then moves the pointer away so the menu does not open again. */
async function openAndMoveAway(page: Page, menu: string, entry: string) {
  await openFromMenu(page, menu, entry);
  await page.mouse.move(600, 700);
}

test.describe("the help pages", () => {
  test("a teacher follows How to Use into the product, searches Q and A and sends feedback", async ({
    page,
  }) => {
    await signInAs(page, teacher);
    await page.goto("/");

    await openAndMoveAway(page, "Help", "How to Use");
    await expect(page).toHaveURL("/help/how-to-use");
    await expect(page.getByRole("heading", { name: "How to Use Refrain", level: 1 })).toBeVisible();
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "Grade a reading" }).click();
    await expect(page).toHaveURL("/help/how-to-use#grade-reading");
    await expect(page.getByRole("heading", { name: "Grade a reading", level: 3 })).toBeInViewport();
    await screenshot(page, "help-how-to-use");

    const firstDay = page.getByRole("region", { name: "1. Your first day" });
    await firstDay.getByRole("link", { name: "Assign Lessons" }).click();
    await expect(page).toHaveURL("/teacher/assign");
    await expect(page.getByRole("heading", { name: "Assign Lessons", level: 1 })).toBeVisible();

    await openAndMoveAway(page, "Help", "Q and A");
    await expect(page).toHaveURL("/help/questions");
    await expect(page.getByRole("heading", { name: "Q and A", level: 1 })).toBeVisible();
    // A teacher's own questions come first.
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Teachers");
    const search = page.getByRole("searchbox", { name: "Search the answers" });
    await search.fill("LOGIN cards");
    await expect(page.getByRole("status").filter({ hasText: /answers? found/ })).toHaveText(
      /^\d+ answers? found$/,
    );
    const signIn = page.getByRole("button", { name: "How do my students sign in?" });
    await expect(signIn).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/all of this on them/)).toBeVisible();
    await expect(page.locator("mark", { hasText: /^login$/i }).first()).toBeVisible();
    await screenshot(page, "help-questions-search");

    await search.fill("xylophone quasar");
    await expect(page.getByText("No answers match “xylophone quasar”")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "found" })).toHaveText(
      "No answers found",
    );
    await screenshot(page, "help-questions-empty");

    await page.getByRole("button", { name: "Clear the search" }).click();
    await expect(search).toHaveValue("");
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(page.getByRole("button", { name: "Open the menu" })).toBeVisible();
    await screenshot(page, "help-questions-768");
    await page.setViewportSize({ width: 1024, height: 768 });

    // Feedback from the Help menu: the signed-in sender is known, so only the message is asked.
    await openAndMoveAway(page, "Help", "Feedback");
    await expect(page).toHaveURL("/feedback");
    await expect(page.getByRole("textbox")).toHaveCount(1);
    await page.getByLabel("Your feedback").fill("The help pages answered my question.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(
      page.getByText("Thank you for your feedback! We read every message."),
    ).toBeVisible();
  });

  test("a teacher opens Scope and Sequence from Resources and prints it", async ({ page }) => {
    await signInAs(page, teacher);
    await page.goto("/");
    await openAndMoveAway(page, "Resources", "Scope and Sequence");
    await expect(page).toHaveURL("/scope-and-sequence");
    await expect(page.getByRole("heading", { name: "Scope and Sequence", level: 1 })).toBeVisible();

    const progression = page.getByRole("region", { name: "Progression by reading level" });
    const rows = progression.getByRole("row");
    // The header and the six levels students are placed on; benchmarks stand apart.
    await expect(rows).toHaveCount(7);
    await expect(rows.nth(1)).toContainText("Kindergarten");
    await expect(rows.nth(6)).toContainText("Fifth Grade");
    await expect(rows.nth(1).getByText(/^\d+–\d+$/)).toHaveCount(2);

    const kindergarten = page.getByRole("region", { name: "Kindergarten", exact: true });
    await expect(kindergarten.getByText(/Lexile \d+–\d+ · \d+–\d+ words per minute/)).toBeVisible();
    await expect(kindergarten.getByText("Story genres", { exact: true })).toBeVisible();
    const lessons = kindergarten.getByRole("region", { name: "Lessons of Kindergarten" });
    await expect(lessons.getByRole("columnheader", { name: "Lexile" })).toBeVisible();
    await expect(lessons.getByRole("columnheader", { name: "WPM" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Benchmark Passages", exact: true }),
    ).toBeVisible();
    await screenshot(page, "help-scope-and-sequence");

    // Printed, the page keeps the catalogue and leaves out the header and the button.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("header")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(progression).toBeVisible();
    await screenshot(page, "help-scope-and-sequence-print");
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

    // Each lesson links to its page in the catalogue.
    await expect(lessons.getByRole("link").first()).toHaveAttribute("href", /^\/lessons\/\d+$/);
  });

  test("a parent reads help about their children at home, not a school's", async ({ page }) => {
    await signInAs(page, parent);
    await page.goto("/");

    await openAndMoveAway(page, "Help", "How to Use");
    await expect(page).toHaveURL("/help/how-to-use");
    const contents = page.getByRole("navigation", { name: "Contents" });
    await expect(contents.getByRole("link", { name: "Add your children" })).toBeVisible();
    // A home class records no readings, and its parent has no other parents to write to.
    for (const part of [/Talking to parents/, /Grading a reading/, /^Recordings/])
      await expect(page.getByRole("heading", { name: part })).toHaveCount(0);
    await expect(page.getByText(/administrator|your class\b/)).toHaveCount(0);
    const firstDay = page.getByRole("region", { name: "1. Your first day" });
    await expect(firstDay.getByText("Three things get your children reading")).toBeVisible();
    await firstDay.getByRole("link", { name: "Add or Edit Students" }).first().click();
    await expect(page).toHaveURL("/teacher/roster");

    await openAndMoveAway(page, "Help", "Q and A");
    await expect(page).toHaveURL("/help/questions");
    const groups = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(groups).toHaveText(["Parents"]);
    await expect(page.getByRole("status").filter({ hasText: "in 1 group" })).toHaveText(
      /^\d+ answers in 1 group$/,
    );
    await page.getByRole("button", { name: "How do my children sign in?" }).click();
    await expect(page.getByText(/^Children use Student Login/)).toBeVisible();
    await expect(page.getByRole("button", { name: /my students/ })).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search the answers" }).fill("quote");
    await expect(page.getByRole("status").filter({ hasText: "found" })).toHaveText(
      "No answers found",
    );
  });

  test("a school admin reads in Help what a school admin does", async ({ page }) => {
    await signInAs(page, schoolAdmin);
    await page.goto("/");
    await page.getByRole("menuitem", { name: "Help" }).click();
    await expect(page.getByRole("menuitem", { name: "Q and A" })).toBeVisible();
    await page.getByRole("menuitem", { name: "How to Use" }).click();
    await page.mouse.move(600, 700);
    await expect(page).toHaveURL("/help/how-to-use");
    const contents = page.getByRole("navigation", { name: "Contents" });
    await expect(contents.getByRole("link", { name: "Invite a teacher" })).toBeVisible();
    await expect(
      contents.getByRole("link", { name: "See a class as its teacher does" }),
    ).toBeVisible();
    // A teacher's tasks are not theirs: no first day with a class, no lesson to play.
    await expect(
      page.getByRole("heading", { name: /Your first day|Grading a reading/ }),
    ).toHaveCount(0);
    await expect(page.getByText(/your class\b|\bplay\b/)).toHaveCount(0);
    await screenshot(page, "help-how-to-use-school-admin");
    const teachers = page.getByRole("region", { name: "1. Your teachers" });
    await teachers.getByRole("link", { name: "Teacher Usernames and Passwords" }).first().click();
    await expect(page).toHaveURL("/school_admin/teachers");

    await openAndMoveAway(page, "Help", "Q and A");
    await expect(page).toHaveURL("/help/questions");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "School admins",
      "Teachers",
      "Families",
    ]);
    await page.getByRole("button", { name: "How do I add a teacher to my school?" }).click();
    await expect(
      page.getByRole("link", { name: "Teacher Usernames and Passwords" }).first(),
    ).toBeVisible();
    await screenshot(page, "help-questions-school-admin");
  });
});
