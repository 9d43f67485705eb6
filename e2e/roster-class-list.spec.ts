import { rosterCalls } from "@refrain/domain";
import { callApi, expect, screenshot, test } from "./fixtures.ts";

/** Five rows as a spreadsheet copies them (tabs), under a header; the first is a classmate's username. */
const HEADER = "First Name\tLast Name\tUsername\tReading Level\tParent Email";
const MAYA = "Maya\tLopez\tSTUDENT1\t2nd Grade\tmaya.parent@example.org";
const PASTED = [
  HEADER,
  MAYA,
  "Noah\tKim\t\t1st\t",
  "Olivia\tChen\tolivia.c\tK\t",
  "Liam\tPatel\t\t3\tliam.family@example.org",
  "Emma\tRossi\temma.r\tFifth Grade\t",
].join("\n");

/** A class list saved by a spreadsheet: BOM, CRLF, its own column order, a quoted comma. */
const CSV_FILE = Buffer.from(
  "\uFEFFLast Name,First Name,Grade\r\n" +
    '"Diaz, Jr.",Ana,Kindergarten\r\n' +
    "Okoro,Ben,1\r\n" +
    "Park,Cleo,Second Grade\r\n",
  "utf8",
);

test.describe("roster: bringing a class in from a spreadsheet", () => {
  test("a teacher pastes five rows at tablet width, sees the one with a problem marked, creates the four, then corrects the fifth", async ({
    page,
    context,
    ownClass,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 768, height: 1024 });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // One student already: student1, named as in fixtures.ts classList.
    await ownClass({ firstName: "Lena", lastName: "Brooks", students: 1 });
    await page.goto("/teacher/roster");
    await expect(page.getByText("1 student created, 29 available")).toBeVisible();

    // Keyboard only, as far as the preview.
    const open = page.getByRole("button", { name: "Paste a Class List" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Paste a Class List" });
    const box = dialog.getByRole("textbox", { name: "Class list" });
    await expect(box).toBeFocused();
    // A real paste of what a spreadsheet put on the clipboard.
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await page.keyboard.press("ControlOrMeta+V");
    await expect(box).toHaveValue(PASTED);

    const preview = dialog.getByRole("table", { name: "Preview" });
    const rows = preview.locator("tbody tr");
    await expect(rows).toHaveCount(5);
    await expect(dialog.getByText("4 students will be created; 1 row has a problem")).toBeVisible();
    const maya = rows.nth(0);
    await expect(maya).toHaveAttribute("data-problem");
    await expect(maya).toContainText("Username: This username is already in use.");
    for (const i of [1, 2, 3, 4]) {
      await expect(rows.nth(i)).not.toHaveAttribute("data-problem");
      await expect(rows.nth(i)).toContainText("Ready");
    }
    // Blank usernames are made up, free in the class; levels are read by name.
    await expect(rows.nth(1)).toContainText("student2");
    await expect(rows.nth(1)).toContainText("generated");
    await expect(rows.nth(1)).toContainText("First Grade");
    await expect(rows.nth(2)).toContainText("Kindergarten");
    await expect(rows.nth(3)).toContainText("student3");
    await expect(rows.nth(3)).toContainText("Third Grade");
    const create = dialog.getByRole("button", { name: "Create 4 students" });
    await expect(create).toBeEnabled();
    await screenshot(page, "roster-class-list-preview-tablet");
    // The page itself never scrolls sideways at tablet width.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    await create.focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("4 students were created.")).toBeVisible();
    // The row with a problem stays, with its header and its message; nothing typed is lost.
    await expect(box).toHaveValue(`${HEADER}\n${MAYA}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Username: This username is already in use.");
    await expect(dialog.getByRole("button", { name: "Create 0 students" })).toBeDisabled();
    await screenshot(page, "roster-class-list-after-create");

    await box.fill(`${HEADER}\n${MAYA.replace("STUDENT1", "maya.l")}`);
    await expect(rows.first()).toContainText("Ready");
    await dialog.getByRole("button", { name: "Create 1 student" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("1 student was created.")).toBeVisible();

    // The roster: six students, each once, as the list said.
    const roster = page.locator("tbody tr[data-row-key]");
    await expect(roster).toHaveCount(6);
    await expect(page.getByText("6 students created, 24 available")).toBeVisible();
    const firstNames = await roster
      .getByRole("textbox", { name: "First Name" })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(firstNames).toEqual(["Ada", "Noah", "Olivia", "Liam", "Emma", "Maya"]);
    const usernames = await roster
      .getByRole("textbox", { name: "Username" })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(usernames).toEqual(["student1", "student2", "olivia.c", "student3", "emma.r", "maya.l"]);
    await roster.nth(5).getByRole("button", { name: "More settings for Maya Lopez" }).click();
    await expect(page.getByLabel("Parent email")).toHaveValue("maya.parent@example.org");
    await screenshot(page, "roster-class-list-created-tablet");

    // What the page showed is what was kept.
    await page.reload();
    await expect(roster).toHaveCount(6);
  });

  test("a teacher with an empty class finds the class list on STEP 1 and uploads a CSV file", async ({
    page,
    ownClass,
  }) => {
    await ownClass({ firstName: "Omar", lastName: "Haddad" });
    await page.goto("/teacher/roster");
    await expect(
      page.getByText("Have your class in a spreadsheet? Copy the rows", { exact: false }),
    ).toBeVisible();
    await screenshot(page, "roster-class-list-step-1");
    await page.getByRole("button", { name: "Paste a Class List" }).click();
    const dialog = page.getByRole("dialog", { name: "Paste a Class List" });
    const upload = dialog.getByRole("button", { name: "Upload CSV" });

    // A spreadsheet's own file is not a class list yet.
    const [refused] = await Promise.all([page.waitForEvent("filechooser"), upload.click()]);
    await refused.setFiles({
      name: "class.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from("PK\u0003\u0004"),
    });
    await expect(
      dialog.getByRole("alert").filter({ hasText: "Choose a CSV or text file" }),
    ).toBeVisible();

    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), upload.click()]);
    await chooser.setFiles({ name: "class.csv", mimeType: "text/csv", buffer: CSV_FILE });
    await expect(dialog.getByRole("alert")).toBeHidden();
    const rows = dialog.getByRole("table", { name: "Preview" }).locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Diaz, Jr.");
    await expect(rows.nth(0)).toContainText("Kindergarten");
    await expect(rows.nth(1)).toContainText("First Grade");
    await expect(rows.nth(2)).toContainText("Second Grade");
    await expect(dialog.getByText("3 students will be created", { exact: true })).toBeVisible();
    await screenshot(page, "roster-class-list-upload");
    await dialog.getByRole("button", { name: "Create 3 students" }).click();
    await expect(dialog).toBeHidden();

    const roster = page.locator("tbody tr[data-row-key]");
    await expect(roster).toHaveCount(3);
    await expect(roster.first().getByRole("textbox", { name: "Last Name" })).toHaveValue(
      "Diaz, Jr.",
    );
    await expect(roster.first().getByRole("textbox", { name: "Username" })).toHaveValue("student1");
    // Named students: the class is ready, so the dashboard is offered.
    await expect(page.getByRole("link", { name: "Take Me to My Dashboard" })).toBeVisible();
    await screenshot(page, "roster-class-list-upload-created");
  });

  test("a username taken meanwhile (another tab) is refused by the server against its row, creating nobody until corrected", async ({
    page,
    consoleGuard,
    ownClass,
  }) => {
    // The refusal below is the point of the journey.
    consoleGuard.allow(/status of 422/);
    await ownClass({ students: 1 });
    await page.goto("/teacher/roster");
    await page.getByRole("button", { name: "Paste a Class List" }).click();
    const dialog = page.getByRole("dialog", { name: "Paste a Class List" });
    await dialog
      .getByRole("textbox", { name: "Class list" })
      .fill("Ana,Diaz,ana.d\nBen,Okoro,ben.o");
    const rows = dialog.getByRole("table", { name: "Preview" }).locator("tbody tr");
    await expect(rows.nth(1)).toContainText("Ready");

    // Another tab of the same teacher saves a student as BEN.O while the preview is open.
    await callApi(page, rosterCalls.students.save, {
      student: {
        firstname: "Benji",
        lastname: "Stone",
        planid: 8,
        username: "BEN.O",
        password: "otter42",
      },
    });
    await dialog.getByRole("button", { name: "Create 2 students" }).click();
    await expect(rows.nth(1)).toContainText("Username: This username is already in use.");
    await expect(rows.nth(0)).toContainText("Ready");
    await expect(dialog.getByText("1 student will be created; 1 row has a problem")).toBeVisible();
    await screenshot(page, "roster-class-list-server-refusal");

    await dialog.getByRole("button", { name: "Create 1 student" }).click();
    await expect(dialog.getByText("1 student was created.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Class list" })).toHaveValue(
      "Ben,Okoro,ben.o",
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const usernames = await page
      .locator("tbody tr[data-row-key]")
      .getByRole("textbox", { name: "Username" })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(usernames).toEqual(["student1", "BEN.O", "ana.d"]);
  });
});
