import { randomUUID } from "node:crypto";
import { type SandboxCard, sandboxToken } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { adminActingAsTeacher } from "../../../test/classes.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import {
  auditLog,
  sandboxSubscriptions,
  subscriptionCancellations,
  subscriptions,
  users,
} from "../../db/schema/index.ts";

/** The billing clock: tests move it to end trials, pauses and periods. */
const START = new Date("2026-03-02T15:00:00Z");
let clock = START;
const DAY = 86_400_000;
const later = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};
const today = () => clock.toISOString().slice(0, 10);
const inDays = (days: number) => new Date(clock.getTime() + days * DAY).toISOString().slice(0, 10);

const ctx = testAppForFile({}, { now: () => clock });

const card = (number: string): SandboxCard => ({ number, expiry: "12 / 30", cvc: "123" });
const VISA = sandboxToken(card("4242424242424242"), "2026-03-02") ?? "";
const MASTERCARD = sandboxToken(card("5555555555554444"), "2026-03-02") ?? "";
const DECLINED = sandboxToken(card("4000000000000002"), "2026-03-02") ?? "";

/** A teacher on their own (no school licence) in a free trial that ends in `trialDays`. */
async function trialTeacher(trialDays = 20, role: "teacher" | "parent" = "teacher") {
  clock = START;
  const user = await ctx.factories.user({ role });
  await ctx.db
    .update(users)
    .set({ trialEndsAt: new Date(START.getTime() + trialDays * DAY) })
    .where(eq(users.id, user.id));
  const client = ctx.client();
  await client.signIn(user);
  const url = `/teacher/${user.id}/settings`;
  const verb = (name: string, fields: Record<string, unknown> = {}) =>
    client.post(url, { verb: name, ...fields });
  const load = async () => (await verb("load")).body.subscription;
  return { user, client, url, verb, load };
}

const purchase = (fields: Record<string, unknown> = {}) => ({
  email: "receipts@example.org",
  token: VISA,
  type: "teacher",
  period: "monthly",
  amount: 1299,
  ...fields,
});

async function subscribed(period: "monthly" | "annually" = "monthly", trialDays = 0) {
  const teacher = await trialTeacher(trialDays);
  const amount = period === "monthly" ? 1299 : 9900;
  const reply = await teacher.client.post("/subscribe", purchase({ period, amount }));
  expect(reply.status).toBe(200);
  return teacher;
}

describe("plans", () => {
  it("are public, priced by configuration, with the trial's length and the sandbox", async () => {
    const reply = await ctx.client().get("/subscribe/plans");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      plans: [
        { type: "teacher", period: "annually", amount: 9900 },
        { type: "teacher", period: "monthly", amount: 1299 },
        { type: "parent", period: "annually", amount: 7900 },
        { type: "parent", period: "monthly", amount: 999 },
      ],
      trialDays: 30,
      provider: "sandbox",
      publishableKey: "sandbox",
    });
  });
});

describe("authorization", () => {
  it("only class owners subscribe; only staff see cancellations and promo codes", async () => {
    const world = await roleClients(ctx);
    const refused = { anonymous: 401, student: 403, school_admin: 403, district_admin: 403 };
    // The world's teacher is school-paid (409); the parent buys a parent plan at a wrong price
    // (422): both reach the rules, nobody else does.
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/subscribe",
        body: purchase({ type: "parent", amount: 1 }),
        expect: { ...refused, staff: 403, teacher: 422, parent: 422 },
        otherwise: 403,
      }),
    ).toEqual([]);
    for (const route of [
      { method: "GET" as const, url: "/staff/billing/cancellations" },
      { method: "GET" as const, url: "/staff/billing/promo_codes" },
      { method: "POST" as const, url: "/staff/billing/promo_codes", body: { code: "MATRIX1" } },
    ])
      expect(
        await checkMatrix(world, {
          ...route,
          expect: { anonymous: 401, staff: 200 },
          otherwise: 403,
        }),
      ).toEqual([]);
  });

  it("every subscription verb on another account's id is not found and changes nothing", async () => {
    const owner = await subscribed();
    const other = await trialTeacher();
    for (const [verb, fields] of [
      ["pause_subscription", { until: inDays(40) }],
      ["resume_subscription", {}],
      ["cancel_subscription", { reason_codes: [1] }],
      ["update_card", { token: MASTERCARD }],
      ["update_promo", { code: "ANY" }],
    ] as const) {
      const reply = await other.client.post(owner.url, { verb, ...fields });
      expect(reply.status, verb).toBe(404);
    }
    expect(await owner.load()).toMatchObject({ is_paused: false, is_cancelled: false });
    expect((await owner.load()).card_details.last4).toBe("4242");
  });

  it("an admin acting as the teacher may manage the subscription, with the admin in the audit", async () => {
    const { teacher, admin, client } = await adminActingAsTeacher(ctx, { seats: 0 });
    expect((await client.post("/subscribe", purchase())).status).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "subscription.subscribe"))
      .orderBy(auditLog.id);
    expect(row).toBeDefined();
    const audits = await ctx.db
      .select({ actorId: auditLog.actorId, onBehalfOfId: auditLog.onBehalfOfId })
      .from(auditLog)
      .where(eq(auditLog.targetId, teacher.id));
    expect(audits).toContainEqual({ actorId: admin.id, onBehalfOfId: teacher.id });
  });
});

