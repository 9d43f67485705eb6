import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { leads, mailOutbox } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile({
  LEAD_LIMIT_PER_IP: "8",
  // Several tests send the same sample address; one test checks the limit itself.
  LEAD_MAILS_PER_RECIPIENT: "12",
  SALES_EMAIL: "sales@example.com",
});
let ipSeq = 0;

/** A visitor from an address of their own, so one test's submissions never limit another's. */
function visitor(ip = `10.1.0.${++ipSeq}`) {
  const client = ctx.client();
  return {
    ip,
    client,
    post: (url: string, body: unknown) =>
      client.request("POST", url, body, { "x-forwarded-for": ip }),
    get: (url: string) => client.request("GET", url, undefined, { "x-forwarded-for": ip }),
  };
}

const lastLead = async () =>
  (await ctx.db.select().from(leads).orderBy(desc(leads.id)).limit(1))[0];
const mailTo = (to: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));

async function solvedCaptcha() {
  const reply = await ctx.client().get("/altcha/challenge");
  expect(reply.status).toBe(200);
  const solution = await solveChallenge({ challenge: reply.body, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge: reply.body, solution })).toString("base64");
}

const bookCall = { firstName: "Ana", lastName: "Lee", email: "ana@example.org", channel: "tutor" };
const trial = {
  school: "Oak Hill Elementary",
  firstname: "Rosa",
  lastname: "Diaz",
  email: "rosa@oakhill.example.org",
  phone: "503-555-0100",
  city: "Salem",
  state: "OR",
};
const pricing = {
  district: "Lakeside Unified",
  title: "Curriculum Director",
  firstname: "Sam",
  lastname: "Ng",
  email: "sam@lakeside.example.org",
  phone: "5035550123",
  city: "Bend",
  state: "DC",
  referral: "Search Engine",
  referralCode: "",
};

describe("book a call", () => {
  it("stores the lead, e-mails the visitor the scheduling link and tells sales", async () => {
    const v = visitor();
    const reply = await v.post("/tutor/book-call", { ...bookCall, firstName: " Ana " });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true });
    expect(await lastLead()).toMatchObject({
      kind: "book_call",
      email: "ana@example.org",
      firstName: "Ana",
      lastName: "Lee",
      organization: null,
      payload: bookCall,
      ip: v.ip,
    });
    const [toVisitor] = await mailTo("ana@example.org");
    expect(toVisitor?.subject).toBe("Schedule your call with Refrain");
    expect(toVisitor?.text).toContain(`${ctx.config.PUBLIC_URL}/contact`);
    expect(toVisitor?.html).toContain(`href="${ctx.config.PUBLIC_URL}/contact"`);
    const [toSales] = await mailTo("sales@example.com");
    expect(toSales?.subject).toBe("New lead: Book a call, Ana Lee");
  });

  it("answers 422 with the spec's messages", async () => {
    const reply = await visitor().post("/tutor/book-call", {
      firstName: "",
      lastName: "x".repeat(46),
      email: "nope",
      channel: "tutor",
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      success: false,
      message:
        "Field is required Field cannot have more than 45 characters. Field must be a valid email address.",
      errors: {
        firstName: ["Field is required"],
        lastName: ["Field cannot have more than 45 characters."],
        email: ["Field must be a valid email address."],
      },
    });
  });
});

