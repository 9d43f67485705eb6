import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import type { Reply } from "../../../test/build-test-app.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { leads, mailOutbox, quotes } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile({
  PUBLIC_URL: "https://refrain.example.com",
  PRICE_SCHOOL_SEAT_CENTS: "1500",
  PRICE_HOMESCHOOL_STUDENT_CENTS: "5900",
  PRICE_VOLUME_TIERS: "100:1200,500:900",
  LEAD_LIMIT_PER_IP: "50",
  // These tests ask many quotes for one sample address; forms.test.ts checks that limit.
  LEAD_MAILS_PER_RECIPIENT: "100",
});
let ipSeq = 0;
const year = new Date().getUTCFullYear();

const post = (body: unknown) =>
  ctx.client().request("POST", "/school_pricing_invoice", body, {
    "x-forwarded-for": `10.2.0.${++ipSeq}`,
  });
/** The link's path: the test app answers on any host. */
const pathOf = (url: string) => new URL(url).pathname;

const schoolQuote = {
  product: "school",
  school: "Oak Hill Elementary",
  address: "12 Elm Street",
  city: "Salem",
  state: "OR",
  zip: "97301",
  firstname: "Rosa",
  lastname: "Diaz",
  title: "Principal",
  email: "rosa@oakhill.example.org",
  phone: "503-555-0100",
  subscription_count: 40,
  referral: "A Friend Referred Me",
  referralCode: "",
};
const invoice = {
  product: "homeschool",
  address: "9 Birch Lane",
  city: "Tucson",
  state: "AZ",
  zip: "85701",
  firstname: "Jo",
  lastname: "Park",
  email: "jo.park@example.org",
  phone: "520-555-0199",
  referral: "Pinterest",
  referralCode: "",
  students: [
    { firstname: "Mia", lastname: "Park" },
    { firstname: "", lastname: "" },
    { firstname: "Leo", lastname: "Park" },
  ],
};

const quoteOf = async (invoiceNumber: string) =>
  (await ctx.db.select().from(quotes).where(eq(quotes.invoiceNumber, invoiceNumber)))[0];

describe("school quote", () => {
  it("prices, numbers, stores the PDF, e-mails the link and answers with both", async () => {
    const reply = await post(schoolQuote);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: expect.stringContaining(reply.body.invoice_number),
      url: expect.stringMatching(/^https:\/\/refrain\.example\.com\/quotes\/[\w-]{32}\.pdf$/),
      invoice_number: expect.stringMatching(new RegExp(`^Q-${year}-\\d{6}$`)),
    });
    const quote = await quoteOf(reply.body.invoice_number);
    // 40 seats at the list price of 1500 cents.
    expect(quote).toMatchObject({ kind: "quote", amountCents: 60_000 });
    expect(quote?.lines).toEqual([
      {
        description: "Refrain school site license, 12 months, per student",
        quantity: 40,
        unitCents: 1500,
      },
    ]);
    const days =
      ((quote?.expiresAt.getTime() ?? 0) - (quote?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(30);

    const [lead] = await ctx.db
      .select()
      .from(leads)
      .where(eq(leads.id, quote?.leadId ?? 0));
    expect(lead).toMatchObject({
      kind: "quote",
      organization: "Oak Hill Elementary",
      email: "rosa@oakhill.example.org",
      payload: schoolQuote,
    });

    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "rosa@oakhill.example.org"))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe(`Your Refrain quote ${reply.body.invoice_number}`);
    expect(mail?.text).toContain(reply.body.url);
    expect(mail?.text).toContain("$600.00");
  });

  it("applies the volume tier the seat count reaches", async () => {
    const at = async (seats: number) =>
      (
        await quoteOf(
          (
            await post({ ...schoolQuote, subscription_count: seats })
          ).body.invoice_number,
        )
      )?.amountCents;
    expect(await at(99)).toBe(99 * 1500);
    expect(await at(100)).toBe(100 * 1200);
    expect(await at(499)).toBe(499 * 1200);
    expect(await at(500)).toBe(500 * 900);
  });

  it("answers 422 with every missing field", async () => {
    const reply = await post({ product: "school", referral: "" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      school: ["Field is required"],
      state: ["Field is required"],
      subscription_count: ["Field is required"],
      firstname: ["Field is required"],
      lastname: ["Field is required"],
      email: ["Field is required"],
      address: ["Field is required"],
      city: ["Field is required"],
      zip: ["Field is required"],
      referral: ["Field is required"],
    });
    const zero = await post({ ...schoolQuote, subscription_count: 0, phone: "5".repeat(21) });
    expect(zero.body.errors).toEqual({
      subscription_count: ["Field must be at least 1."],
      phone: ["Field cannot have more than 20 characters."],
    });
  });
});