describe("the free trial and subscribing", () => {
  it("a new account is in its free trial until the configured day", async () => {
    const { load } = await trialTeacher(20);
    expect(await load()).toMatchObject({
      is_in_free_trial: true,
      valid_until_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      is_paid_by_school: false,
      valid_until: inDays(20),
      card_details: null,
      subscription_channel: "stripe",
    });
  });

  it("a teacher of a school with seats is school-paid, and every change is refused with 409", async () => {
    const school = await ctx.factories.school({ seats: 3 });
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const client = ctx.client();
    await client.signIn(teacher);
    const url = `/teacher/${teacher.id}/settings`;
    const load = await client.post(url, { verb: "load" });
    expect(load.body.subscription).toMatchObject({ is_paid_by_school: true });
    expect((await client.post(url, { verb: "update_card", token: VISA })).status).toBe(409);
    expect((await client.post("/subscribe", purchase())).status).toBe(409);
  });

  it("subscribing in the trial bills when the trial ends; the card shows brand and last four only", async () => {
    const { client, load, user } = await trialTeacher(20);
    const reply = await client.post("/subscribe", purchase());
    expect(reply.status).toBe(200);
    expect(reply.body.redirect).toBe(`/teacher/${user.id}/settings`);
    expect(await load()).toMatchObject({
      is_in_free_trial: false,
      type: "Monthly",
      status: "trialing",
      valid_until: inDays(20),
      card_details: { brand: "Visa", last4: "4242", exp_month: 12, exp_year: 2030 },
    });
    const [copy] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(JSON.stringify(copy)).not.toContain("4242424242424242");
  });

  it("a declined card answers the provider's message and changes nothing", async () => {
    const { client, load, user } = await trialTeacher();
    const reply = await client.post("/subscribe", purchase({ token: DECLINED }));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ token: ["Your card was declined."] });
    expect(await load()).toMatchObject({ is_in_free_trial: true });
    expect(
      await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toEqual([]);
  });

  it("charges the configured price: another amount is refused, and bad fields answer by field", async () => {
    const { client } = await trialTeacher();
    const cheaper = await client.post("/subscribe", purchase({ amount: 100 }));
    expect(cheaper.status).toBe(422);
    expect(Object.keys(cheaper.body.errors)).toEqual(["amount"]);
    const bad = await client.post("/subscribe", {
      email: "nope",
      token: "",
      type: "school",
      period: "weekly",
      amount: 12.5,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      "amount",
      "email",
      "period",
      "token",
      "type",
    ]);
    const forged = await client.post("/subscribe", purchase({ token: "tok_visa_forged" }));
    expect(forged.status).toBe(422);
  });

  it("a second purchase while subscribed is refused with 409", async () => {
    const { client } = await subscribed();
    expect((await client.post("/subscribe", purchase())).status).toBe(409);
  });
});

