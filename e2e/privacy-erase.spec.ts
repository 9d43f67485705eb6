import { expect, screenshot, test } from "./fixtures.ts";

test.describe("privacy: deleting a student", () => {
  test("a teacher opens a student's Privacy and data page from the roster, deletes them there and sees the roster without them", async ({
    page,
    ownClass,
  }) => {
    await ownClass({
      firstName: "Rosa",
      lastName: "Lindqvist",
      students: [
        { firstname: "Wilhelmina", lastname: "Ashgrove" },
        { firstname: "Teodor", lastname: "Brambleby" },
      ],
    });
    await page.goto("/teacher/roster");
    const rows = page.locator("tbody tr[data-row-key]");
    await expect(rows).toHaveCount(2);
    await page.getByRole("button", { name: "More settings for Wilhelmina Ashgrove" }).click();
    await page.getByRole("link", { name: "Privacy and data" }).click();
    await expect(
      page.getByRole("heading", { name: "Privacy and data: Wilhelmina Ashgrove" }),
    ).toBeVisible();
    const section = page.getByRole("region", { name: "Delete this student" });
    await expect(section).toBeVisible();
    await screenshot(page, "privacy-erase-section");

    await section.getByRole("button", { name: "Delete this student" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Wilhelmina Ashgrove?" });
    await expect(confirm).toContainText(
      "This student and their history will be permanently deleted. Continue?",
    );
    await screenshot(page, "privacy-erase-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();

    await expect(page).toHaveURL("/teacher/roster");
    await expect(page.getByText("Wilhelmina Ashgrove was deleted.")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "First Name" })).toHaveValue("Teodor");
    await screenshot(page, "privacy-erase-roster-after");
  });
});

test.describe("privacy: deleting one's own account", () => {
  test("a teacher deletes their account and students from Settings and Preferences, and cannot sign in again", async ({
    page,
    ownClass,
    consoleGuard,
  }) => {
    const account = await ownClass({ students: 2 });
    await page.getByRole("button", { name: /Alex Morgan/ }).click();
    await page.getByRole("menuitem", { name: "Settings and Preferences" }).click();
    const card = page.getByRole("region", { name: "Delete My Account" });
    await card.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toContainText("This is not recoverable.");
    await dialog.getByLabel("Username", { exact: true }).fill(account.login);
    await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
    // The server refuses a wrong password under its field, and keeps what was typed.
    consoleGuard.allow(/status of 422/);
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(dialog.getByText("Your current password is not correct.")).toBeVisible();
    await expect(dialog.getByLabel("Username", { exact: true })).toHaveValue(account.login);
    await screenshot(page, "privacy-delete-account-dialog");

    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText("Your account and everything about your students were deleted."),
    ).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Teacher Login" }),
    ).toBeVisible();

    const again = await page.request.post("/login", {
      data: { login: account.login, password: account.password },
      headers: { "X-Requested-With": "XMLHttpRequest" },
    });
    expect(again.ok()).toBe(false);
  });
});
