import type { Page } from "@playwright/test";
import {
  authCalls,
  billingCalls,
  billingMessages,
  CANCEL_REASONS,
  dateText,
  lapsedMessages,
  sandboxCard,
  sandboxToken,
  subscriptionMessages,
} from "@refrain/domain";
import {
  apiRequest,
  callApi,
  expect,
  screenshot,
  signInAs,
  signOut,
  staff,
  switchToTeacher,
  teacher,
  test,
} from "./fixtures.ts";
import { shotAtTablet, shotFromTop } from "./journey-steps.ts";

const GOOD_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";
/** An expiry three years ahead, as the card form shows it (MM / YY). */
const EXPIRY = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

/**
 * Staff's billing page, signed in afresh: about:blank first, so no call of the page goes out
 * signed out.
 */
async function openStaffBilling(page: Page) {
  await signOut(page);
  await signInAs(page, staff);
  await page.goto("/staff/billing");
}

/** Settings and Preferences, the way a teacher opens it: the user menu. */
async function openSettings(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Settings and Preferences" }).click();
  await expect(page).toHaveURL(/\/teacher\/\d+\/settings$/);
  await expect(page.getByRole("heading", { name: "Subscription Information" })).toBeVisible();
}

/** The Subscription Information card. */
const subscriptionCard = (page: Page) =>
  page.getByRole("region", { name: "Subscription Information" });

/** The value the subscription card shows under `label`. */
const fact = (page: Page, label: string) =>
  subscriptionCard(page).getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");

/** The browser's today plus `days`, as yyyy-mm-dd: what a teacher types into the pause date. */
const browserDayIn = (page: Page, days: number) =>
  page.evaluate((ahead) => {
    const at = new Date();
    at.setDate(at.getDate() + ahead);
    const mm = String(at.getMonth() + 1).padStart(2, "0");
    const dd = String(at.getDate()).padStart(2, "0");
    return `${at.getFullYear()}-${mm}-${dd}`;
  }, days);

/** The card form of the sandbox provider, filled in. */
async function enterCard(page: Page, number: string) {
  await page.getByRole("textbox", { name: "Card number" }).fill(number);
  await page.getByRole("textbox", { name: "Expiry (MM / YY)" }).fill(EXPIRY.replace(/\D/g, ""));
  await page.getByRole("textbox", { name: "CVC" }).fill("123");
}

/** The signed-in account's id, as the session says. */
async function signedInId(page: Page): Promise<number> {
  const session = await apiRequest<{ user: { id: number } }>(page, "GET", authCalls.session.path);
  return session.user.id;
}

