import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "./fixtures.ts";
import { oidcPeople } from "./oidc-provider.ts";

/** Opens `from`, photographs its button to a provider and follows it to the provider's form. */
async function followToProvider(page: Page, from: string, button: string, shot: string) {
  await page.goto(from);
  const link = page.getByRole("link", { name: button });
  await expect(link).toBeVisible();
  await screenshot(page, shot);
  await link.click();
  await expect(page.getByRole("heading", { name: "Local test provider" })).toBeVisible();
}

/** Signs in as `sub` on the provider's form (it takes any password). */
async function signInAtProvider(page: Page, sub: string, shot?: string) {
  await page.getByLabel("Login").fill(sub);
  await page.getByLabel("Password").fill("anything");
  if (shot) await screenshot(page, shot);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("single sign-on", () => {
  test("a student whose Clever login is not set up is told to ask the teacher", async ({
    page,
  }) => {
    await followToProvider(page, "/student/login", "Log in with Clever", "sso-student-login");
    // The provider's own sign-in form, on its own address.
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
    await signInAtProvider(page, oidcPeople.unlinkedStudent.sub, "sso-provider-sign-in");

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
    await followToProvider(page, "/login", "Login with Google", "sso-login-buttons");
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
    await followToProvider(page, "/sign-up", "Sign up with Google", "sso-sign-up-buttons");
    await signInAtProvider(page, pat.sub);

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
