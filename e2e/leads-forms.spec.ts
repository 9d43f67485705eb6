import { expect, signInAs, staff, test } from "./fixtures.ts";
import { chooseOption, fillFields, shotFromTop } from "./journey-steps.ts";

test.describe("public lead forms", () => {
  test("a school signs up for a free trial through the captcha", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Free School Trial: sign up for free" }).click();
    const modal = page.getByRole("dialog", { name: "Sign Up for FREE" });
    await fillFields(modal, {
      "School Name": "Maple Creek Elementary",
      "First Name": "Priya",
      "Last Name": "Shah",
      Email: "priya.shah@maplecreek.example.org",
      Phone: "202-555-0142",
      City: "Washington",
    });
    await chooseOption(page, modal, "State", "District of Columbia");

    // Without the captcha the form says so.
    await modal.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(
      modal.getByText("Please confirm you are human: tick the verification box."),
    ).toBeVisible();
    await shotFromTop(page, "leads-trial-form");

    await modal.getByText("I'm not a robot").click();
    await expect(modal.getByText("Verified")).toBeVisible({ timeout: 20_000 });
    await modal.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(modal.getByText("— Dana Whitfield, founder of Refrain")).toBeVisible();
    await expect(modal.getByText("priya.shah@maplecreek.example.org")).toBeVisible();
    await shotFromTop(page, "leads-trial-thanks");
  });

  test("a district asks for pricing", async ({ page }) => {
    await page.goto("/district_pricing");
    await expect(
      page.getByRole("heading", { name: "Let's Get Your District Started" }),
    ).toBeVisible();
    const submit = page.getByRole("button", { name: "Request District Pricing" });
    await page.getByLabel("District Name").fill("Lak");
    await submit.click();
    await expect(page.getByText("Field must have at least 4 characters.")).toBeVisible();
    await expect(submit).toBeDisabled();
    await shotFromTop(page, "leads-district-errors");

    await fillFields(page, {
      "District Name": "Lakeside Unified School District",
      "First Name": "Sam",
      "Last Name": "Ng",
      Email: "sam.ng@lakeside.example.org",
      Phone: "541-555-0199",
      City: "Bend",
    });
    await chooseOption(page, page, "State", "Oregon");
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(
      page.getByText("We will reply within 1-2 business days, usually within 24 hours."),
    ).toBeVisible();
    await shotFromTop(page, "leads-district-thanks");
  });

  test("a homeschool family gets an invoice", async ({ page }) => {
    await page.goto("/homeschool/invoice");
    await page.getByRole("button", { name: "Get My Invoice" }).click();
    await expect(page.getByLabel("Student 1 First Name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("First Name", { exact: true }).fill("Jo");
    await page.getByLabel("Last Name", { exact: true }).fill("Park");
    await fillFields(page, {
      Email: "jo.park@example.org",
      Phone: "520-555-0199",
      Address: "9 Birch Lane",
      City: "Tucson",
    });
    await chooseOption(page, page, "State", "Other / Not Listed");
    await page.getByLabel("ZIP Code").fill("85701");
    await page.getByLabel("Student 1 First Name").fill("Mia");
    await page.getByLabel("Student 2 First Name").fill("Leo");
    await shotFromTop(page, "leads-invoice-form");
    await page.getByRole("button", { name: "Get My Invoice" }).click();
    await expect(page.getByRole("heading", { name: "Invoice Sent" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^INV-\d{4}-\d{6}$/ })).toBeVisible();
    await shotFromTop(page, "leads-invoice-sent");
  });

  test("feedback needs three letters, then thanks the sender", async ({ page }) => {
    await page.goto("/feedback");
    const box = page.getByLabel("Your feedback");
    expect((await box.boundingBox())?.height).toBe(200);
    await box.fill("ok");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Field must have at least 3 letters.")).toBeVisible();
    await box.fill("The kids sing the lessons at recess. Thank you!");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(
      page.getByText("Thank you for your feedback! We read every message."),
    ).toBeVisible();
    await shotFromTop(page, "leads-feedback");
  });

  test("a failed call request offers the contact page", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 503/);
    await page.route("**/tutor/book-call", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Unavailable" }),
      }),
    );
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Book a Call" }).click();
    const modal = page.getByRole("dialog", { name: "Welcome to Refrain" });
    await fillFields(modal, { "First Name": "Ana", "Last Name": "Lee", Email: "ana@example.org" });
    await modal.getByRole("button", { name: "Book a Call" }).click();
    await expect(
      modal.getByText(
        "An error occurred (503). Please try again. If the problem continues, please contact us and let us know.",
      ),
    ).toBeVisible();
    await shotFromTop(page, "leads-book-call-error");
    await modal.getByRole("link", { name: "contact us" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "sales@refrain.example.com" })).toBeVisible();
    await shotFromTop(page, "leads-contact");
  });

  test("a visitor writes through the contact page with a reply address, and staff see it", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    const send = form.getByRole("button", { name: "Send" });
    await send.click();
    await expect(form.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Your email")).toHaveAttribute("aria-invalid", "true");
    await fillFields(form, {
      "Your name": "Maya Chen",
      "Your email": "maya.chen@cedar",
      "Your message": "Do you offer a plan for our after-school club?",
    });
    await expect(form.getByText("Field must be a valid email address.")).toBeVisible();
    await shotFromTop(page, "leads-contact-errors");
    await form.getByLabel("Your email").fill("maya.chen@cedar.example.org");
    await send.click();
    await expect(
      form.getByText("Thank you for your message! We will reply to maya.chen@cedar.example.org."),
    ).toBeVisible();
    await expect(form.getByLabel("Your message")).toHaveValue("");
    await shotFromTop(page, "leads-contact-sent");

    await signInAs(page, staff);
    await page.goto("/staff/leads");
    const row = page.getByRole("row").filter({ hasText: "Maya Chen" });
    await expect(row).toContainText("Contact message");
    await expect(row).toContainText("maya.chen@cedar.example.org");
    await expect(row).toContainText("Do you offer a plan for our after-school club?");
    await row.getByRole("button", { name: "Maya Chen" }).click();
    const details = page.getByRole("dialog", { name: "Contact message: Maya Chen" });
    await expect(
      details.getByRole("link", { name: "maya.chen@cedar.example.org" }),
    ).toHaveAttribute("href", "mailto:maya.chen@cedar.example.org");
    await shotFromTop(page, "leads-contact-inbox");
  });

  test("the volume pricing banner opens the district quote form", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/pricing");
    // American spelling, as everywhere else on the page.
    await expect(page.getByText(/A site license gives every teacher/)).toBeVisible();
    await page.getByRole("button", { name: "Receive a quote here" }).click();
    const modal = page.getByRole("dialog", {
      name: "Contact Us To Get Your District Started with Refrain",
    });
    await expect(modal.getByRole("button", { name: "Generate Quote" })).toBeVisible();
    await shotFromTop(page, "leads-banner-modal-tablet");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();
    await shotFromTop(page, "leads-pricing-tablet");
  });
});
