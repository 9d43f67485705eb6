import { studentLoginMessages } from "@refrain/domain";
import {
  expect,
  holdAppEntry,
  screenshot,
  signInStudentAs,
  test,
  tileClassCode,
  tileStudent,
  typingStudent,
} from "./fixtures.ts";

test.describe("student sign-in", () => {
  test("a student of ms.rivera picks a tile, goes back once, and lands on her home", async ({
    page,
    consoleGuard,
  }) => {
    // The wrong class code typed on purpose answers 422.
    consoleGuard.allow(/status of 422/);
    await page.goto("/student/login");
    await page.getByLabel("Teacher's username").fill("ms.rivera");
    await screenshot(page, "student-login");
    await page.getByRole("button", { name: "Next" }).click();

    // A browser the class never used shows no names until the class code is typed once.
    await expect(page.getByLabel("Your username")).toBeVisible();
    await page.getByLabel("Class code").fill("WRONG1");
    await page.getByRole("button", { name: "Show names" }).click();
    await expect(page.getByText(studentLoginMessages.classCode)).toBeVisible();
    await screenshot(page, "student-class-code");
    await page.getByLabel("Class code").fill(tileClassCode.toLowerCase());
    await page.getByRole("button", { name: "Show names" }).click();
    const tile = page.getByRole("button", { name: tileStudent.tileName, exact: true });
    await expect(tile).toBeVisible();
    await screenshot(page, "student-tiles");
    await tile.click();

    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(tile).toBeVisible();
    await tile.click();

    await page.getByLabel("Password", { exact: true }).fill(tileStudent.password);
    await screenshot(page, "student-password");
    await page.getByRole("button", { name: "Log In" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: `Hi ${tileStudent.firstName}!` })).toBeVisible();
    await expect(page.getByText("Your teacher: Elena Rivera")).toBeVisible();
    await expect(page.getByText("Lexile").first()).toBeVisible();
    await screenshot(page, "student-home");

    // Signed out, this browser is the class's now: the tiles show without the code.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByRole("link", { name: "Teacher Login" }).first()).toBeVisible();
    await page.goto("/student/login");
    await page.getByLabel("Teacher's username").fill("ms.rivera");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(
      page.getByRole("button", { name: tileStudent.tileName, exact: true }),
    ).toBeVisible();
  });

  test("a student of mr.okafor types his username; Previous keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/student/login");
    await page.getByLabel("Teacher's username").fill("mr.okafor");
    await page.getByRole("button", { name: "Next" }).click();

    await page.getByLabel("Your username").fill(typingStudent.login);
    await screenshot(page, "student-typed-username");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel("Your username")).toHaveValue(typingStudent.login);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel("Teacher's username")).toHaveValue("mr.okafor");

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Password", { exact: true }).fill(typingStudent.password);
    await page.getByRole("button", { name: "Log In" }).click();

    await expect(page).toHaveURL("/");
    await expect(
      page.getByRole("heading", { name: `Hi ${typingStudent.firstName}!` }),
    ).toBeVisible();
    await expect(page.getByText("Your teacher: James Okafor")).toBeVisible();
    await screenshot(page, "student-typed-home");
  });

  test("a wrong teacher username shows the popup and keeps the text", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 422/);
    await page.goto("/student/login");
    await page.getByLabel("Teacher's username").fill("no.such.teacher");
    await page.getByRole("button", { name: "Next" }).click();

    const popup = page.getByRole("dialog", { name: "Oops!" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("We could not find that teacher");
    await screenshot(page, "student-wrong-teacher");
    await popup.getByRole("button", { name: "OK" }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByLabel("Teacher's username")).toHaveValue("no.such.teacher");
  });

  test("a student's home and lesson come drawn by the server: a link works before the app runs, a press waits for it", async ({
    page,
  }) => {
    await signInStudentAs(page, tileStudent);
    // The app's entry is held back: what shows is the server's HTML.
    const release = await holdAppEntry(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: `Hi ${tileStudent.firstName}!` })).toBeVisible();
    await expect(page.getByText("Your teacher: Elena Rivera")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lessons from your teacher" })).toBeVisible();
    // The app has not run: it takes this block as it starts. The title is the page's own.
    await expect(page.locator("script#prerendered-styles")).toBeAttached();
    await expect(page).toHaveTitle("My Lessons · Refrain");
    await screenshot(page, "student-home-drawn");

    // A link is the browser's: the lesson comes drawn too.
    await page.getByRole("link", { name: "Continue where I left off" }).click();
    await expect(page).toHaveURL(/\/student\/learn\/\d+\/[\w-]+$/);
    await page.goto(page.url().replace(/[\w-]+$/, "read"), { waitUntil: "domcontentloaded" });
    const words = page.locator("[data-word]").first();
    await expect(words).toBeVisible();
    await expect(page.locator("script#prerendered-styles")).toBeAttached();
    await expect(page).toHaveTitle(/: Read along · Refrain$/);
    // The page has the player's own styles (its CSS modules), which the browser would add as it
    // loads the player's code: the read-along's words are large.
    await expect(words.locator("xpath=../..")).toHaveCSS("font-size", "24px");
    await screenshot(page, "lesson-player-drawn");

    // A press waits for the app and is pressed again once it has taken the page over.
    const readingView = page.getByRole("button", { name: "Reading view" });
    await readingView.click();
    await expect(page.locator("script#prerendered-styles")).toBeAttached();
    await expect(page.getByRole("dialog", { name: "Reading view" })).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Reading view" })).toBeVisible();
    await expect(page.locator("script#prerendered-styles")).not.toBeAttached();
  });
});