describe("rate limits", () => {
  it("allows each form LEAD_LIMIT_PER_IP submissions an hour per address, then 429", async () => {
    const v = visitor();
    const from = (i: number) => ({ ...bookCall, email: `limit${i}@example.org` });
    for (let i = 0; i < 8; i++)
      expect((await v.post("/tutor/book-call", from(i))).status).toBe(200);
    const refused = await v.post("/tutor/book-call", from(8));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
    // Invalid submissions count too, and other forms and addresses keep their own counts.
    expect((await v.post("/tutor/book-call", {})).status).toBe(429);
    expect((await v.post("/feedback", { message: "Still here" })).status).toBe(200);
    expect((await visitor().post("/tutor/book-call", from(9))).status).toBe(200);
  });

  it("e-mails one typed address at most LEAD_MAILS_PER_RECIPIENT times an hour, whoever asks", async () => {
    const limit = ctx.config.LEAD_MAILS_PER_RECIPIENT;
    const target = { ...bookCall, email: "stranger@example.org" };
    for (let i = 0; i < limit; i++)
      expect((await visitor().post("/tutor/book-call", target)).status).toBe(200);
    expect((await visitor().post("/tutor/book-call", target)).status).toBe(429);
    expect(await mailTo("stranger@example.org")).toHaveLength(limit);
  });

  it("refuses addresses a mail library reads as someone else's, sending nothing", async () => {
    for (const email of [
      "x<victim@example.org>",
      "g:victim@example.org;",
      "victim@example.org, other@example.org",
      "Victim <victim@example.org>",
    ]) {
      const reply = await visitor().post("/tutor/book-call", { ...bookCall, email });
      expect(reply.status, email).toBe(422);
      expect(reply.body.errors, email).toEqual({ email: ["Field must be a valid email address."] });
    }
    expect(await mailTo("victim@example.org")).toHaveLength(0);
  });

  it("counts every spelling of one mailbox against one per-recipient limit", async () => {
    const limit = ctx.config.LEAD_MAILS_PER_RECIPIENT;
    const spelling = (i: number) =>
      ["Twin@Example.org", "twin+quote@example.org", "t.w.i.n@example.org"][i % 3] ?? "";
    for (let i = 0; i < limit; i++) {
      const reply = await visitor().post("/tutor/book-call", { ...bookCall, email: spelling(i) });
      expect(reply.status).toBe(200);
    }
    const over = await visitor().post("/tutor/book-call", {
      ...bookCall,
      email: "TWIN@example.org",
    });
    expect(over.status).toBe(429);
  });

  it("limits every public form", async () => {
    const forms: [string, unknown][] = [
      ["/school/free_trial", trial],
      ["/district_pricing", pricing],
      ["/feedback", { message: "Hello" }],
      ["/school_pricing_invoice", { product: "school" }],
    ];
    for (const [url, body] of forms) {
      const v = visitor();
      for (let i = 0; i < 8; i++) await v.post(url, body);
      expect((await v.post(url, body)).status, url).toBe(429);
    }
  });
});

describe("captcha challenges", () => {
  it("are limited per client address, five times the form's allowance", async () => {
    const v = visitor();
    for (let i = 0; i < 40; i++) expect((await v.get("/altcha/challenge")).status).toBe(200);
    expect((await v.get("/altcha/challenge")).status).toBe(429);
    expect((await visitor().get("/altcha/challenge")).status).toBe(200);
  });
});

describe("school trial with captcha", () => {
  it("stores the lead once the captcha is solved, without the captcha payload", async () => {
    const v = visitor();
    const reply = await v.post("/school/free_trial", { ...trial, altcha: await solvedCaptcha() });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: "Thank you! Your free school trial request was received.",
    });
    expect(await lastLead()).toMatchObject({
      kind: "school_trial",
      email: trial.email,
      firstName: "Rosa",
      lastName: "Diaz",
      organization: "Oak Hill Elementary",
      payload: trial,
      ip: v.ip,
    });
    expect((await mailTo("sales@example.com"))[0]?.subject).toBe(
      "New lead: School trial, Rosa Diaz",
    );
  });

  it("refuses a missing, invalid, tampered or reused captcha", async () => {
    const before = (await lastLead())?.id;
    const missing = await visitor().post("/school/free_trial", trial);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      altcha: ["Please confirm you are human: tick the verification box."],
    });

    const refusal = {
      success: false,
      message: "The verification did not succeed. Please tick the box again.",
      errors: { altcha: ["The verification did not succeed. Please tick the box again."] },
    };
    const garbage = await visitor().post("/school/free_trial", { ...trial, altcha: "bm90IGpzb24" });
    expect(garbage.status).toBe(422);
    expect(garbage.body).toEqual(refusal);

    const payload = await solvedCaptcha();
    const decoded = JSON.parse(Buffer.from(payload, "base64").toString());
    const key: string = decoded.solution.derivedKey;
    decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
    const tampered = Buffer.from(JSON.stringify(decoded)).toString("base64");
    expect(
      (await visitor().post("/school/free_trial", { ...trial, altcha: tampered })).body,
    ).toEqual(refusal);

    const forged = JSON.parse(Buffer.from(payload, "base64").toString());
    forged.challenge.parameters.expiresAt += 3600;
    expect(
      (
        await visitor().post("/school/free_trial", {
          ...trial,
          altcha: Buffer.from(JSON.stringify(forged)).toString("base64"),
        })
      ).status,
    ).toBe(422);

    expect((await visitor().post("/school/free_trial", { ...trial, altcha: payload })).status).toBe(
      200,
    );
    const reused = await visitor().post("/school/free_trial", { ...trial, altcha: payload });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual(refusal);
    expect((await lastLead())?.id).toBe((before ?? 0) + 1);
  });

  it("validates the fields: school at least 3, a US state code", async () => {
    const reply = await visitor().post("/school/free_trial", {
      ...trial,
      school: "Oa",
      state: "PR",
      altcha: "x",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      school: ["Field must have at least 3 characters."],
      state: ["Choose a state from the list."],
    });
  });

  it("serves fresh signed challenges", async () => {
    const a = await ctx.client().get("/altcha/challenge");
    const b = await ctx.client().get("/altcha/challenge");
    expect(a.headers["cache-control"]).toBe("no-store");
    expect(a.body.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256" });
    expect(a.body.signature).toEqual(expect.any(String));
    expect(a.body.parameters.nonce).not.toBe(b.body.parameters.nonce);
  });
});

