import { adminCalls } from "@refrain/domain";
import { linkIn, mailReceived } from "./auth-helpers.ts";
import { callApi, expect, schoolAdmin, screenshot, signInAs, test } from "./fixtures.ts";

// The one journey that invites teachers to the demo school: it fills the school's seats, so
// the invitation and the full school are one story rather than two journeys racing for seats.
test("a school admin invites a teacher, who chooses a password from the e-mail and signs in; a full school offers no more invitations", async ({
  page,
  browser,
}) => {
  const nadia = { email: "nadia.brooks@riverbend.example.org", first: "Nadia", last: "Brooks" };
  await signInAs(page, schoolAdmin);
  await page.goto("/");
  await page.getByRole("link", { name: "Teacher Usernames and Passwords" }).first().click();
  await expect(
    page.getByRole("heading", { name: "Teacher Usernames and Passwords" }),
  ).toBeVisible();
  const invitation = page.getByRole("region", { name: "Add New Teachers" });
  const send = invitation.getByRole("button", { name: "Send Invitation" });
  await expect(send).toBeDisabled();

  await invitation.getByLabel("Email").fill(nadia.email);
  await invitation.getByLabel("First Name").fill(nadia.first);
  await invitation.getByLabel("Last Name").fill(nadia.last);
  // The answer is held until the journey has seen the saving state: the spec's pending delay
  // (a second) raced a busy machine, where one look at the page can take longer than that.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${adminCalls.newTeacher.path}`, async (route) => {
    await held;
    await route.continue();
  });
  const asked = Date.now();
  await send.click();
  await expect(invitation.getByRole("button", { name: "Adding Teacher..." })).toBeVisible();
  release();
  await expect(invitation.getByText("Recently Added:")).toBeVisible();
  await expect(invitation.getByText(`${nadia.email} — ${nadia.first} ${nadia.last}`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(`${nadia.first}.*${nadia.last}`) });
  await expect(row.getByText("Invited — no password yet")).toBeVisible();
  await screenshot(page, "admin-school-invited");

  const mail = await mailReceived(nadia.email, asked);
  expect(mail.subject).toBe("Dana Hughes invited you to Refrain");
  const username = mail.text.match(/Your Refrain username is (\S+)\./)?.[1];
  expect(username).toBeTruthy();
  const link = linkIn(mail, "/password/reset");

  // The new teacher, in a browser of their own.
  const theirs = await browser.newContext();
  try {
    const teacherPage = await theirs.newPage();
    await teacherPage.goto(link);
    await expect(teacherPage.getByText(`For the account ${username}.`)).toBeVisible();
    await teacherPage.getByLabel("New password", { exact: true }).fill("brooks-reads-1");
    await teacherPage.getByLabel("Confirm new password").fill("brooks-reads-1");
    await teacherPage.getByRole("button", { name: "Save and Sign In" }).click();
    await expect(teacherPage).toHaveURL("/");
    await expect(
      teacherPage.getByRole("button", { name: /Account menu: Nadia Brooks/ }),
    ).toBeVisible();
  } finally {
    await theirs.close();
  }
  await page.reload();
  await expect(row.getByText("Set by the teacher")).toBeVisible();

  // The rest of the seats, through the same call the form makes.
  const list = await page.request.get(adminCalls.schoolTeachers.path, {
    headers: { Accept: "application/json" },
  });
  const { teachers, seats } = adminCalls.schoolTeachers.response.parse(await list.json()).data;
  for (let n = teachers.length; n < seats; n++)
    await callApi(page, adminCalls.newTeacher, {
      email: `seat.${n}@riverbend.example.org`,
      firstname: "Seat",
      lastname: `Holder ${n}`,
    });
  await page.reload();
  await expect(page.getByText(`${seats} of ${seats} seats used`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add New Teachers" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send Invitation" })).toHaveCount(0);
  await expect(
    page.getByText(`All ${seats} teacher seats of your school are in use.`),
  ).toBeVisible();
  await screenshot(page, "admin-school-full");
});

test("a school admin reads the research page from Resources", async ({ page }) => {
  await signInAs(page, schoolAdmin);
  await page.goto("/");
  await page.getByRole("menuitem", { name: "Resources" }).click();
  await page.getByRole("menuitem", { name: "Research" }).click();
  // The pointer leaves the menubar, as a reader's would, so no menu opens again under it.
  await page.mouse.move(640, 600);
  await expect(page).toHaveURL("/du-summary");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(
    page.getByRole("heading", { name: "Repeated reading: what the research says" }),
  ).toBeVisible();
  await expect(page.getByText("Refrain itself has not been studied")).toBeVisible();
  await expect(page.getByText(/463 students/)).toBeVisible();
  await expect(page.getByText(/Germeroth, C., Kelleman, B., & Spartz, J. \(2018\)/)).toBeVisible();
  await screenshot(page, "admin-research");
  await page.getByRole("link", { name: "School Use and Data" }).click();
  await expect(page.getByRole("heading", { name: "School Use and Data" })).toBeVisible();
});
