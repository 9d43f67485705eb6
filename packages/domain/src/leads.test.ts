import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFERRAL_OPTIONS } from "./auth/signup.ts";
import {
  bookCallRequest,
  DEFAULT_REFERRAL,
  districtPricingRequest,
  formatCents,
  formatInvoiceNumber,
  HOMESCHOOL_SCHOOL,
  HOMESCHOOL_TITLE,
  homeschoolInvoiceRequest,
  INVOICE_STATE_OPTIONS,
  LEAD_REFERRAL_OPTIONS,
  type PriceTable,
  priceQuote,
  productFeedbackRequest,
  quoteRequest,
  STATE_NOT_LISTED,
  schoolQuoteRequest,
  schoolTrialRequest,
  seatPriceCents,
  showsReferral,
  US_STATE_CODES,
  US_STATES,
} from "./leads.ts";
import { errorsOf, requiredErrors } from "./test-support.ts";

const a = (n: number) => "a".repeat(n);

describe("choice lists", () => {
  it("offers the 50 states and DC by two-letter code", () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATE_CODES).toContain("DC");
    expect(new Set(US_STATE_CODES).size).toBe(51);
    for (const code of US_STATE_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("the invoice list adds Other / Not Listed at the end", () => {
    expect(INVOICE_STATE_OPTIONS).toHaveLength(52);
    expect(INVOICE_STATE_OPTIONS.at(-1)).toEqual({
      value: "Other / Not Listed",
      label: "Other / Not Listed",
    });
  });

  it("offers the sign-up's referral options, in order, without Unknown, the default among them", () => {
    expect([...LEAD_REFERRAL_OPTIONS, "Unknown"]).toEqual(REFERRAL_OPTIONS);
    expect(LEAD_REFERRAL_OPTIONS).toContain(DEFAULT_REFERRAL);
  });

  it("hides the referral choice once a referral code is given", () => {
    expect(showsReferral("")).toBe(true);
    expect(showsReferral("   ")).toBe(true);
    expect(showsReferral(undefined)).toBe(true);
    expect(showsReferral("FRIEND10")).toBe(false);
  });
});

describe("book a call", () => {
  const valid = { firstName: "Ana", lastName: "Lee", email: "ana@example.org", channel: "tutor" };

  it("accepts names of 45 characters and refuses 46", () => {
    expect(errorsOf(bookCallRequest, { ...valid, firstName: a(45), lastName: a(45) })).toEqual({});
    expect(errorsOf(bookCallRequest, { ...valid, firstName: a(46), lastName: a(46) })).toEqual({
      firstName: ["Field cannot have more than 45 characters."],
      lastName: ["Field cannot have more than 45 characters."],
    });
  });

  it("requires every field and a valid e-mail", () => {
    expect(errorsOf(bookCallRequest, { firstName: " ", lastName: "", email: "" })).toEqual(
      requiredErrors("firstName", "lastName", "email"),
    );
    expect(errorsOf(bookCallRequest, { ...valid, email: "ana@example" })).toEqual({
      email: ["Field must be a valid email address."],
    });
  });

  it("is the tutor channel and trims what was typed", () => {
    expect(bookCallRequest.parse({ ...valid, firstName: " Ana ", channel: undefined })).toEqual({
      ...valid,
      channel: "tutor",
    });
    expect(errorsOf(bookCallRequest, { ...valid, channel: "school" })).toHaveProperty("channel");
  });
});

describe("school trial", () => {
  const valid = {
    school: "Oak",
    firstname: "Ana",
    lastname: "Lee",
    email: "ana@example.org",
    phone: "555-0100",
    city: "Salem",
    state: "OR",
    altcha: "payload",
  };

  it("needs a school of at least 3 characters", () => {
    expect(errorsOf(schoolTrialRequest, valid)).toEqual({});
    expect(errorsOf(schoolTrialRequest, { ...valid, school: "Oa" })).toEqual({
      school: ["Field must have at least 3 characters."],
    });
  });

  it("requires every field and the captcha", () => {
    expect(errorsOf(schoolTrialRequest, {})).toEqual({
      ...requiredErrors("school", "firstname", "lastname", "email", "phone", "city", "state"),
      altcha: ["Please confirm you are human: tick the verification box."],
    });
  });

  it("takes a two-letter US code, DC included, and nothing else", () => {
    expect(errorsOf(schoolTrialRequest, { ...valid, state: "DC" })).toEqual({});
    for (const state of ["PR", "or", "Oregon", "ZZ"])
      expect(errorsOf(schoolTrialRequest, { ...valid, state })).toEqual({
        state: ["Choose a state from the list."],
      });
  });
});

describe("district pricing", () => {
  const valid = {
    district: "Lake",
    title: "",
    firstname: "Al",
    lastname: "Bo",
    email: "al@example.org",
    phone: "5550100",
    city: "Yo",
    state: "WA",
  };

  it("district 4 to 500", () => {
    expect(errorsOf(districtPricingRequest, { ...valid, district: a(3) })).toEqual({
      district: ["Field must have at least 4 characters."],
    });
    expect(errorsOf(districtPricingRequest, { ...valid, district: a(4) })).toEqual({});
    expect(errorsOf(districtPricingRequest, { ...valid, district: a(500) })).toEqual({});
    expect(errorsOf(districtPricingRequest, { ...valid, district: a(501) })).toEqual({
      district: ["Field cannot have more than 500 characters."],
    });
  });

  it("names 2 to 50, title at most 200", () => {
    expect(
      errorsOf(districtPricingRequest, {
        ...valid,
        firstname: a(50),
        lastname: a(2),
        title: a(200),
      }),
    ).toEqual({});
    expect(
      errorsOf(districtPricingRequest, {
        ...valid,
        firstname: a(1),
        lastname: a(51),
        title: a(201),
      }),
    ).toEqual({
      firstname: ["Field must have at least 2 characters."],
      lastname: ["Field cannot have more than 50 characters."],
      title: ["Field cannot have more than 200 characters."],
    });
  });

  it("phone 7 to 20, city 2 to 100, e-mail at most 100", () => {
    const email100 = `${a(88)}@example.org`;
    expect(email100).toHaveLength(100);
    expect(
      errorsOf(districtPricingRequest, { ...valid, phone: a(7), city: a(100), email: email100 }),
    ).toEqual({});
    expect(errorsOf(districtPricingRequest, { ...valid, phone: a(20), city: a(2) })).toEqual({});
    expect(
      errorsOf(districtPricingRequest, {
        ...valid,
        phone: a(6),
        city: a(1),
        email: `a${email100}`,
      }),
    ).toEqual({
      phone: ["Field must have at least 7 characters."],
      city: ["Field must have at least 2 characters."],
      email: ["Field cannot have more than 100 characters."],
    });
    expect(errorsOf(districtPricingRequest, { ...valid, phone: a(21), city: a(101) })).toEqual({
      phone: ["Field cannot have more than 20 characters."],
      city: ["Field cannot have more than 100 characters."],
    });
  });

  it("referral and code are optional; a referral must come from the list", () => {
    expect(districtPricingRequest.parse(valid)).toMatchObject({ referral: "", referralCode: "" });
    expect(errorsOf(districtPricingRequest, { ...valid, referral: "Facebook" })).toEqual({});
    expect(errorsOf(districtPricingRequest, { ...valid, referral: "Unknown" })).toEqual({
      referral: ["Choose an option from the list."],
    });
  });
});

describe("feedback", () => {
  it("is required, at least 3 letters after trimming", () => {
    expect(errorsOf(productFeedbackRequest, { message: "  " })).toEqual({
      message: ["Field is required"],
    });
    expect(errorsOf(productFeedbackRequest, { message: " ab " })).toEqual({
      message: ["Field must have at least 3 letters."],
    });
    expect(productFeedbackRequest.parse({ message: " abc " })).toEqual({ message: "abc" });
  });
});

const contact = {
  firstname: "Ana",
  lastname: "Lee",
  email: "ana@example.org",
  address: "1 Main St",
  city: "Salem",
  state: "OR",
  zip: "97301",
  referral: DEFAULT_REFERRAL,
};

describe("school quote", () => {
  const valid = { ...contact, product: "school", school: "Oak School", subscription_count: 30 };

  it("requires school, address, city, state, zip, names, e-mail, seats and referral", () => {
    expect(errorsOf(schoolQuoteRequest, { product: "school" })).toEqual(
      requiredErrors(
        "school",
        "state",
        "subscription_count",
        "firstname",
        "lastname",
        "email",
        "address",
        "city",
        "zip",
        "referral",
      ),
    );
  });

  it("needs at least one whole seat", () => {
    expect(errorsOf(schoolQuoteRequest, { ...valid, subscription_count: 1 })).toEqual({});
    expect(errorsOf(schoolQuoteRequest, { ...valid, subscription_count: 0 })).toEqual({
      subscription_count: ["Field must be at least 1."],
    });
    expect(errorsOf(schoolQuoteRequest, { ...valid, subscription_count: 2.5 })).toEqual({
      subscription_count: ["Field must be a whole number."],
    });
  });

  it("title and phone are optional, phone at most 20", () => {
    expect(schoolQuoteRequest.parse(valid)).toMatchObject({ title: "", phone: "" });
    expect(errorsOf(schoolQuoteRequest, { ...valid, phone: a(20) })).toEqual({});
    expect(errorsOf(schoolQuoteRequest, { ...valid, phone: a(21) })).toEqual({
      phone: ["Field cannot have more than 20 characters."],
    });
  });

  it("trims every text", () => {
    const parsed = schoolQuoteRequest.parse({ ...valid, school: "  Oak  ", referralCode: " X1 " });
    expect(parsed.school).toBe("Oak");
    expect(parsed.referralCode).toBe("X1");
  });
});

describe("homeschool invoice", () => {
  const valid = {
    ...contact,
    product: "homeschool",
    phone: "555-0100",
    students: [{ firstname: "Mia", lastname: "Lee" }],
  };

  it("defaults school and title, and counts the students", () => {
    expect(homeschoolInvoiceRequest.parse(valid)).toMatchObject({
      school: HOMESCHOOL_SCHOOL,
      title: HOMESCHOOL_TITLE,
      subscription_count: 1,
    });
  });

  it("needs the first student's first name, drops blank rows, ignores a sent count", () => {
    expect(errorsOf(homeschoolInvoiceRequest, { ...valid, students: [] })).toEqual({
      "students.0.firstname": ["Field is required"],
    });
    const parsed = homeschoolInvoiceRequest.parse({
      ...valid,
      subscription_count: 9,
      students: [
        { firstname: "Mia", lastname: "Lee" },
        { firstname: "", lastname: "" },
        { firstname: " Noah ", lastname: "" },
      ],
    });
    expect(parsed.students).toEqual([
      { firstname: "Mia", lastname: "Lee" },
      { firstname: "Noah", lastname: "" },
    ]);
    expect(parsed.subscription_count).toBe(2);
  });

  it("a row with a last name needs its first name", () => {
    expect(
      errorsOf(homeschoolInvoiceRequest, {
        ...valid,
        students: [valid.students[0], { firstname: "", lastname: "Lee" }],
      }),
    ).toEqual({ "students.1.firstname": ["Field is required"] });
  });

  it("takes at most 5 students", () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ firstname: `S${i}`, lastname: "" }));
    expect(homeschoolInvoiceRequest.parse({ ...valid, students: five }).subscription_count).toBe(5);
    expect(errorsOf(homeschoolInvoiceRequest, { ...valid, students: [...five, five[0]] })).toEqual({
      students: ["At most 5 students."],
    });
  });

  it("phone is required, at most 20; the state may be Other / Not Listed", () => {
    expect(errorsOf(homeschoolInvoiceRequest, { ...valid, phone: "" })).toEqual({
      phone: ["Field is required"],
    });
    expect(errorsOf(homeschoolInvoiceRequest, { ...valid, phone: a(21) })).toEqual({
      phone: ["Field cannot have more than 20 characters."],
    });
    expect(errorsOf(homeschoolInvoiceRequest, { ...valid, state: STATE_NOT_LISTED })).toEqual({});
    expect(errorsOf(schoolQuoteRequest, { ...valid, state: STATE_NOT_LISTED })).toHaveProperty(
      "state",
    );
  });

  it("the endpoint tells the two forms apart by product", () => {
    expect(quoteRequest.parse(valid).product).toBe("homeschool");
    expect(errorsOf(quoteRequest, { ...valid, product: "other" })).toHaveProperty("product");
  });
});

