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