describe("homeschool invoice", () => {
  it("bills each named student, with the homeschool defaults", async () => {
    const reply = await post(invoice);
    expect(reply.status).toBe(200);
    expect(reply.body.invoice_number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const quote = await quoteOf(reply.body.invoice_number);
    expect(quote).toMatchObject({ kind: "invoice", amountCents: 2 * 5900 });
    expect(quote?.lines.map((l) => l.description)).toEqual([
      "Refrain homeschool subscription, 12 months: Mia Park",
      "Refrain homeschool subscription, 12 months: Leo Park",
    ]);
    const [lead] = await ctx.db
      .select()
      .from(leads)
      .where(eq(leads.id, quote?.leadId ?? 0));
    expect(lead?.kind).toBe("invoice");
    expect(lead?.payload).toMatchObject({
      school: "Homeschool program",
      title: "n/a",
      subscription_count: 2,
      students: [
        { firstname: "Mia", lastname: "Park" },
        { firstname: "Leo", lastname: "Park" },
      ],
    });
  });

  it("needs the first student's first name and takes at most 5 students", async () => {
    const none = await post({ ...invoice, students: [{ firstname: "", lastname: "" }] });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ "students.0.firstname": ["Field is required"] });
    const six = Array.from({ length: 6 }, (_, i) => ({ firstname: `Kid${i}`, lastname: "" }));
    expect((await post({ ...invoice, students: six })).body.errors).toEqual({
      students: ["At most 5 students."],
    });
  });

  it("accepts Other / Not Listed as the state", async () => {
    expect((await post({ ...invoice, state: "Other / Not Listed", zip: "T2P 1J9" })).status).toBe(
      200,
    );
  });
});

describe("numbering", () => {
  it("numbers quotes and invoices each in their own sequence, without gaps", async () => {
    const seq = (n: string) => Number(n.split("-")[2]);
    const q1 = (await post(schoolQuote)).body.invoice_number;
    const i1 = (await post(invoice)).body.invoice_number;
    const q2 = (await post(schoolQuote)).body.invoice_number;
    const i2 = (await post(invoice)).body.invoice_number;
    expect(seq(q2)).toBe(seq(q1) + 1);
    expect(seq(i2)).toBe(seq(i1) + 1);
  });

  it("gives concurrent requests distinct consecutive numbers", async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(schoolQuote)));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    const numbers = replies
      .map((r) => Number(r.body.invoice_number.split("-")[2]))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(7);
  });
});

