import { expect, holdAppEntry, screenshot, signInAs, teacher, test } from "./fixtures.ts";

test.describe("teacher sign-in", () => {
  test("a wrong password shows the generic message and keeps the username", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401/);
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(
      page.getByText("Sign in with your Teacher or Parent email or username"),
    ).toBeVisible();
    await screenshot(page, "login");

    await page.getByLabel("Username or Email").fill(teacher.login);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page.getByText("Invalid username or password. Please try again")).toBeVisible();
    await expect(page.getByLabel("Username or Email")).toHaveValue(teacher.login);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("not-the-password");
    await screenshot(page, "login-wrong-password");
  });

  test("the login page is drawn by the server; what is typed and pressed before its script runs signs in", async ({
    page,
    request,
  }) => {
    // The server draws the page once it listens: its HTML has the form, the sign-in buttons of
    // its configuration, and no style attribute the page's policy would refuse.
    let html = "";
    await expect(async () => {
      html = await (await request.get("/login", { headers: { accept: "text/html" } })).text();
      expect(html).toContain("Welcome back");
    }).toPass({ timeout: 15_000 });
    expect(html).toContain("Login with Google");
    expect(html).not.toMatch(/ style="/);

    // The app's entry is held back until the form has been filled in and pressed.
    const release = await holdAppEntry(page);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Username or Email").fill(teacher.login);
    await page.getByLabel("Password", { exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // The app has not run (it takes this block as it starts), and the browser has not sent the
    // form meanwhile (the password would be in the address).
    await expect(page.locator("script#prerendered-styles")).toBeAttached();
    await expect(page).toHaveURL("/login");
    release();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
  });

  test("ms.rivera signs in, sees her menu and class, opens All Lessons and signs out", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Username or Email").fill(teacher.login);
    await page.getByLabel("Password", { exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
    await expect(page.getByText("22 students", { exact: true })).toBeVisible();
    // The home is the class summary: a row per student, each opening their recent videos.
    await expect(page.getByRole("columnheader", { name: "Fluency Proficiency" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Recent and ungraded videos of / })).toHaveCount(
      22,
    );
    await expect(page.getByRole("button", { name: /Account menu: Elena Rivera/ })).toBeVisible();
    await screenshot(page, "teacher-home");

    // Only the pages that exist are in the menu.
    const menubar = page.getByRole("menubar", { name: "Main menu" });
    await expect(menubar.getByRole("menuitem")).toHaveText([
      "Class Scores and Data",
      "Manage Students",
      "Fluency",
      "Resources",
      "Help",
    ]);
    await menubar.getByRole("menuitem", { name: "Resources" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Tutorials",
      "All Lessons",
      "Worksheets",
      "Printable Resources",
      "Scope and Sequence",
    ]);
    const allLessons = menu.getByRole("menuitem", { name: "All Lessons" });
    await screenshot(page, "teacher-menu");
    await allLessons.click();

    await expect(page).toHaveURL("/lessons");
    await expect(page.getByRole("heading", { name: "All Lessons", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kindergarten" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Fifth Grade" })).toBeVisible();
    // Each lesson carries its grade tag; the level's heading does not repeat it beside itself.
    const kindergarten = page.getByRole("region", { name: "Kindergarten" });
    const tiles = await kindergarten.getByRole("link").count();
    expect(tiles).toBeGreaterThan(0);
    await expect(kindergarten.locator("[data-grade]")).toHaveCount(tiles);
    await expect(page.getByText("Lexile").first()).toBeVisible();
    await screenshot(page, "all-lessons");

    await page.getByRole("link", { name: /Fly, Kite, Fly!/ }).click();
    await expect(page.getByRole("heading", { name: "Fly, Kite, Fly!", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Day 4 Extension" })).toBeVisible();
    await expect(page.getByText("Sam has a kite.")).toBeVisible();
    await screenshot(page, "lesson");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByRole("link", { name: "Teacher Login" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Refrain" })).toBeVisible();
    await screenshot(page, "signed-out");

    // Signed out, a page that needs sign-in leads to the login page.
    await page.goto("/lessons");
    await expect(page).toHaveURL("/login");
  });

  // The header draws its menu buttons itself and loads Mantine's menus when a pointer reaches
  // one (signed-in-header.tsx). Menus that arrived while a button was held down replaced it under
  // the pointer, and its release then clicked nothing: a tap on a tablet did nothing, and so did a
  // journey's click (CI, screening-windows.spec.ts).
  test("a menu button pressed while the menus are arriving opens its menu", async ({ page }) => {
    await page.goto("/login");
    await signInAs(page, teacher);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
    let letTheMenusThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letTheMenusThrough = resolve;
    });
    await page.route(/\/assets\/header-menus-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const resources = page
      .getByRole("menubar", { name: "Main menu" })
      .getByRole("menuitem", { name: "Resources" });
    const box = await resources.boundingBox();
    if (!box) throw new Error("The Resources button has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    letTheMenusThrough();
    // Mantine's own button (it numbers the bar's buttons) is in place under the pointer.
    await expect(resources).toHaveAttribute("data-menubar-id", /./);
    await page.mouse.up();
    await expect(
      page.getByRole("menu").getByRole("menuitem", { name: "All Lessons" }),
    ).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });
  });
});
