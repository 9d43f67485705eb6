import { expect, signInAs, staff, test } from "./fixtures.ts";
import { chooseOption, fillFields, openFromMenu, shotFromTop } from "./journey-steps.ts";

// One visitor's quote and call, then the staff member who finds both: the steps share data.
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const buyer = { email: `rosa.${stamp}@oakhill.example.org`, school: `Oak Hill ${stamp}` };
const caller = { email: `ana.${stamp}@example.org`, name: `Ana${stamp}` };
let invoiceNumber = "";

test("a visitor requests a school quote and opens the PDF", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Pricing for Schools and Districts" }).click();
  await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      "We offer special volume pricing for school and district licenses, including live webinars and in-person training.",
    ),
  ).toBeVisible();
  await shotFromTop(page, "leads-pricing");

  await page.getByRole("button", { name: "Get a Site License Quote" }).click();
  const modal = page.getByRole("dialog", { name: "Contact Us To Get Your School Started" });
  await expect(modal.getByText("to get an automatic quote")).toBeVisible();

  // Nothing typed yet: the errors show under the fields and the button waits for a fix.
  await modal.getByRole("button", { name: "Generate Quote" }).click();
  await expect(modal.getByText("Field is required").first()).toBeVisible();
  await expect(modal.getByRole("button", { name: "Generate Quote" })).toBeDisabled();
  await expect(modal.getByRole("combobox", { name: "How did you hear about us?" })).toHaveValue(
    "A Friend Referred Me",
  );
  await shotFromTop(page, "leads-quote-modal-errors");

  await fillFields(modal, {
    "School Name": buyer.school,
    "Number of Students": "320",
    "First Name": "Rosa",
    "Last Name": "Diaz",
    Title: "Principal",
    Email: buyer.email,
    "School Address": "12 Elm Street",
    City: "Salem",
  });
  await chooseOption(page, modal, "State", "Oregon");
  await modal.getByLabel("ZIP Code").fill("97301");
  // A referral code hides the referral question.
  await modal.getByLabel("Referral Code").fill("FRIEND10");
  await expect(modal.getByRole("combobox", { name: "How did you hear about us?" })).toBeHidden();
  await expect(modal.getByRole("button", { name: "Generate Quote" })).toBeEnabled();
  await modal.getByRole("button", { name: "Generate Quote" }).click();

  await expect(modal.getByRole("heading", { name: "Quote Sent" })).toBeVisible();
  await expect(modal.getByText("We emailed you a link to download your quote")).toBeVisible();
  await expect(modal.getByText("Click outside this window to close it.")).toBeVisible();
  const link = modal.getByRole("link", { name: /^Q-\d{4}-\d{6}$/ });
  invoiceNumber = (await link.textContent())?.trim() ?? "";
  await shotFromTop(page, "leads-quote-sent");

  // The link as an e-mail reader opens it: a browser navigation gets the PDF, not the app.
  const href = (await link.getAttribute("href")) ?? "";
  const pdf = await page.request.get(new URL(href).pathname, {
    headers: { Accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8" },
  });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await modal.getByRole("button", { name: "Submitted!" }).click();
  await expect(modal).toBeHidden();
});

test("a visitor books a call from the welcome popup", async ({ page }) => {
  await page.goto("/");
  await shotFromTop(page, "leads-landing");
  await page.getByRole("button", { name: "Book a Call" }).click();
  const modal = page.getByRole("dialog", { name: "Welcome to Refrain" });
  await expect(modal).toBeVisible();
  await shotFromTop(page, "leads-welcome-modal");

  await fillFields(modal, {
    "First Name": caller.name,
    "Last Name": "Lee",
    Email: "not-an-address",
  });
  await modal.getByRole("button", { name: "Book a Call" }).click();
  await expect(modal.getByText("Field must be a valid email address.")).toBeVisible();
  await modal.getByLabel("Email").fill(caller.email);
  await modal.getByRole("button", { name: "Book a Call" }).click();
  await expect(
    modal.getByText(
      "Thanks for your interest! You should receive an email shortly with a link to schedule your call.",
    ),
  ).toBeVisible();
  await shotFromTop(page, "leads-book-call-sent");
});

test("staff find the quote and the call in the inbox, and their e-mails in the mailbox", async ({
  page,
}) => {
  await signInAs(page, staff);
  await openFromMenu(page, "Sales", "Leads");
  await expect(page).toHaveURL("/staff/leads");
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

  const quoteRow = page.getByRole("row").filter({ hasText: buyer.school });
  await expect(quoteRow).toContainText(invoiceNumber);
  await expect(quoteRow).toContainText("$3,200.00");
  const callRow = page.getByRole("row").filter({ hasText: caller.email });
  await expect(callRow).toContainText("Book a call");
  await shotFromTop(page, "leads-inbox");

  // Filters: by kind, then by text.
  await page.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "Book a call" }).click();
  await expect(quoteRow).toBeHidden();
  await expect(callRow).toBeVisible();
  await page.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "All kinds" }).click();
  await page.getByLabel("Search").fill(buyer.school);
  await expect(page.getByRole("row")).toHaveCount(2);

  await quoteRow.getByRole("button", { name: "Rosa Diaz" }).click();
  const details = page.getByRole("dialog", { name: "Quote: Rosa Diaz" });
  await expect(details.getByText(invoiceNumber)).toBeVisible();
  await expect(details.getByRole("link", { name: /Open the PDF/ })).toHaveAttribute(
    "href",
    /\/quotes\/[\w-]+\.pdf$/,
  );
  await expect(details.getByRole("cell", { name: "FRIEND10" })).toBeVisible();
  await shotFromTop(page, "leads-inbox-details");
  await page.keyboard.press("Escape");

  await openFromMenu(page, "Sales", "Mailbox");
  await expect(page).toHaveURL("/staff/mail");
  await expect(
    page.getByRole("row").filter({ hasText: `Your Refrain quote ${invoiceNumber}` }),
  ).toContainText(buyer.email);
  await expect(
    page.getByRole("row").filter({ hasText: "Schedule your call with Refrain" }).first(),
  ).toBeVisible();
  await shotFromTop(page, "leads-mailbox");

  await page.getByLabel("Recipient").fill(caller.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Schedule your call with Refrain" }).click();
  const message = page.getByRole("dialog", { name: "Schedule your call with Refrain" });
  await expect(message.getByText(`Hi ${caller.name},`)).toBeVisible();
  // The journeys' mail server took it (SMTP_URL in playwright.config.ts).
  await expect(message.getByText("Sent", { exact: true })).toBeVisible();
  await shotFromTop(page, "leads-mailbox-message");
});