describe("district pricing", () => {
  it("stores the request and answers the reply promise", async () => {
    const v = visitor();
    const reply = await v.post("/district_pricing", pricing);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: "Thank you! We will reply within 1-2 business days, usually within 24 hours.",
    });
    expect(await lastLead()).toMatchObject({
      kind: "district_pricing",
      organization: "Lakeside Unified",
      payload: pricing,
    });
  });

  it("answers 422 at the limits", async () => {
    const reply = await visitor().post("/district_pricing", {
      ...pricing,
      district: "Lak",
      firstname: "S",
      phone: "555012",
      email: `${"a".repeat(90)}@example.org`,
      referral: "Unknown",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      district: ["Field must have at least 4 characters."],
      firstname: ["Field must have at least 2 characters."],
      phone: ["Field must have at least 7 characters."],
      email: ["Field cannot have more than 100 characters."],
      referral: ["Choose an option from the list."],
    });
  });
});

describe("feedback", () => {
  it("records a visitor's feedback without a user", async () => {
    const reply = await visitor().post("/feedback", { message: "  Lovely songs!  " });
    expect(reply.body).toEqual({
      success: true,
      message: "Thank you for your feedback! We read every message.",
    });
    expect(await lastLead()).toMatchObject({
      kind: "feedback",
      userId: null,
      email: null,
      payload: { message: "Lovely songs!" },
    });
    const [toSales] = await mailTo("sales@example.com");
    expect(toSales?.subject).toBe("New lead: Feedback, visitor");
    expect(toSales?.text).toContain("Lovely songs!");
  });

  it("records the signed-in user", async () => {
    const teacher = world.people.teacher;
    await world.clients.teacher.post("/feedback", { message: "More lessons please" });
    expect(await lastLead()).toMatchObject({
      kind: "feedback",
      userId: teacher.id,
      email: teacher.email,
      firstName: teacher.firstName,
    });
  });

  it("needs at least 3 letters", async () => {
    const v = visitor();
    expect((await v.post("/feedback", { message: " " })).body.errors).toEqual({
      message: ["Field is required"],
    });
    expect((await v.post("/feedback", { message: "ok" })).body).toEqual({
      success: false,
      message: "Field must have at least 3 letters.",
      errors: { message: ["Field must have at least 3 letters."] },
    });
  });
});

describe("who may call", () => {
  it("the public forms and pages are open to everyone", async () => {
    const open = { expect: {}, otherwise: 200 };
    const routes = [
      { method: "GET" as const, url: "/contact" },
      { method: "GET" as const, url: "/altcha/challenge" },
      { method: "POST" as const, url: "/tutor/book-call", body: bookCall },
      { method: "POST" as const, url: "/district_pricing", body: pricing },
      { method: "POST" as const, url: "/feedback", body: { message: "Hello there" } },
    ];
    for (const route of routes) expect(await checkMatrix(world, { ...route, ...open })).toEqual([]);
  });

  it("every leads call is in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/contact",
        "/tutor/book-call",
        "/altcha/challenge",
        "/school/free_trial",
        "/district_pricing",
        "/feedback",
        "/school_pricing_invoice",
        "/quotes/{token}.pdf",
        "/staff/leads",
        "/staff/outbox",
        "/staff/outbox/{id}/attachments/{index}",
      ]),
    );
  });

  it("the contact call gives the sales address and booking link", async () => {
    expect((await ctx.client().get("/contact")).body).toEqual({
      success: true,
      data: { salesEmail: "sales@example.com", bookingUrl: `${ctx.config.PUBLIC_URL}/contact` },
    });
  });
});
