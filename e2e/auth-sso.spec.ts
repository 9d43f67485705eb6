import { expect, screenshot, test } from "./fixtures.ts";
import { oidcPeople } from "./oidc-provider.ts";

test.describe("single sign-on", () => {
  test("a student whose Clever login is not set up is told to ask the teacher", async ({
    page,
  }) => {
    await page.goto("/student/login");
    const clever = page.getByRole("link", { name: "Log in with Clever" });
    await expect(clever).toBeVisible();
    await screenshot(page, "sso-student-login");
    await clever.click();

    // The provider's own sign-in form, on its own address.
    await expect(page.getByRole("heading", { name: "Local test provider" })).toBeVisible();
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
    await page.getByLabel("Login").fill(oidcPeople.unlinkedStudent.sub);
    await page.getByLabel("Password").fill("anything");
    await screenshot(page, "sso-provider-sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL("/student/login?error=clever_login_not_found");
    const popup = page.getByRole("dialog", { name: "Oops!" });
    await expect(
      popup.getByText(
        "Your Clever login works, but is not set up on the product. Please ask your teacher to set up your Clever login.",
      ),
    ).toBeVisible();
    await screenshot(page, "sso-student-not-set-up");
    await popup.getByRole("button", { name: "OK" }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL("/student/login");
    await expect(page.getByLabel("Teacher's username")).toBeVisible();
  });

  test("a teacher who cancels at the provider is told it did not work", async ({ page }) => {
    await page.goto("/login");
    const google = page.getByRole("link", { name: "Login with Google" });
    await expect(google).toBeVisible();
    await screenshot(page, "sso-login-buttons");
    await google.click();

    await expect(page.getByRole("heading", { name: "Local test provider" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();

    await expect(page).toHaveURL("/login?sso=failed&provider=google");
    await expect(page.getByRole("alert")).toHaveText(
      "We could not sign you in with Google. Please try again.",
    );
    await expect(page.getByRole("link", { name: "Login with Google" })).toBeVisible();
    await screenshot(page, "sso-login-failed");
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert")).toBeHidden();
    await expect(page).toHaveURL("/login");
  });

  test("a teacher signs up with Google, completes the sign-up and reaches the teacher home", async ({
    page,
  }) => {
    const pat = oidcPeople.newTeacher;
    await page.goto("/sign-up");
    const google = page.getByRole("link", { name: "Sign up with Google" });
    await expect(google).toBeVisible();
    await screenshot(page, "sso-sign-up-buttons");
    await google.click();

    await expect(page.getByRole("heading", { name: "Local test provider" })).toBeVisible();
    await page.getByLabel("Login").fill(pat.sub);
    await page.getByLabel("Password").fill("anything");
    await page.getByRole("button", { name: "Sign in" }).click();

    // A new account: the names and e-mail come from the provider, the rest is asked.
    await expect(page).toHaveURL("/complete-signup");
    await expect(page.getByRole("heading", { name: "Complete your sign up" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${pat.email}`)).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue(pat.given_name);
    await expect(page.getByLabel("Last Name")).toHaveValue(pat.family_name);
    await expect(page.getByRole("radio", { name: "Teacher" })).toBeChecked();
    await screenshot(page, "sso-complete-signup");

    await page.getByLabel("Grade Level of Students").selectOption("3rd grade");
    await page.getByLabel("How Did You Find Out About Refrain?").selectOption("Search Engine");
    await page.getByLabel("School Zip Code").fill("97201");
    await page
      .getByLabel("School", { exact: true })
      .selectOption({ label: "Maple Grove Elementary" });
    await page.getByRole("button", { name: "Complete Sign Up" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: /Account menu: Pat Garcia/ })).toBeVisible();
    await screenshot(page, "sso-teacher-home");

    // Signed out and back through Google: the same account, straight to the home page.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByRole("link", { name: "Teacher Login" }).first()).toBeVisible();
    await page.goto("/login");
    await page.getByRole("link", { name: "Login with Google" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: /Account menu: Pat Garcia/ })).toBeVisible();
  });
});