describe("pause and resume", () => {
  it("refuses a past, malformed, impossible or too distant date with the rule's message", async () => {
    const { verb } = await subscribed();
    for (const [until, message] of [
      [today(), "Choose a date after today."],
      ["2026-02-30", "Enter the date as yyyy-mm-dd."],
      ["03/10/2026", "Enter the date as yyyy-mm-dd."],
      ["2026", "Field must have at least 8 characters."],
      [inDays(91), "Choose a date at most 90 days from today."],
    ]) {
      const reply = await verb("pause_subscription", { until });
      expect(reply.status, until).toBe(422);
      expect(reply.body.errors, until).toEqual({ until: [message] });
    }
  });

  it("pauses a monthly subscription until a day, shows both dates, and resumes", async () => {
    const { verb, load } = await subscribed();
    const paidUntil = inDays(30);
    const paused = await verb("pause_subscription", { until: inDays(45) });
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({
      is_paused: true,
      is_paused_until: inDays(45),
      valid_until: paidUntil,
    });
    expect((await verb("pause_subscription", { until: inDays(50) })).status).toBe(200);
    const resumed = await verb("resume_subscription");
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscription).toMatchObject({ is_paused: false, valid_until: paidUntil });
    const again = await verb("resume_subscription");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This subscription is not paused.");
    expect(await load()).toMatchObject({ is_paused: false });
  });

  it("a pause runs out by itself: billing restarts on its day", async () => {
    const { verb, load } = await subscribed();
    await verb("pause_subscription", { until: inDays(45) });
    later(35);
    expect(await load()).toMatchObject({ is_paused: true, valid_until: inDays(-5) });
    later(11);
    // Paid again from the pause's last day, for a 30-day cycle.
    expect(await load()).toMatchObject({
      is_paused: false,
      status: "active",
      valid_until: inDays(29),
    });
  });

  it("a yearly subscription cannot pause", async () => {
    const { verb } = await subscribed("annually");
    const reply = await verb("pause_subscription", { until: inDays(20) });
    expect(reply.status).toBe(409);
  });
});

describe("cancel and subscribe again", () => {
  it("keeps the reasons for staff, runs to the period's end, then ends", async () => {
    const { verb, load, user } = await subscribed();
    const reply = await verb("cancel_subscription", {
      reason_codes: [3, 1, 3],
      reason: "  Budget moved to next year.  ",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.subscription).toMatchObject({
      is_cancelled: true,
      status: "active",
      valid_until: inDays(30),
    });
    const [kept] = await ctx.db
      .select()
      .from(subscriptionCancellations)
      .where(eq(subscriptionCancellations.userId, user.id));
    expect(kept).toMatchObject({ reasonCodes: [1, 3], reason: "Budget moved to next year." });
    const twice = await verb("cancel_subscription", { reason_codes: [] });
    expect(twice.status).toBe(409);
    later(31);
    expect(await load()).toMatchObject({ is_cancelled: true, status: "canceled" });
    expect((await verb("update_card", { token: MASTERCARD })).status).toBe(409);
  });

  it("subscribing again during a pending cancellation reactivates the same subscription", async () => {
    const { verb, client, user } = await subscribed();
    await verb("cancel_subscription", { reason_codes: [2] });
    expect((await client.post("/subscribe", purchase({ token: MASTERCARD }))).status).toBe(200);
    const [copy] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const sandbox = await ctx.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.customerId, copy?.customerId ?? ""));
    expect(sandbox).toHaveLength(1);
    expect(copy).toMatchObject({ cancelAtPeriodEnd: false, cardLast4: "4444" });
  });

  it("after a subscription ended, subscribing starts a new one billed today", async () => {
    const { verb, client, load } = await subscribed();
    await verb("cancel_subscription", {});
    later(40);
    expect((await client.post("/subscribe", purchase())).status).toBe(200);
    expect(await load()).toMatchObject({
      is_cancelled: false,
      status: "active",
      valid_until: inDays(30),
    });
  });
});

