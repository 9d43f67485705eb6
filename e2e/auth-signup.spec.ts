import type { Page } from "@playwright/test";
import { demoEmail, signUpByApi } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { shotFromTop } from "./journey-steps.ts";

/** The parts of the sign-up form every journey fills the same way. */
async function fillPerson(
  page: Page,
  person: { first: string; last: string; email: string; username: string },
) {
  await page.getByLabel("First Name").fill(person.first);
  await page.getByLabel("Last Name").fill(person.last);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password", { exact: true }).fill("reading-rocks");
}

test.describe("sign-up", () => {
  test("a teacher finds the school by ZIP code, starts a free trial and lands signed in", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Start a Free Trial" }).click();
    await expect(page).toHaveURL("/sign-up");
    await expect(page.getByRole("heading", { name: "Start your free trial" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Start Your Free Trial Now" })).toBeVisible();
    await shotFromTop(page, "auth-signup-empty");

    await page.getByRole("radio", { name: "Teacher" }).check();
    await fillPerson(page, {
      first: "Nora",
      last: "Banks",
      email: "nora.banks@willamette.example.org",
      username: "nora.banks",
    });
    await expect(page.getByText("This username is available.")).toBeVisible();

    // The ZIP field takes digits only, and the schools load at the fifth.
    const zip = page.getByLabel("School Zip Code");
    await zip.pressSequentially("97a2-05");
    await expect(zip).toHaveValue("97205");
    const school = page.getByLabel("School", { exact: true });
    await expect(school).toBeEnabled();
    const options = school.locator("option");
    await expect(options).toHaveText([
      "Select your school...",
      "Goose Hollow Elementary",
      "Lantern Street Primary",
      "Park Blocks Academy",
      "My School Is Not Listed",
    ]);
    await school.selectOption({ label: "Goose Hollow Elementary" });
    await expect(page.getByText("This does not limit access to content")).toBeVisible();
    await page.getByLabel("Grade Level of Students").selectOption("3rd grade");
    await page.getByLabel("How Did You Find Out About Refrain?").selectOption("Search Engine");
    await shotFromTop(page, "auth-signup-teacher-filled");

    await page.getByRole("button", { name: "Start Your Free Trial Now" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: /Account menu: Nora Banks/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
    await shotFromTop(page, "auth-signup-teacher-home");
  });

  test("a teacher whose school is not listed types its name", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByRole("radio", { name: "Teacher" }).check();
    await fillPerson(page, {
      first: "Omar",
      last: "Haddad",
      email: "omar.haddad@example.org",
      username: "omar.haddad",
    });
    await page.getByLabel("School Zip Code").fill("60601");
    const school = page.getByLabel("School", { exact: true });
    await expect(school.locator("option").last()).toHaveText("My School Is Not Listed");
    await school.selectOption({ label: "My School Is Not Listed" });
    await page.getByLabel("School name").fill("Lakeshore Montessori");
    await page.getByLabel("Grade Level of Students").selectOption("Multiple grade levels");
    await page.getByLabel("How Did You Find Out About Refrain?").selectOption("Other");
    await shotFromTop(page, "auth-signup-not-listed");
    await page.getByRole("button", { name: "Start Your Free Trial Now" }).click();
    await expect(page.getByRole("button", { name: /Account menu: Omar Haddad/ })).toBeVisible();
  });

  test("a parent signs up without a school section", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByRole("radio", { name: "Parent" }).check();
    await expect(page.getByLabel("School Zip Code")).toBeHidden();
    await expect(page.getByLabel("I am not in the United States")).toBeHidden();
    await fillPerson(page, {
      first: "Maya",
      last: "Lindqvist",
      email: "maya.home@example.org",
      username: "maya.home",
    });
    // The grades read alike: "2nd Grade" beside "1st Grade", not "2nd grade".
    await expect(page.getByLabel("Grade Level of Students").locator("option")).toHaveText([
      "Select one...",
      "Kindergarten",
      "1st Grade",
      "2nd Grade",
      "3rd Grade",
      "4th Grade",
      "5th Grade",
      "6th Grade or Higher",
      "Multiple Grade Levels",
    ]);
    await page.getByLabel("Grade Level of Students").selectOption("Kindergarten");
    await page.getByLabel("How Did You Find Out About Refrain?").selectOption("Pinterest");
    await shotFromTop(page, "auth-signup-parent");
    await page.getByRole("button", { name: "Start Your Free Trial Now" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: /Account menu: Maya Lindqvist/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Children", level: 1 })).toBeVisible();
  });

  test("a taken username is flagged after the check; errors keep everything typed", async ({
    page,
    consoleGuard,
    baseURL,
  }) => {
    consoleGuard.allow(/status of 422/);
    await page.goto("/sign-up");
    await page.getByRole("button", { name: "Start Your Free Trial Now" }).click();
    await expect(page.getByText("Field is required")).toHaveCount(8);
    await shotFromTop(page, "auth-signup-required");

    await page.getByRole("radio", { name: "Teacher" }).check();
    await page.getByLabel("I am not in the United States").check();
    await expect(page.getByLabel("School Zip Code")).toBeHidden();
    await fillPerson(page, {
      first: "Elena",
      last: "Rivas",
      email: "elena.rivas@example.org",
      username: "ms.rivera",
    });
    await expect(page.getByText("Checking username...")).toBeVisible();
    await expect(page.getByText("This username has already been taken.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start Your Free Trial Now" })).toBeDisabled();
    await shotFromTop(page, "auth-signup-username-taken");

    // A free username, taken by someone else before the form is sent: the server says so.
    await page.getByLabel("Username").fill("elena.rivas");
    await expect(page.getByText("This username is available.")).toBeVisible();
    await page.getByLabel("Email").fill(demoEmail("mr.okafor"));
    await page.getByLabel("Grade Level of Students").selectOption("4th grade");
    await page.getByLabel("How Did You Find Out About Refrain?").selectOption("Facebook");
    await signUpByApi(baseURL ?? "", {
      userType: "parent",
      firstName: "Quick",
      lastName: "Taker",
      userName: "elena.rivas",
      email: "quick.taker@example.org",
      password: "first-come",
      gradeLevel: "Kindergarten",
      howDidYouFindUs: "Other",
    });
    await page.getByRole("button", { name: "Start Your Free Trial Now" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Error: This username has already been taken.",
    );
    await expect(page.getByText("This username has already been taken.")).toHaveCount(2);
    // The earlier "available" gives way to the server's answer.
    await expect(page.getByText("This username is available.")).toBeHidden();
    await expect(page.getByLabel("First Name")).toHaveValue("Elena");
    await expect(page.getByLabel("Username")).toHaveValue("elena.rivas");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("reading-rocks");
    await expect(page).toHaveURL("/sign-up");
    await shotFromTop(page, "auth-signup-server-error");

    // The e-mail address another teacher uses is taken like any other: nothing tells.
    await page.getByLabel("Username").fill("elena.rivas2");
    await expect(page.getByText("This username is available.")).toBeVisible();
    await page.getByRole("button", { name: "Start Your Free Trial Now" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the form fits a tablet", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/sign-up");
    await page.getByRole("radio", { name: "Teacher" }).check();
    await expect(page.getByLabel("School Zip Code")).toBeVisible();
    await shotFromTop(page, "auth-signup-tablet");
  });
});
