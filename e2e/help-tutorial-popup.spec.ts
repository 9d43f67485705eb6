import type { Page } from "@playwright/test";
import { authCalls, helpCalls, pathOf, TUTORIALS, type TutorialName } from "@refrain/domain";
import { apiRequest, expect, screenshot, test } from "./fixtures.ts";

test.use({ tutorialPopups: true });

/** A page's offer of its tutorial: a region in the page's flow, never a dialog over it. */
const offerOf = (page: Page) => page.getByRole("region", { name: "New here?" });

/** Every step of the page's tutorial has its control on the page, as the tour highlights it. */
async function expectEveryStepTarget(page: Page, name: TutorialName) {
  for (const step of TUTORIALS[name].steps)
    await expect(
      page.locator(`[data-tour="${step.target}"]`).first(),
      `${name}: the step "${step.title}" has no control to highlight`,
    ).toBeVisible();
}

test("a new teacher is offered each page's tour without it covering the page, takes the roster's and does not see it again", async ({
  page,
  ownClass,
}) => {
  await ownClass({ students: 3 });
  // The class dashboard is there to use at once: the tour is offered in the page's flow.
  const home = offerOf(page);
  await expect(home).toBeVisible();
  await expect(home.getByRole("button", { name: "Watch a 1-minute tour" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const roster = page.getByRole("link", { name: "Add or Edit Students" });
  // Nothing lies over the page: its own controls take a click.
  await roster.click({ trial: true });
  await expectEveryStepTarget(page, "class_summary");
  await screenshot(page, "help-tutorial-offer-1280");
  await page.setViewportSize({ width: 820, height: 1180 });
  await screenshot(page, "help-tutorial-offer-820");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The other teachers' pages with a tutorial show every step's control too. Each shows with
  // its offer already in place: coming after the heading, the offer pushed the page down.
  for (const name of ["assign_lessons", "fluency_review", "teacher_reports", "roster"] as const) {
    await page.goto(TUTORIALS[name].path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await offerOf(page).isVisible(), `${name}: the offer came after the page`).toBe(true);
    await expectEveryStepTarget(page, name);
  }
  await offerOf(page).getByRole("button", { name: "Watch a 1-minute tour" }).click();
  const popup = page.getByRole("dialog", { name: "Adding and editing students" });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("Your roster is the list of your students.")).toBeVisible();
  await expect(popup.getByRole("button", { name: "Complete This Step" })).toBeVisible();
  await screenshot(page, "help-tutorial-popup");

  await popup.getByRole("button", { name: "Continue Tour" }).click();
  await expect(popup).toHaveCount(0);
  await expect(offerOf(page)).toHaveCount(0);
  const step = page.locator("#driver-popover-content");
  await expect(step.getByText("Add students", { exact: true })).toBeVisible();
  await expect(step.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.locator('[data-tour="roster-create"]')).toHaveClass(/driver-active-element/);
  await screenshot(page, "help-tutorial-tour");
  await step.getByRole("button", { name: "Next" }).click();
  await expect(step.getByText("Edit in place")).toBeVisible();
  await expect(page.locator('[data-tour="roster-table"]')).toHaveClass(/driver-active-element/);
  await step.getByRole("button", { name: "Next" }).click();
  await expect(step.getByText("Login cards")).toBeVisible();
  const completed = page.waitForResponse(
    (r) => r.url().endsWith("/media/tutorials/roster/complete") && r.ok(),
  );
  await step.getByRole("button", { name: "Complete This Step" }).click();
  await completed;
  await expect(step).toHaveCount(0);

  // The server remembers: the roster's tutorial is offered no more, the home page's still is.
  const asked = page.waitForResponse((r) => r.url().endsWith("/media/tutorials/roster"));
  await page.reload();
  expect(((await (await asked).json()) as { data: { show: boolean } }).data.show).toBe(false);
  await expect(page.getByRole("heading", { name: "Add or Edit Students" })).toBeVisible();
  await expect(offerOf(page)).toHaveCount(0);
  await page.goto("/");
  await expect(offerOf(page)).toBeVisible();
});

test("No thanks turns a page's offer down for good, from the keyboard", async ({
  page,
  ownClass,
}) => {
  await ownClass({ students: 2 });
  await page.goto("/teacher/groups");
  const offer = offerOf(page);
  await expect(offer).toBeVisible();
  await expectEveryStepTarget(page, "groups");
  const noThanks = offer.getByRole("button", { name: "No thanks" });
  await noThanks.focus();
  await page.keyboard.press("Enter");
  await expect(offer).toHaveCount(0);
  const asked = page.waitForResponse((r) => r.url().endsWith("/media/tutorials/groups"));
  await page.reload();
  expect(((await (await asked).json()) as { data: { show: boolean } }).data.show).toBe(false);
  await expect(offer).toHaveCount(0);
});

test.describe("a journey about something else", () => {
  test.use({ tutorialPopups: false });

  test("reads the server's answer with its popup due flag off (fixtures.ts tutorialGuard)", async ({
    page,
    ownClass,
  }) => {
    await ownClass({ students: 1 });
    const path = pathOf(helpCalls.tutorial, { name: "roster" });
    // The server's own answer, outside the page: due for a new teacher.
    const answer = await apiRequest<{ data: { title: string; show: boolean } }>(page, "POST", path);
    expect(answer.data).toMatchObject({ title: TUTORIALS.roster.title, show: true });
    // The same call through the page's fetch, as the popup makes it: the rest as it came.
    const seen = await page.evaluate(
      async ({ path, sessionPath }) => {
        const session = await (await fetch(sessionPath)).json();
        const response = await fetch(path, {
          method: "POST",
          headers: { "X-Requested-With": "XMLHttpRequest", "X-CSRF-Token": session.csrfToken },
        });
        return response.json();
      },
      { path, sessionPath: authCalls.session.path },
    );
    expect(seen.data).toMatchObject({ title: TUTORIALS.roster.title, show: false });
  });
});