test.describe("subscriptions", () => {
  test("a teacher in a free trial saves How I Teach, subscribes monthly with the test card, pauses, resumes and cancels", async ({
    page,
    ownClass,
  }) => {
    // Two full page loads (to /subscribe and back), four dialogs and five screenshots.
    test.setTimeout(90_000);
    await ownClass({ firstName: "Noor", lastName: "Haddad" });
    await openSettings(page);
    await expect(subscriptionCard(page).getByText("Free trial", { exact: true })).toBeVisible();
    await expect(fact(page, subscriptionMessages.freeTrial)).toHaveText(/\w+ \d{1,2}, \d{4}/);

    const howTeach = page.getByRole("region", { name: "How I Teach" });
    await howTeach.getByRole("radio", { name: "I teach reading in centers" }).check();
    await howTeach.getByRole("radio", { name: "4 or more devices" }).check();
    await howTeach.getByRole("button", { name: "Save how I teach" }).click();
    await expect(howTeach.getByRole("status")).toBeVisible();
    await expect(howTeach.getByRole("button", { name: "Save how I teach" })).toBeHidden();

    await subscriptionCard(page).getByRole("link", { name: "Subscribe Now" }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByText(billingMessages.testMode)).toBeVisible();
    await page.getByRole("radio", { name: /Teacher plan/ }).check();
    await page.getByRole("radio", { name: /Monthly/ }).check();
    await expect(page.getByText("you are billed $12.99 every month")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Annual/ })).toContainText("$99.00 / year");
    await expect(page.getByRole("textbox", { name: "Receipt email" })).not.toHaveValue("");
    await enterCard(page, GOOD_CARD);
    await expect(page.getByRole("textbox", { name: "Expiry (MM / YY)" })).toHaveValue(EXPIRY);
    await shotFromTop(page, "account-subscribe");

    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(page).toHaveURL(/\/teacher\/\d+\/settings$/, { timeout: 15_000 });
    await expect(subscriptionCard(page).getByRole("status")).toHaveText(billingMessages.subscribed);
    await expect(fact(page, subscriptionMessages.renewal)).toHaveText(/\w+ \d{1,2}, \d{4}/);
    await expect(fact(page, "Subscription")).toHaveText("Monthly");
    await expect(fact(page, "Card on file")).toContainText("Visa •••• 4242");
    await expect(subscriptionCard(page).getByText("Active", { exact: true })).toBeVisible();
    await shotFromTop(page, "account-subscription-active");

    // Pause until a day 40 days ahead: past this month's paid time, so "active until, then paused".
    await subscriptionCard(page).getByRole("button", { name: "Pause Subscription" }).click();
    const pause = page.getByRole("dialog", { name: "Pause your subscription" });
    await expect(pause.getByText(subscriptionMessages.pauseWarning)).toBeVisible();
    const until = await browserDayIn(page, 40);
    await pause.getByRole("textbox", { name: "Pause until" }).fill(until);
    // From the top: a full-page capture draws the dialog and its overlay where the window is.
    await shotFromTop(page, "account-subscription-pause");
    await pause.getByRole("button", { name: "Pause Billing" }).click();
    await expect(pause).toBeHidden();
    await expect(fact(page, subscriptionMessages.status)).toContainText(
      `then paused until ${dateText(until)}`,
    );
    await expect(subscriptionCard(page).getByText("Paused", { exact: true })).toBeVisible();
    await expect(subscriptionCard(page).getByRole("status")).toHaveText(billingMessages.paused);
    await expect(
      subscriptionCard(page).getByRole("button", { name: "Pause Subscription" }),
    ).toBeHidden();

    await subscriptionCard(page).getByRole("button", { name: "Resume Subscription" }).click();
    const resume = page.getByRole("dialog", { name: "Resume your subscription" });
    await resume.getByRole("button", { name: "Resume Now" }).click();
    await expect(resume).toBeHidden();
    await expect(subscriptionCard(page).getByRole("status")).toHaveText(billingMessages.resumed);
    await expect(fact(page, subscriptionMessages.renewal)).toBeVisible();
    await expect(subscriptionCard(page).getByText("Active", { exact: true })).toBeVisible();

    await subscriptionCard(page).getByRole("button", { name: "Cancel Subscription" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel your subscription" });
    await cancel.getByRole("checkbox", { name: CANCEL_REASONS[1] }).check();
    await cancel.getByRole("textbox", { name: "Other" }).fill("Trying a reading app at home.");
    await cancel.getByRole("button", { name: "Confirm Cancellation" }).click();
    await expect(cancel).toBeHidden();
    await expect(subscriptionCard(page).getByRole("status")).toHaveText(billingMessages.cancelled);
    await expect(fact(page, subscriptionMessages.cancelled)).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(subscriptionCard(page).getByText("Canceled", { exact: true })).toBeVisible();
    // A cancelled account may subscribe again, and nothing else.
    await expect(subscriptionCard(page).getByRole("link", { name: "Subscribe Now" })).toBeVisible();
    await expect(subscriptionCard(page).getByRole("button")).toHaveCount(0);
    // No bill is coming to take a free month off: the code waits for a new subscription.
    const promo = page.getByRole("region", { name: "Free month" });
    await expect(promo).toContainText(billingMessages.promoAfterEnd);
    await expect(promo.getByRole("textbox", { name: "Promo code" })).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 0));
    await shotAtTablet(page, "account-subscription-tablet");
  });

  test("a declined card shows the provider's message, keeps what was typed, and the trial goes on", async ({
    page,
    ownClass,
    consoleGuard,
  }) => {
    // The browser logs the refused purchase (422).
    consoleGuard.allow(/status of 422/);
    await ownClass({ firstName: "Ravi", lastName: "Sandoval" });
    await page.goto("/subscribe");
    await page.getByRole("radio", { name: /Monthly/ }).check();
    const email = page.getByRole("textbox", { name: "Receipt email" });
    await email.fill("ravi.receipts@journeys.example.org");
    await enterCard(page, DECLINED_CARD);
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();

    const alert = page.getByRole("alert").filter({ hasText: billingMessages.declined });
    await expect(alert).toBeVisible();
    // Mantine's red alert: its colour variable names the red palette.
    await expect(alert).toHaveAttribute("style", /--alert-color:\s*var\(--mantine-color-red/);
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(email).toHaveValue("ravi.receipts@journeys.example.org");
    await expect(page.getByRole("textbox", { name: "Card number" })).toHaveValue(DECLINED_CARD);
    await expect(page.getByRole("textbox", { name: "Expiry (MM / YY)" })).toHaveValue(EXPIRY);
    await expect(page.getByRole("textbox", { name: "CVC" })).toHaveValue("123");
    await expect(page.getByRole("radio", { name: /Monthly/ })).toBeChecked();
    await shotFromTop(page, "account-subscribe-declined");
    await shotAtTablet(page, "account-subscribe-declined-tablet");

    await openSettings(page);
    await expect(fact(page, subscriptionMessages.freeTrial)).toBeVisible();
    await expect(subscriptionCard(page).getByRole("link", { name: "Subscribe Now" })).toBeVisible();
  });

  test("a teacher whose school pays sees the licence's end and no subscription actions", async ({
    page,
  }) => {
    await signInAs(page, teacher);
    await openSettings(page);
    await expect(
      subscriptionCard(page).getByText("Paid by your school", { exact: true }),
    ).toBeVisible();
    await expect(fact(page, subscriptionMessages.schoolPaid)).toHaveText(/^Jun 30, \d{4}$/);
    await expect(subscriptionCard(page).getByRole("button")).toHaveCount(0);
    await expect(subscriptionCard(page).getByRole("link")).toHaveCount(0);
    // A free month comes off a bill the school does not get from us: no promo card either.
    await expect(page.getByRole("heading", { name: "Free month" })).toBeHidden();
    await shotFromTop(page, "account-subscription-school-paid");
  });

  test("staff create a promo code, a teacher's trial gains a month with it, and staff see the redemption and the later cancellation", async ({
    page,
    ownClass,
  }, testInfo) => {
    test.setTimeout(90_000);
    const account = await ownClass({ firstName: "Ines", lastName: "Okonkwo" });
    const code = `E2E-W${testInfo.workerIndex}-${Date.now().toString(36).toUpperCase()}`;

    await openStaffBilling(page);
    const create = page.getByRole("form", { name: "Create a promo code" });
    await create.getByRole("textbox", { name: "Code" }).fill(code);
    await create.getByRole("textbox", { name: "Note" }).fill("Journey: a free month");
    await create.getByRole("button", { name: "Create Code" }).click();
    await expect(create.getByRole("status")).toHaveText(`The code ${code} was created.`);
    const codeRow = page.getByRole("row").filter({ hasText: code });
    await expect(codeRow.getByRole("cell").nth(3)).toHaveText("0");

    await switchToTeacher(page, account);
    await openSettings(page);
    const before = await fact(page, subscriptionMessages.freeTrial).textContent();
    const moved = new Date(Date.parse(`${before} 00:00 UTC`) + 30 * 86_400_000);
    const expected = dateText(moved, { timeZone: "UTC" });
    const promo = page.getByRole("region", { name: "Free month" });
    await expect(promo).toContainText(billingMessages.promoInTrial);
    await promo.getByRole("textbox", { name: "Promo code" }).fill(code.toLowerCase());
    await promo.getByRole("button", { name: "Apply Code" }).click();
    await expect(promo.getByRole("status")).toHaveText(billingMessages.promoApplied);
    await expect(fact(page, subscriptionMessages.freeTrial)).toHaveText(expected);
    await expect(promo.getByRole("textbox", { name: "Promo code" })).toHaveValue("");

    // Subscribed and cancelled through the API: journey 1 does it through the pages.
    const teacherId = await signedInId(page);
    const card = sandboxCard.parse({ number: GOOD_CARD, expiry: EXPIRY, cvc: "123" });
    const today = await browserDayIn(page, 0);
    await callApi(page, billingCalls.subscribe, {
      email: account.email,
      token: sandboxToken(card, today) ?? "",
      args: {},
      type: "teacher",
      period: "monthly",
      amount: 1299,
    });
    await apiRequest(page, "POST", `/teacher/${teacherId}/settings`, {
      verb: "cancel_subscription",
      reason_codes: [3],
      reason: "Our grant ends in June.",
    });

    await openStaffBilling(page);
    await expect(codeRow.getByRole("cell").nth(3)).toHaveText("1");
    const cancelled = page
      .getByRole("region", { name: "Cancellations", exact: true })
      .getByRole("row")
      .filter({ hasText: account.login });
    await expect(cancelled).toContainText(CANCEL_REASONS[3]);
    await expect(cancelled).toContainText("Our grant ends in June.");
    await expect(cancelled).toContainText("Ines Okonkwo");
    await expect(cancelled).toContainText("Teacher plan, monthly");
    await screenshot(page, "account-staff-billing");
    await shotAtTablet(page, "account-staff-billing-tablet");
  });

  test("staff move a trial teacher 31 days on the sandbox's clock: the trial has ended, a new student is refused with what was typed kept, and saved once the teacher subscribes", async ({
    page,
    ownClass,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    // The browser logs the refused username (422) and the refused student (402).
    consoleGuard.allow(/status of 422/);
    consoleGuard.allow(/status of 402/);
    const account = await ownClass({ firstName: "Tomas", lastName: "Lindqvist", students: 1 });

    await openStaffBilling(page);
    const clock = page.getByRole("form", { name: "Move an account's billing forward" });
    const username = clock.getByRole("textbox", { name: "Username" });
    const days = clock.getByRole("textbox", { name: "Days" });
    await expect(days).toHaveValue("30");
    await username.fill("no.such.teacher");
    await clock.getByRole("button", { name: "Move forward" }).click();
    await expect(clock.getByText(billingMessages.noSuchAdult)).toBeVisible();
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(clock.getByRole("alert")).toHaveCount(0);

    await username.fill(account.login);
    await days.fill("31");
    await clock.getByRole("button", { name: "Move forward" }).click();
    const done = clock.getByRole("status");
    await expect(done).toContainText(billingMessages.advanced(account.login, 31));
    await expect(done).toContainText("Free trial");
    await expect(done).toContainText(subscriptionMessages.freeTrial);
    await shotFromTop(page, "account-staff-sandbox-clock");
    await shotAtTablet(page, "account-staff-sandbox-clock-tablet");

    // The trial ended yesterday (30 days from sign-up, 31 gone by).
    await switchToTeacher(page, account);
    await openSettings(page);
    const ended = await fact(page, subscriptionMessages.freeTrial).textContent();
    const todayUtc = Date.parse(new Date().toISOString().slice(0, 10));
    expect(Date.parse(`${ended} 00:00 UTC`)).toBeLessThan(todayUtc);

    await page.goto("/");
    await page.getByRole("menuitem", { name: "Manage Students" }).click();
    await page.getByRole("menuitem", { name: "Add or Edit Students" }).click();
    await expect(page.getByRole("heading", { name: "Add or Edit Students" })).toBeVisible();
    const rows = page.locator("tbody tr[data-row-key]");
    await expect(rows).toHaveCount(1);
    await page.getByRole("button", { name: "New Student" }).click();
    const fresh = rows.nth(1);
    const first = fresh.getByRole("textbox", { name: "First Name" });
    const last = fresh.getByRole("textbox", { name: "Last Name" });
    await first.fill("Lina");
    await last.fill("Park");
    await last.press("Enter");
    // Leaving the first name tried a save too (a last name is optional): one notice says why.
    const refused = page.getByRole("alert").filter({ hasText: "This student could not be saved" });
    await expect(refused).toContainText(lapsedMessages.owner);
    await expect(refused).toHaveCount(1);
    await expect(first).toHaveValue("Lina");
    await expect(last).toHaveValue("Park");
    await expect(page.getByText("1 student created")).toBeVisible();
    await shotFromTop(page, "account-lapsed-roster-refused");

    // The teacher subscribes in another tab, so the roster's tab keeps the row as typed.
    const checkout = await page.context().newPage();
    await checkout.goto("/subscribe");
    await checkout.getByRole("radio", { name: /Teacher plan/ }).check();
    await checkout.getByRole("radio", { name: /Monthly/ }).check();
    await enterCard(checkout, GOOD_CARD);
    await checkout.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(checkout).toHaveURL(/\/teacher\/\d+\/settings$/, { timeout: 15_000 });
    await expect(fact(checkout, "Subscription")).toHaveText("Monthly");
    await checkout.close();

    await last.press("Enter");
    await expect(fresh.getByRole("status")).toHaveText("Saved: Lina Park");
    await expect(page.getByText("2 students created")).toBeVisible();
  });
});