describe("card and promo code", () => {
  it("update_card answers the subscription with the new card; a declined card changes nothing", async () => {
    const { verb } = await subscribed();
    const declined = await verb("update_card", { token: DECLINED });
    expect(declined.status).toBe(422);
    expect(declined.body.message).toBe("Your card was declined.");
    const updated = await verb("update_card", { token: MASTERCARD });
    expect(updated.status).toBe(200);
    expect(updated.body.subscription.card_details).toMatchObject({
      brand: "Mastercard",
      last4: "4444",
    });
  });

  async function staffCode(code: string) {
    const staff = await ctx.factories.user({ role: "staff" });
    const client: TestClient = ctx.client();
    await client.signIn(staff);
    const created = await client.post("/staff/billing/promo_codes", { code, note: "Conference" });
    expect(created.status).toBe(200);
    return { client, id: created.body.id as number };
  }

  it("a promo code adds a month to the trial, once per account; unknown and retired codes are refused", async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const { client: staff, id } = await staffCode(`spring-${suffix}`);
    const duplicate = await staff.post("/staff/billing/promo_codes", { code: `SPRING-${suffix}` });
    expect(duplicate.status).toBe(422);
    const { verb, load } = await trialTeacher(10);
    const unknown = await verb("update_promo", { code: "NO-SUCH-CODE" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ code: ["This promo code does not exist."] });
    const applied = await verb("update_promo", { code: `spring-${suffix}` });
    expect(applied.status).toBe(200);
    expect(await load()).toMatchObject({ is_in_free_trial: true, valid_until: inDays(40) });
    const again = await verb("update_promo", { code: `SPRING-${suffix}` });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: ["This account has already used a promo code."] });

    expect((await staff.post(`/staff/billing/promo_codes/${id}/retire`)).status).toBe(200);
    const other = await trialTeacher();
    const retired = await other.verb("update_promo", { code: `SPRING-${suffix}` });
    expect(retired.body.errors).toEqual({ code: ["This promo code is no longer valid."] });
    const list = await staff.get("/staff/billing/promo_codes");
    expect(list.body.codes).toContainEqual(
      expect.objectContaining({
        code: `SPRING-${suffix}`,
        redemptions: 1,
        retiredAt: expect.any(String),
      }),
    );
  });

  it("an ended subscription is refused a promo code: there is no trial or bill to take it", async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    await staffCode(`ENDED-${suffix}`);
    const { verb, load } = await subscribed();
    await verb("cancel_subscription", {});
    // Ending: no bill will come to take the month off.
    expect((await verb("update_promo", { code: `ENDED-${suffix}` })).status).toBe(409);
    later(31);
    const reply = await verb("update_promo", { code: `ENDED-${suffix}` });
    expect(reply.status).toBe(409);
    expect(await load()).toMatchObject({ status: "canceled" });
  });

  it("on a yearly subscription the free month is a month's price off the next bill, not a year", async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    await staffCode(`YEAR-${suffix}`);
    const { verb, user } = await subscribed("annually");
    expect((await verb("update_promo", { code: `YEAR-${suffix}` })).status).toBe(200);
    const [copy] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const [books] = await ctx.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, copy?.subscriptionId ?? ""));
    expect(books?.creditCents).toBe(1299);
  });
});

describe("staff: cancellations", () => {
  it("lists who cancelled and why, newest first, with counts per reason", async () => {
    const { verb, user } = await subscribed();
    await verb("cancel_subscription", { reason_codes: [2], reason: "Tablets too old" });
    const staff = await ctx.factories.user({ role: "staff" });
    const client = ctx.client();
    await client.signIn(staff);
    const reply = await client.get("/staff/billing/cancellations");
    expect(reply.status).toBe(200);
    expect(reply.body.cancellations[0]).toMatchObject({
      userId: user.id,
      username: user.username,
      reasonCodes: [2],
      reason: "Tablets too old",
      plan: "teacher monthly",
    });
    expect(reply.body.byReason["2"]).toBeGreaterThanOrEqual(1);
    expect(reply.body.total).toBeGreaterThanOrEqual(1);
  });
});

