import { loginMessages } from "@refrain/domain";
import { SECRET_MARKER } from "../apps/server/src/adapters/mail.ts";
import { demoEmail, linkIn, mailReceived } from "./auth-helpers.ts";
import { expect, screenshot, signInAs, staff, test, typingTeacher } from "./fixtures.ts";
import { shotFromTop } from "./journey-steps.ts";

test.describe("login by e-mail link", () => {
  test("the login link arrives by e-mail, signs the teacher in once, then reads as expired; staff never see it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = demoEmail("ms.rivera");
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot username or password?" })).toHaveAttribute(
      "href",
      "/password/reset",
    );
    await expect(page.getByRole("link", { name: "Need An Account?" })).toHaveAttribute(
      "href",
      "/sign-up",
    );
    await shotFromTop(page, "auth-login-page");

    const linkForm = page.getByRole("form", { name: "Email me a login link" });
    await linkForm.getByLabel("Email").fill("ms.rivera");
    await linkForm.getByRole("button", { name: "Send Login Link" }).click();
    await expect(linkForm.getByText("Field must be a valid email address.")).toBeVisible();

    await linkForm.getByLabel("Email").fill(email);
    const asked = Date.now();
    await linkForm.getByRole("button", { name: "Send Login Link" }).click();
    await expect(linkForm.getByRole("status")).toHaveText(
      `An email was sent to ${email} with a link you can click to login. Please check your email.`,
    );
    await shotFromTop(page, "auth-login-link-sent");

    const mail = await mailReceived(email, asked);
    expect(mail.subject).toBe("Your Refrain login link");
    const link = linkIn(mail, "/auth/email-link");
    expect(mail.text).toContain(`${baseURL}${link}`);

    // The staff mailbox keeps the message with the link replaced: nothing there signs in.
    const staffPage = await browser.newPage();
    try {
      await signInAs(staffPage, staff);
      await staffPage.goto("/staff/mail");
      await staffPage.getByLabel("Recipient").fill(email);
      await staffPage.getByRole("button", { name: "Filter" }).click();
      await staffPage.getByRole("button", { name: "Your Refrain login link" }).first().click();
      const copy = staffPage.getByRole("dialog", { name: "Your Refrain login link" });
      await expect(copy.getByText(SECRET_MARKER)).toBeVisible();
      await expect(copy).not.toContainText("/auth/email-link/");
      await screenshot(staffPage, "auth-login-link-staff-copy");
    } finally {
      await staffPage.close();
    }

    await page.goto(link);
    // Opening the link spends nothing; the button signs in.
    await expect(page.getByRole("heading", { name: "Sign in to Refrain" })).toBeVisible();
    await shotFromTop(page, "auth-login-link-page");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: /Account menu: Elena Rivera/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();

    // The same link again, in another browser: it no longer signs anyone in.
    const other = await browser.newPage();
    try {
      await other.goto(link);
      await other.getByRole("button", { name: "Sign In" }).click();
      await expect(other).toHaveURL("/login?link=expired");
      await expect(other.getByRole("alert")).toHaveText(
        "This login link has expired or was already used. Please request a new one.",
      );
      await expect(other.getByRole("button", { name: /Account menu/ })).toBeHidden();
      await shotFromTop(other, "auth-login-link-expired");
    } finally {
      await other.close();
    }
  });

  test("a teacher held back after too many tries is offered the e-mailed link, and it signs her in", async ({
    browser,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401/);
    consoleGuard.allow(/status of 429/);
    // Her phone, at an address of its own, where someone used up her password tries.
    const phone = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "203.0.113.210" },
    });
    try {
      const page = await phone.newPage();
      const email = demoEmail("mr.okafor");
      await page.goto("/login");
      const login = page.getByLabel("Username or Email");
      const password = page.getByLabel("Password", { exact: true });
      await login.fill(email);
      for (let i = 0; i < 10; i++) {
        await password.fill(`not-it-${i}`);
        await page.getByRole("button", { name: "Sign In" }).click();
        await expect(
          page.getByText("Invalid username or password. Please try again"),
        ).toBeVisible();
      }
      await password.fill(typingTeacher.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      const held = page.getByRole("alert").filter({ hasText: loginMessages.heldBack });
      await expect(held).toBeVisible();
      await shotFromTop(page, "auth-login-held-back");

      // The offer takes her to the link form, her address already in it.
      await held.getByRole("link", { name: loginMessages.heldBackLink }).click();
      const linkForm = page.getByRole("form", { name: "Email me a login link" });
      await expect(linkForm.getByLabel("Email")).toBeFocused();
      await expect(linkForm.getByLabel("Email")).toHaveValue(email);
      const asked = Date.now();
      await linkForm.getByRole("button", { name: "Send Login Link" }).click();
      await expect(linkForm.getByRole("status")).toBeVisible();
      const link = linkIn(await mailReceived(email, asked), "/auth/email-link");
      await page.goto(link);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("button", { name: /Account menu: James Okafor/ })).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});