describe("pricing", () => {
  const prices: PriceTable = {
    schoolSeatCents: 1200,
    homeschoolStudentCents: 4900,
    volumeTiers: [
      { minSeats: 1000, seatCents: 800 },
      { minSeats: 250, seatCents: 1000 },
    ],
  };

  it("lowers the seat price from each tier's first seat on", () => {
    expect(seatPriceCents(1, prices)).toBe(1200);
    expect(seatPriceCents(249, prices)).toBe(1200);
    expect(seatPriceCents(250, prices)).toBe(1000);
    expect(seatPriceCents(999, prices)).toBe(1000);
    expect(seatPriceCents(1000, prices)).toBe(800);
  });

  it("prices a school quote as seats × seat price", () => {
    expect(priceQuote({ product: "school", subscription_count: 30 }, prices)).toEqual({
      lines: [
        {
          description: "Refrain school site license, 12 months, per student",
          quantity: 30,
          unitCents: 1200,
        },
      ],
      totalCents: 36_000,
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seats) => {
        const { totalCents } = priceQuote({ product: "school", subscription_count: seats }, prices);
        expect(totalCents).toBe(seats * seatPriceCents(seats, prices));
      }),
    );
  });

  it("prices a homeschool invoice per student, one line each", () => {
    const quote = priceQuote(
      {
        product: "homeschool",
        students: [
          { firstname: "Mia", lastname: "Lee" },
          { firstname: "Noah", lastname: "" },
        ],
      },
      prices,
    );
    expect(quote.lines.map((l) => l.description)).toEqual([
      "Refrain homeschool subscription, 12 months: Mia Lee",
      "Refrain homeschool subscription, 12 months: Noah",
    ]);
    expect(quote.totalCents).toBe(9800);
  });

  it("numbers quotes and invoices per year with six digits", () => {
    expect(formatInvoiceNumber("quote", 2026, 123)).toBe("Q-2026-000123");
    expect(formatInvoiceNumber("invoice", 2026, 123)).toBe("INV-2026-000123");
    expect(formatInvoiceNumber("quote", 2027, 1_234_567)).toBe("Q-2027-1234567");
  });

  it("shows dollars with separators", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
    expect(formatCents(4900)).toBe("$49.00");
  });
});
