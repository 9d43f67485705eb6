import { SECRET_MARKER } from "../apps/server/src/adapters/mail.ts";
import { linkIn, mailReceived, signUpByApi, staffCopyOf } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { shotFromTop } from "./journey-steps.ts";

// An account of its own, so no other journey's demo password changes.
const lena = {
  userType: "teacher",
  firstName: "Lena",
  lastName: "Okoro",
  userName: "lena.okoro",
  email: "lena.okoro@example.org",
  password: "first-password",
  gradeLevel: "1st Grade",
  howDidYouFindUs: "Other",
  foreign: true,
};

test.describe("password reset", () => {
  test("a teacher gets the username and a link by e-mail, sets a new password once and is signed in", async ({
    page,
    browser,
    baseURL,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 410/);
    await signUpByApi(baseURL as string, lena);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot username or password?" }).click();
    await expect(page).toHaveURL("/password/reset");
    await expect(page.getByRole("heading", { name: "Forgot username or password?" })).toBeVisible();
    await page.getByLabel("Email").fill(lena.email);
    const asked = Date.now();
    await page.getByRole("button", { name: "Email Me a Reset Link" }).click();
    await expect(page.getByRole("status")).toHaveText(
      `If an account uses ${lena.email}, we sent it a link to choose a new password. Please check your email.`,
    );
    await shotFromTop(page, "auth-password-reset-sent");

    const mail = await mailReceived(lena.email, asked);
    expect(mail.subject).toBe("Reset your Refrain password");
    expect(mail.text).toContain("Your Refrain username is lena.okoro.");
    const link = linkIn(mail, "/password/reset");
    // Staff keep a copy without the link.
    const copy = await staffCopyOf(baseURL as string, lena.email);
    expect(copy.text).toContain(SECRET_MARKER);
    expect(`${copy.text}${copy.html}`).not.toContain(link);

    await page.goto(link);
    await expect(page.getByText("For the account lena.okoro.")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("second-password");
    await page.getByLabel("Confirm new password").fill("second-passw0rd");
    await page.getByRole("button", { name: "Save and Sign In" }).click();
    await expect(page.getByText("The two passwords do not match.")).toBeVisible();
    await shotFromTop(page, "auth-password-reset-mismatch");
    await page.getByLabel("Confirm new password").fill("second-password");
    await page.getByRole("button", { name: "Save and Sign In" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: /Account menu: Lena Okoro/ })).toBeVisible();

    // The link is spent: it says so and offers a new one.
    await page.goto(link);
    await expect(
      page.getByText("This password reset link has expired or was already used."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
    await shotFromTop(page, "auth-password-reset-used");

    // The new password is the one that works now, in another browser.
    const other = await browser.newPage();
    try {
      await other.goto("/login");
      await other.getByLabel("Username or Email").fill(lena.userName);
      await other.getByLabel("Password", { exact: true }).fill("second-password");
      await other.getByRole("button", { name: "Sign In" }).click();
      await expect(other.getByRole("button", { name: /Account menu: Lena Okoro/ })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
