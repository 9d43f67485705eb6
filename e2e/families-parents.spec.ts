import { expect, screenshot, test } from "./fixtures.ts";

test("a teacher types a parent's address, both boxes switch on and it is kept; a bad address stays typed with its message", async ({
  page,
  consoleGuard,
  ownClass,
}) => {
  consoleGuard.allow(/status of 422/);
  const account = await ownClass({ students: 3 });
  const [first, second] = account.students;
  if (!first || !second) throw new Error("ownClass made fewer students than asked");
  const nameOf = (s: typeof first) => `${s.firstname} ${s.lastname}`.trim();

  await page.goto("/");
  await page.getByRole("menuitem", { name: "Manage Students" }).click();
  await page.getByRole("menuitem", { name: "Email Parents" }).click();
  await page.mouse.move(640, 600);
  await expect(page.getByRole("heading", { name: "Email Parents", level: 1 })).toBeVisible();

  const address = page.getByLabel(`Parent email for ${nameOf(first)}`);
  const weekly = page.getByLabel(`Weekly report for ${nameOf(first)}`);
  const mails = page.getByLabel(`Parent emails for ${nameOf(first)}`);
  await expect(weekly).not.toBeChecked();
  await address.fill("rosa.family@example.org");
  // The spec's rule: an empty address that becomes a valid-looking one switches both on.
  await expect(weekly).toBeChecked();
  await expect(mails).toBeChecked();
  await address.press("Enter");
  await expect(page.getByText("Saved").first()).toBeVisible();
  await page
    .getByLabel(`Language for ${nameOf(first)}'s parent`)
    .selectOption({ label: "Español" });

  const bad = page.getByLabel(`Parent email for ${nameOf(second)}`);
  await bad.fill("not-an-address");
  await bad.blur();
  await expect(page.getByText("Field must be a valid email address.")).toBeVisible();
  await expect(bad).toHaveValue("not-an-address");
  await screenshot(page, "families-parents");

  await page.reload();
  await expect(address).toHaveValue("rosa.family@example.org");
  await expect(weekly).toBeChecked();
  await expect(mails).toBeChecked();
  await expect(page.getByLabel(`Language for ${nameOf(first)}'s parent`)).toHaveValue("es");
});