/** The page's own <style>, which its Content-Security-Policy must allow and nothing else. */
function expectOwnStyleAllowed(page: Reply) {
  const style = /<style>([\s\S]*)<\/style>/.exec(page.body)?.[1] ?? "";
  expect(style).toContain("a.button{");
  const hash = createHash("sha256").update(style).digest("base64");
  const policy = String(page.headers["content-security-policy"]);
  expect(policy.split("; ")).toContain(`style-src 'sha256-${hash}'`);
  expect(policy).toContain("default-src 'none'");
}

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe("the PDF link", () => {
  it("serves the PDF for 30 days, then a page saying it expired (410)", async () => {
    const { url, invoice_number } = (await post(schoolQuote)).body;
    const visitor = ctx.client();
    const pdf = await visitor.request("GET", pathOf(url), undefined, {
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "x-requested-with": "",
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`${invoice_number}.pdf`);
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);

    await ctx.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.invoiceNumber, invoice_number));
    const expired = await visitor.get(pathOf(url));
    expect(expired.status).toBe(410);
    expect(expired.headers["content-type"]).toContain("text/html");
    expect(expired.body).toContain("This quote has expired");
    expect(expired.body).toContain(invoice_number);
    expect(expired.body).toMatch(/expired on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    expect(expired.body).toContain('href="/pricing"');
    expectOwnStyleAllowed(expired);
    // White on the button's fill meets WCAG AA.
    const fill = /a\.button\{[^}]*background:(#[0-9a-f]{6})/.exec(expired.body)?.[1] ?? "#ffffff";
    expect(contrast(fill, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("an expired invoice points to the invoice form", async () => {
    const { url, invoice_number } = (await post(invoice)).body;
    await ctx.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.invoiceNumber, invoice_number));
    const expired = await ctx.client().get(pathOf(url));
    expect(expired.status).toBe(410);
    expect(expired.body).toContain("This invoice has expired");
    expect(expired.body).toContain('href="/homeschool/invoice"');
  });

  it("a wrong token is 404", async () => {
    const reply = await ctx.client().get("/quotes/not-a-real-token-at-all-0000000.pdf");
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("Quote not found");
    expectOwnStyleAllowed(reply);
  });
});

describe("staff inbox", () => {
  it("lists every lead newest first with the quote's number, amount and link", async () => {
    const { invoice_number, url } = (await post({ ...schoolQuote, school: "Inbox Academy" })).body;
    const reply = await world.clients.staff.get("/staff/leads");
    expect(reply.status).toBe(200);
    const [first] = reply.body.data.leads;
    expect(first).toMatchObject({
      kind: "quote",
      organization: "Inbox Academy",
      quote: { invoiceNumber: invoice_number, amountCents: 60_000, url },
    });
    expect(reply.body.data).toMatchObject({ page: 1, pageSize: 50 });
    expect(reply.body.data.total).toBeGreaterThan(10);
  });

  it("filters by kind and by text in the name, e-mail or organization", async () => {
    await post({ ...invoice, firstname: "Zephyrine", email: "zeph@example.org" });
    await post({ ...schoolQuote, school: "Zephyr 100% School" });
    const staff = world.clients.staff;
    const names = async (query: string) =>
      (await staff.get(`/staff/leads?${query}`)).body.data.leads.map(
        (l: { kind: string; firstName: string; organization: string }) =>
          `${l.kind}:${l.firstName}:${l.organization}`,
      );
    expect(await names("q=zephyr")).toEqual([
      "quote:Rosa:Zephyr 100% School",
      "invoice:Zephyrine:Homeschool program",
    ]);
    expect(await names("q=zephyr&kind=invoice")).toEqual(["invoice:Zephyrine:Homeschool program"]);
    expect(await names("q=ZEPH@EXAMPLE")).toEqual(["invoice:Zephyrine:Homeschool program"]);
    expect(await names("q=zephyrine%20park")).toEqual(["invoice:Zephyrine:Homeschool program"]);
    // LIKE wildcards are searched for literally.
    expect(await names("q=100%25")).toEqual(["quote:Rosa:Zephyr 100% School"]);
    expect(await names("q=%25%25%25")).toEqual([]);
  });

  it("pages by 50", async () => {
    await ctx.db.insert(leads).values(
      Array.from({ length: 55 }, (_, i) => ({
        kind: "feedback" as const,
        payload: { message: `Page test ${i}` },
        ip: "10.9.9.9",
      })),
    );
    const staff = world.clients.staff;
    const first = (await staff.get("/staff/leads?kind=feedback")).body.data;
    const second = (await staff.get("/staff/leads?kind=feedback&page=2")).body.data;
    expect(first.total).toBe(55);
    expect(first.leads).toHaveLength(50);
    expect(second.leads).toHaveLength(5);
    const ids = [...first.leads, ...second.leads].map((l: { id: number }) => l.id);
    expect(new Set(ids).size).toBe(55);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("is for staff only; the quote form is open to everyone", async () => {
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: "/staff/leads",
        expect: { staff: 200, anonymous: 401 },
        otherwise: 403,
      }),
    ).toEqual([]);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/school_pricing_invoice",
        body: schoolQuote,
        expect: {},
        otherwise: 200,
      }),
    ).toEqual([]);
  });
});