describe("a lapsed class (docs/decisions/0024)", () => {
  it("keeps its history but starts no new work until the teacher subscribes", async () => {
    const { second } = await catalogLessons(ctx);
    const lesson = second[0] as number;
    const teacher = await trialTeacher(5);
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.user.id });
    const pupil = ctx.client();
    await pupil.signIn({ ...student, teacherUsername: teacher.user.username });
    const read = () => pupil.post("/student/readAlong", { lesson, play: randomUUID() });
    const addStudent = () =>
      teacher.client.post("/teacher/students", {
        verb: "save",
        student: {
          firstname: "Nia",
          lastname: "Stone",
          username: `nia${Date.now()}`,
          password: "pass12",
          planid: 8,
        },
      });
    expect((await read()).status).toBe(200);
    expect((await pupil.get("/learning/home")).body.data.classOpen).toBe(true);
    expect((await teacher.client.get("/account/standing")).body).toEqual({
      classOpen: true,
      state: "free-trial",
      validUntil: inDays(5),
    });

    later(6);
    expect((await teacher.client.get("/account/standing")).body).toMatchObject({
      classOpen: false,
      validUntil: inDays(-1),
    });
    const refused = await read();
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/ask your teacher to renew/);
    expect((await pupil.get("/learning/home")).body.data.classOpen).toBe(false);
    expect((await addStudent()).status).toBe(402);
    const classList = await teacher.client.post("/teacher/students", {
      verb: "createMany",
      students: [{ firstname: "Nia", lastname: "Stone" }],
    });
    expect(classList.status).toBe(402);
    const assign = await teacher.client.post("/teacher/lessons/assign", {
      student_ids: [student.id],
      assign_lesson_ids: [lesson],
    });
    expect(assign.status).toBe(402);
    // The history stays: the roster, the readings, the reports.
    const roster = await teacher.client.post("/teacher/students", { verb: "list" });
    expect(roster.status).toBe(200);
    expect(roster.body.students.map((s: { id: number }) => s.id)).toEqual([student.id]);

    expect((await teacher.client.post("/subscribe", purchase())).status).toBe(200);
    expect((await read()).status).toBe(200);
    expect((await addStudent()).status).toBe(200);
    expect((await pupil.get("/learning/home")).body.data.classOpen).toBe(true);
  });
});

describe("staff: the sandbox's clock", () => {
  async function staffClient() {
    const staff = await ctx.factories.user({ role: "staff" });
    const client = ctx.client();
    await client.signIn(staff);
    return client;
  }

  it("ends a trial, plays a renewal and a pause's end for one account, and is audited", async () => {
    const staff = await staffClient();
    const trial = await trialTeacher(10);
    const ended = await staff.post("/staff/billing/sandbox/advance", {
      username: trial.user.username.toUpperCase(),
      days: 11,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.subscription).toMatchObject({
      is_in_free_trial: true,
      valid_until: inDays(-1),
    });

    const paying = await subscribed();
    await paying.verb("pause_subscription", { until: inDays(40) });
    const moved = await staff.post("/staff/billing/sandbox/advance", {
      username: paying.user.username,
      days: 41,
    });
    // 41 days on, the pause ended a day ago and a new 30-day period started then.
    expect(moved.body.subscription).toMatchObject({ is_paused: false, valid_until: inDays(29) });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sandbox.advance"));
    expect(audits.map((a) => a.targetId)).toEqual(
      expect.arrayContaining([trial.user.id, paying.user.id]),
    );
  });

  it("refuses an unknown adult, a bad number of days, and everyone but staff", async () => {
    const staff = await staffClient();
    const unknown = await staff.post("/staff/billing/sandbox/advance", {
      username: "nobody-here",
      days: 3,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ username: ["No teacher or parent has this username."] });
    const bad = await staff.post("/staff/billing/sandbox/advance", { username: "x", days: 0 });
    expect(Object.keys(bad.body.errors)).toEqual(["days"]);
    const world = await roleClients(ctx);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/staff/billing/sandbox/advance",
        body: { username: "nobody-here", days: 1 },
        expect: { anonymous: 401, staff: 422 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });
});

describe("deleting one's account (issue 19)", () => {
  it("cancels a running subscription with the provider first, so nothing is billed again", async () => {
    const teacher = await subscribed();
    const [copy] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, teacher.user.id));
    const reply = await teacher.verb("delete_account", {
      username: teacher.user.username,
      current_password: teacher.user.password,
    });
    expect(reply.status).toBe(200);
    const [books] = await ctx.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, copy?.subscriptionId ?? ""));
    expect(books).toMatchObject({
      cancelAtPeriodEnd: true,
      cancellationComment: "Account deleted",
    });
    expect(
      await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, teacher.user.id)),
    ).toEqual([]);
  });
});
