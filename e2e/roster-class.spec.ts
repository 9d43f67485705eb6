import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ADULT_PASSWORD } from "../apps/server/src/demo/plan/world.ts";
import { mailReceived } from "./auth-helpers.ts";
import {
  expect,
  screenshot,
  signInAs,
  signInStudentAs,
  staff,
  teacher,
  test,
  tileStudent,
} from "./fixtures.ts";
import { openFromMenu, sideways } from "./journey-steps.ts";

const parent = { login: "jordan.parent", password: DEMO_ADULT_PASSWORD };
const NEW_CLASS = [
  ["Ana", "Diaz"],
  ["Ben", "Okoro"],
  ["Cleo", "Park"],
  ["Dev", "Shah"],
  ["Eli", "Young"],
] as const;

test.describe("roster", () => {
  test("a teacher who just signed up meets the empty class, creates students and is offered the dashboard", async ({
    page,
    ownClass,
  }) => {
    // Signed up through the API (the sign-up page has its own journey).
    await ownClass({ firstName: "Mina", lastName: "Torres" });
    await page.goto("/teacher/roster");
    await expect(
      page.getByText(
        "STEP 1 – Click below to select the number of student accounts you wish to create",
      ),
    ).toBeVisible();
    await page.getByLabel("Select Number of Students in Class").selectOption("3");
    await page.getByRole("button", { name: "Add Student(s)" }).click();
    const rows = page.locator("tbody tr[data-row-key]");
    await expect(rows).toHaveCount(3);
    await expect(page.getByText("3 students created, 27 available")).toBeVisible();

    const dashboard = page.getByRole("link", { name: "Take Me to My Dashboard" });
    await expect(dashboard).toBeHidden();
    const first = rows.first();
    await first.getByRole("textbox", { name: "First Name" }).click();
    await first.getByRole("textbox", { name: "First Name" }).fill("Noor");
    await first.getByRole("textbox", { name: "Last Name" }).fill("Haddad");
    await first.getByRole("textbox", { name: "Last Name" }).press("Enter");
    await expect(dashboard).toBeVisible();
    await screenshot(page, "roster-new-teacher");
    await dashboard.click();
    await expect(page).toHaveURL("/");
    // The dashboard's class summary has a row for her.
    await expect(
      page.getByRole("region", { name: "Class summary" }).getByText("Noor Haddad"),
    ).toBeVisible();
  });

  test("a teacher starts over: deletes all, creates five students, names them, hits a duplicate username and gets the login cards", async ({
    page,
    browser,
    baseURL,
    ownClass,
  }) => {
    test.setTimeout(120_000);
    const patel = await ownClass({ firstName: "Arjun", lastName: "Patel", students: 6 });
    await page.goto("/teacher/roster");
    await expect(page.getByRole("heading", { name: "Add or Edit Students" })).toBeVisible();
    await expect(page.getByText("6 students created, 24 available")).toBeVisible();
    await screenshot(page, "roster-mr-patel");

    await page.getByRole("button", { name: "Delete All Students" }).click();
    const confirmAll = page.getByRole("dialog", { name: "Delete ALL Students?" });
    await expect(confirmAll).toContainText(
      "ALL students and their history will be permanently deleted. This is not recoverable.",
    );
    await screenshot(page, "roster-delete-all-confirm");
    await confirmAll.getByRole("button", { name: "Delete" }).click();

    await expect(
      page.getByText(
        "STEP 1 – Click below to select the number of student accounts you wish to create",
      ),
    ).toBeVisible();
    const count = page.getByLabel("Select Number of Students in Class");
    await expect(count).toHaveValue("5");
    await expect(count.locator("option")).toHaveCount(30);
    await screenshot(page, "roster-empty");
    await page.getByRole("button", { name: "Add Student(s)" }).click();

    const rows = page.locator("tbody tr[data-row-key]");
    await expect(rows).toHaveCount(5);
    await expect(page.getByText("5 students created, 25 available")).toBeVisible();
    const marked = page.getByText("Please enter all fields for the marked rows");
    // Fresh rows prompt for names but warn of nothing before the teacher has touched them.
    await expect(page.getByText("Enter student name")).toHaveCount(10);
    await expect(marked).toBeHidden();
    await expect(page.locator("tbody tr[data-marked]")).toHaveCount(0);
    await expect(rows.first().getByRole("textbox", { name: "Username" })).toHaveValue("student1");
    await expect(rows.first().getByRole("textbox", { name: "Password" })).toHaveValue(
      /^[a-z]+\d\d$/,
    );
    await screenshot(page, "roster-created");

    const dashboard = page.getByRole("link", { name: "Take Me to My Dashboard" });
    await expect(dashboard).toBeHidden();
    for (const [i, [first, last]] of NEW_CLASS.entries()) {
      const row = rows.nth(i);
      const firstName = row.getByRole("textbox", { name: "First Name" });
      await expect(firstName).toHaveValue("Student");
      await firstName.click();
      // Focusing the placeholder first name clears it.
      await expect(firstName).toHaveValue("");
      await firstName.fill(first);
      await row.getByRole("textbox", { name: "Last Name" }).fill(last);
      await row.getByRole("textbox", { name: "Last Name" }).press("Enter");
      if (i === 0) {
        await expect(dashboard).toBeVisible();
        // The autosave says so in the row, then the cue fades away.
        await expect(row.getByRole("status")).toHaveText(`Saved: ${first} ${last}`);
        await screenshot(page, "roster-row-saved");
        await expect(row.getByRole("status")).toHaveText("", { timeout: 5_000 });
      }
    }
    await expect(page.getByText("Enter student name")).toHaveCount(0);
    await expect(marked).toBeHidden();

    // A classmate's username, in another case: refused before anything is sent.
    const benUsername = rows.nth(1).getByRole("textbox", { name: "Username" });
    await benUsername.fill("STUDENT1");
    await expect(rows.nth(1).getByText("This username is already in use.")).toBeVisible();
    await expect(marked).toBeVisible();
    await benUsername.press("Enter");
    await screenshot(page, "roster-duplicate-username");
    await benUsername.fill("ben.o");
    await benUsername.press("Enter");
    await expect(rows.nth(1).getByText("This username is already in use.")).toBeHidden();
    await expect(marked).toBeHidden();

    // New Student adds a row with its first name focused; Delete asks first.
    await page.getByRole("button", { name: "New Student" }).click();
    await expect(rows).toHaveCount(6);
    const fresh = rows.nth(5);
    await expect(fresh.getByRole("textbox", { name: "First Name" })).toBeFocused();
    // student2 is free again since Ben became ben.o.
    await expect(fresh.getByRole("textbox", { name: "Username" })).toHaveValue("student2");
    // Nothing is wrong yet; leaving the row unnamed is.
    await expect(marked).toBeHidden();
    await expect(fresh).not.toHaveAttribute("data-marked");
    await page.getByLabel("Search for a student").click();
    await expect(marked).toBeVisible();
    await expect(fresh).toHaveAttribute("data-marked");
    await expect(fresh.getByText("Enter student name")).toBeVisible();
    await screenshot(page, "roster-new-row-left-unnamed");
    await fresh.getByRole("textbox", { name: "First Name" }).fill("Finn");
    await fresh.getByRole("textbox", { name: "Last Name" }).fill("Lee");
    await fresh.getByRole("textbox", { name: "Last Name" }).press("Enter");
    await expect(page.getByText("6 students created, 24 available")).toBeVisible();
    await expect(marked).toBeHidden();
    await fresh.getByRole("button", { name: "Delete Finn Lee" }).click();
    const confirmOne = page.getByRole("dialog", { name: "Delete Finn Lee?" });
    await expect(confirmOne).toContainText(
      "This student and their history will be permanently deleted. Continue?",
    );
    await confirmOne.getByRole("button", { name: "Delete" }).click();
    await expect(rows).toHaveCount(5);
    await expect(page.getByText("5 students created, 25 available")).toBeVisible();

    // More settings: parent e-mail, a setting, and a message for the student.
    await rows.first().getByRole("button", { name: "More settings for Ana Diaz" }).click();
    const email = page.getByLabel("Parent email");
    await email.fill("diaz.family@example");
    await email.press("Enter");
    await expect(page.getByText("Field must be a valid email address.")).toBeVisible();
    await email.fill("diaz.family@example.com");
    await email.press("Enter");
    await expect(page.getByText("Field must be a valid email address.")).toBeHidden();
    await page
      .getByRole("radiogroup", { name: "Slower lesson video" })
      .getByRole("radio", { name: "On" })
      .check();
    await expect(page.getByRole("radiogroup", { name: "Record fluency videos" })).toBeVisible();
    const message = page.getByRole("textbox", { name: "Message to Ana Diaz" });
    await expect(message).toHaveAttribute(
      "placeholder",
      "Enter a message for your student here...",
    );
    await message.fill("Welcome to our class, Ana! Start with the lesson at the top of your page.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const savedText = page.getByText("Message Saved Successfully");
    await expect(savedText).toBeVisible();
    await screenshot(page, "roster-settings-and-feedback");
    await expect(savedText).toBeHidden({ timeout: 7_000 });

    // Everything above was saved: a fresh load shows it.
    await page.reload();
    await expect(rows).toHaveCount(5);
    for (const [i, [first, last]] of NEW_CLASS.entries()) {
      await expect(rows.nth(i).getByRole("textbox", { name: "First Name" })).toHaveValue(first);
      await expect(rows.nth(i).getByRole("textbox", { name: "Last Name" })).toHaveValue(last);
    }
    await expect(rows.nth(1).getByRole("textbox", { name: "Username" })).toHaveValue("ben.o");
    await rows.first().getByRole("button", { name: "More settings for Ana Diaz" }).click();
    await expect(page.getByLabel("Parent email")).toHaveValue("diaz.family@example.com");
    await expect(
      page.getByRole("radiogroup", { name: "Slower lesson video" }).getByRole("radio", {
        name: "On",
      }),
    ).toBeChecked();

    // Login cards: e-mailed to the teacher, and downloaded.
    const patelEmail = patel.email;
    const asked = Date.now();
    await page.getByRole("button", { name: "Email Student Login Cards" }).click();
    await expect(
      page.getByText(`Login cards for 5 students were sent to ${patelEmail}.`),
    ).toBeVisible();
    await screenshot(page, "roster-cards-sent");
    // The teacher's mail has the cards, and the address this browser used; staff keep only
    // the note that a file holding every password went to the teacher.
    const mail = await mailReceived(patelEmail, asked);
    expect(mail.text).toContain(`Students sign in at ${baseURL}/student/login`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(["login-cards.pdf"]);
    expect(
      Buffer.from(mail.attachments[0]?.content ?? "", "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInAs(staffPage, staff);
    await staffPage.goto("/staff/mail");
    await staffPage.getByLabel("Recipient").fill(patelEmail);
    await staffPage.getByRole("button", { name: "Filter" }).click();
    await staffPage.getByRole("button", { name: "Student login cards for your class" }).click();
    const copy = staffPage.getByRole("dialog", { name: "Student login cards for your class" });
    await expect(
      copy.getByText(/not kept: it holds secrets only the recipient may see/),
    ).toBeVisible();
    await expect(copy.getByRole("link", { name: "login-cards.pdf" })).toHaveCount(0);
    await screenshot(staffPage, "roster-cards-staff-copy");
    await staffContext.close();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download Login Cards" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("login-cards.pdf");
    // Kept for people to look at (pdftoppm -png); e2e/test-results is wiped by every run.
    const path = join(mkdtempSync(join(tmpdir(), "refrain-roster-")), "login-cards.pdf");
    await file.saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
    console.log(`login cards: ${path}`);

    // Ana signs in with what the roster shows and reads her teacher's message.
    const username = await rows.first().getByRole("textbox", { name: "Username" }).inputValue();
    const password = await rows.first().getByRole("textbox", { name: "Password" }).inputValue();
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await signInStudentAs(studentPage, { login: username, password, teacher: patel.login });
    await expect(studentPage.getByRole("heading", { name: "Hi Ana!" })).toBeVisible();
    await expect(
      studentPage.getByRole("heading", { name: "A message from Arjun Patel" }),
    ).toBeVisible();
    await expect(studentPage.getByText("Welcome to our class, Ana!")).toBeVisible();
    await screenshot(studentPage, "roster-student-sees-feedback");
    await studentContext.close();
  });

  test("ms.rivera searches her class and tries a sample lesson", async ({ page }) => {
    await signInAs(page, teacher);
    await page.goto("/teacher/roster");
    // The page's first load after sign-in (its code, the class and its settings): a CI replica
    // with every journey beside it took over 5 s to show it, once.
    await expect(page.getByText("22 students created, 8 available")).toBeVisible({
      timeout: 15_000,
    });
    const rows = page.locator("tbody tr[data-row-key]:visible");
    await expect(rows).toHaveCount(22);
    await expect(page.getByText("Please enter all fields for the marked rows")).toBeHidden();
    await screenshot(page, "roster-ms-rivera");

    await page.getByLabel("Search for a student").fill(tileStudent.login);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("textbox", { name: "Username" })).toHaveValue(
      tileStudent.login,
    );
    await page.getByLabel("Search for a student").fill("no such student");
    await expect(page.getByText("No student matches “no such student”.")).toBeVisible();
    await page.getByLabel("Search for a student").fill("");
    await expect(rows).toHaveCount(22);

    await page.getByRole("button", { name: "Try a Sample Lesson" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a Lesson to Try" });
    await expect(dialog.getByRole("radio")).toHaveCount(6);
    await expect(dialog.getByRole("button", { name: "View Lesson" })).toBeDisabled();
    await dialog.getByRole("radio", { name: "Fly, Kite, Fly!" }).click();
    await expect(dialog.getByRole("radio", { name: "Fly, Kite, Fly!" })).toBeChecked();
    await screenshot(page, "roster-sample-lessons");
    await dialog.getByRole("button", { name: "View Lesson" }).click();
    // The student's player opens at day 1 as a preview: nothing the teacher does is recorded.
    await expect(page).toHaveURL(/\/student\/learn\/\d+\/1$/);
    await expect(page.getByRole("heading", { name: "Fly, Kite, Fly!", level: 1 })).toBeVisible();
    await expect(page.getByText("Nothing you do here is saved.")).toBeVisible();
  });

  test("a parent's home and groups speak of their children, not a class", async ({ page }) => {
    await signInAs(page, parent);
    await expect(page.getByRole("heading", { name: "My Children", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("My Children · Refrain");
    await expect(page.getByText("2 children", { exact: true })).toBeVisible();
    // A home class records no readings: its summary has no fluency figures, goals or norms.
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText([
      "Student",
      "Lessons",
      "Stories",
      "Comprehension Proficiency",
    ]);
    await expect(page.getByText("Meeting fluency goals")).toHaveCount(0);
    await screenshot(page, "roster-parent-home");
    await openFromMenu(page, "Manage Students", "Reading Groups");
    await expect(page).toHaveURL("/teacher/groups");
    await expect(page.getByRole("heading", { name: "Reading Groups", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Reading Groups · Refrain");
  });

  test("a student of ms.rivera sees her message on the home page", async ({ page }) => {
    await signInStudentAs(page, tileStudent);
    await expect(page.getByRole("heading", { name: "A message from Elena Rivera" })).toBeVisible();
    await expect(page.getByText("Great reading this week!")).toBeVisible();
    await screenshot(page, "roster-demo-feedback");
  });

  // Tablets, upright and on their side: every column is on the screen, nothing scrolls sideways.
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("the roster fits, with a student's settings open", async ({ page, ownClass }) => {
        await ownClass({ students: 22 });
        await page.goto("/teacher/roster");
        const rows = page.locator("tbody tr[data-row-key]");
        await expect(rows).toHaveCount(22);
        const first = rows.first();
        for (const name of ["First Name", "Last Name", "Username", "Password"])
          await expect(first.getByRole("textbox", { name })).toBeInViewport();
        await expect(first.getByRole("button", { name: /^Delete / })).toBeInViewport();
        const settings = first.getByRole("button", { name: /^More settings for / });
        await expect(settings).toBeInViewport();
        expect(await sideways(page)).toEqual({ table: 0, page: 0 });
        // A level change saves at once; the cue shows in the row, under the level.
        const level = first.getByRole("combobox", { name: "Reading Level" });
        const was = await level.inputValue();
        await level.selectOption({ label: "Fifth Grade" });
        await expect(first.getByRole("status")).toContainText("Saved");
        await expect(first.getByRole("status")).toBeInViewport();
        await level.selectOption(was);
        await settings.click();
        await expect(page.getByLabel("Parent email")).toBeInViewport();
        await screenshot(page, `roster-tablet-${viewport.width}`);
      });
    });
  }
});
