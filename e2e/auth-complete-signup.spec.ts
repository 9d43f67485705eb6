import type { Page } from "@playwright/test";
import { standInSession } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { shotFromTop } from "./journey-steps.ts";

/**
 * An account single sign-on just created cannot be made here without the provider's own
 * journey, so this one stands in for the server's answers about the account (the session,
 * the presets, the postback, all tested against the real server in the API tests) while the
 * page, its guard and the real ZIP lookup run as they do for everyone.
 */
async function actAsNewSsoTeacher(page: Page) {
  let complete = false;
  let sent: Record<string, unknown> | null = null;
  const user = {
    id: 9999,
    role: "teacher" as const,
    username: "pat.garcia",
    firstName: "Pat",
    lastName: "Garcia",
    fullname: "Pat Garcia",
    schoolId: null,
    districtId: null,
    impersonated: false,
    impersonator: null,
  };
  await standInSession(page, (session) => ({
    ...session,
    user: { ...user, signupComplete: complete },
  }));
  await page.route("**/teacher/complete_signup", (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          userType: "teacher",
          firstName: "Pat",
          lastName: "Garcia",
          email: "pat.garcia@lincoln.example.org",
          gradeLevel: null,
          source: null,
          school: null,
        },
      },
    }),
  );
  // The answer is held until the journey has seen the busy label: a fixed delay races a busy
  // machine.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/teacher/complete_signup_postback", async (route) => {
    sent = route.request().postDataJSON();
    await held;
    complete = true;
    await route.fulfill({
      json: { success: true, redirect: "/lessons", message: "Thank you! Your account is ready." },
    });
  });
  return { sent: () => sent, release };
}

test.describe("complete signup", () => {
  test("a new single-sign-on teacher is sent to the form from any page and completes it", async ({
    page,
    consoleGuard,
  }) => {
    // The stand-in session is not a real one: the catalog behind it answers 401.
    consoleGuard.allow(/status of 401/);
    const postback = await actAsNewSsoTeacher(page);

    await page.goto("/lessons");
    await expect(page).toHaveURL("/complete-signup");
    await expect(page.getByRole("heading", { name: "Complete your sign up" })).toBeVisible();
    await expect(page.getByText("Signed in as pat.garcia@lincoln.example.org")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("Pat");
    await expect(page.getByRole("radio", { name: "Teacher" })).toBeChecked();
    const submit = page.getByRole("button", { name: "Complete Sign Up" });
    await expect(submit).toBeDisabled();
    await shotFromTop(page, "auth-complete-signup");

    await page.getByLabel("Grade Level of Students").selectOption("2nd grade");
    await expect(submit).toBeDisabled();
    await page
      .getByLabel("How Did You Find Out About Refrain?")
      .selectOption("A Friend Referred Me");
    await expect(submit).toBeEnabled();

    // A teacher without a school picks one before the form goes.
    await submit.click();
    await expect(page.getByText("Field is required")).toBeVisible();
    await page.getByLabel("School Zip Code").fill("97201");
    await page
      .getByLabel("School", { exact: true })
      .selectOption({ label: "Maple Grove Elementary" });
    await shotFromTop(page, "auth-complete-signup-filled");
    await submit.click();
    await expect(page.getByRole("button", { name: "Submitting.." })).toBeDisabled();
    postback.release();
    await expect(page).toHaveURL("/lessons");
    expect(postback.sent()).toMatchObject({
      userType: "teacher",
      firstName: "Pat",
      lastName: "Garcia",
      gradeLevel: "2nd grade",
      source: "A Friend Referred Me",
      foreign: false,
      schoolZipCode: "97201",
      selectedSchool: expect.any(Number),
    });
    await expect(page.getByRole("heading", { name: "Complete your sign up" })).toBeHidden();
  });
});
