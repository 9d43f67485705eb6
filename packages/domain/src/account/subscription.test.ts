import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  allowedSubscriptionActions,
  BILLING_CYCLE_DAYS,
  cancelRequest,
  classIsOpen,
  pauseRequest,
  promoRequest,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionDisplay,
  subscription,
  subscriptionChannelNote,
  subscriptionDisplayState,
  subscriptionPurchaseRequest,
  subscriptionState,
} from "./subscription.ts";

const TODAY = "2025-03-10";

/** An active monthly Stripe subscription renewing on 1 April. */
const ACTIVE: Subscription = {
  is_paid_by_school: false,
  is_in_free_trial: false,
  is_paused: false,
  is_cancelled: false,
  status: "active",
  type: "Monthly",
  valid_until_timestamp_utc: 1_743_465_600,
  valid_until_pretty: "Apr 1, 2025",
  valid_until: "2025-04-01",
  is_paused_until: null,
  is_legacy_stripe: false,
  card_details: { brand: "Visa", last4: "4242", exp_month: 4, exp_year: 2027 },
  subscription_channel: "stripe",
};

const sub = (changes: Partial<Subscription>): Subscription => ({ ...ACTIVE, ...changes });

/** The message of each failing field, to assert exact texts. */
function issues(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe("subscription", () => {
  it("parses the spec's object and refuses an unknown channel", () => {
    expect(subscription.parse(ACTIVE)).toEqual(ACTIVE);
    expect(
      issues(subscription.safeParse(sub({ subscription_channel: "paypal" as "stripe" }))),
    ).toEqual({ subscription_channel: [expect.any(String)] });
  });
});

describe("display state (spec §4, checked in order)", () => {
  const rows: [string, Subscription, SubscriptionDisplay][] = [
    [
      "school-paid wins over every other flag",
      sub({ is_paid_by_school: true, is_in_free_trial: true, is_paused: true, is_cancelled: true }),
      { state: "school-paid", label: "Subscription expiration date", value: "Apr 1, 2025" },
    ],
    [
      "free trial wins over paused and cancelled",
      sub({ is_in_free_trial: true, is_paused: true, is_cancelled: true }),
      { state: "free-trial", label: "Your free trial expiration date", value: "Apr 1, 2025" },
    ],
    [
      "paused while paid time remains",
      sub({ is_paused: true, is_cancelled: true, is_paused_until: "2025-05-15" }),
      {
        state: "paused",
        label: "Status",
        value: "Active until Apr 1, 2025, then paused until May 15, 2025",
      },
    ],
    [
      "paused once paid time has run out",
      sub({
        is_paused: true,
        valid_until: "2025-03-01",
        valid_until_pretty: "Mar 1, 2025",
        is_paused_until: "2025-05-15",
      }),
      { state: "paused", label: "Status", value: "Paused Until May 15, 2025" },
    ],
    [
      "paused with paid time ending today",
      sub({ is_paused: true, valid_until: TODAY, is_paused_until: "2025-05-15" }),
      { state: "paused", label: "Status", value: "Paused Until May 15, 2025" },
    ],
    [
      "cancelled by the flag",
      sub({ is_cancelled: true }),
      { state: "cancelled", label: "Subscription Expires", value: "Apr 1, 2025" },
    ],
    [
      "cancelled by the status canceled",
      sub({ status: "canceled" }),
      { state: "cancelled", label: "Subscription Expires", value: "Apr 1, 2025" },
    ],
    [
      "cancelled without a pretty date hides the line",
      sub({ is_cancelled: true, valid_until_pretty: "" }),
      { state: "cancelled", label: "Subscription Expires", value: null },
    ],
    [
      "otherwise active, showing the type",
      ACTIVE,
      {
        state: "active",
        type: "Monthly",
        label: "Your subscription renewal date",
        value: "Apr 1, 2025",
      },
    ],
  ];

  it.each(rows)("%s", (_, given, expected) => {
    expect(subscriptionDisplayState(given, TODAY)).toEqual(expected);
    expect(subscriptionState(given)).toBe(expected.state);
  });
});

describe("actions allowed (spec §4)", () => {
  const rows: [string, Subscription, SubscriptionAction[]][] = [
    ["school-paid: none", sub({ is_paid_by_school: true }), []],
    ["free trial: subscribe", sub({ is_in_free_trial: true }), ["subscribe"]],
    ["paused: resume and cancel", sub({ is_paused: true }), ["resume", "cancel"]],
    ["cancelled: subscribe", sub({ is_cancelled: true }), ["subscribe"]],
    ["active yearly: update card and cancel", sub({ type: "Yearly" }), ["update_card", "cancel"]],
    [
      "active other types: update card, cancel and pause",
      ACTIVE,
      ["update_card", "cancel", "pause"],
    ],
  ];

  it.each(rows)("%s", (_, given, expected) => {
    expect(allowedSubscriptionActions(given)).toEqual(expected);
    expect(subscriptionChannelNote(given)).toBeNull();
  });

  it.each([
    [
      "google",
      "This subscription was bought through Google Play. Please manage it on that device.",
    ],
    [
      "apple",
      "This subscription was bought through the App Store. Please manage it on that device.",
    ],
  ] as const)("the %s channel shows only its note, whatever the state", (channel, note) => {
    for (const given of [ACTIVE, sub({ is_cancelled: true }), sub({ is_in_free_trial: true })]) {
      const bought = { ...given, subscription_channel: channel };
      expect(allowedSubscriptionActions(bought)).toEqual([]);
      expect(subscriptionChannelNote(bought)).toBe(note);
    }
  });

  it("a legacy Stripe subscription is offered what any Stripe one is", () => {
    expect(allowedSubscriptionActions(sub({ is_legacy_stripe: true }))).toEqual([
      "update_card",
      "cancel",
      "pause",
    ]);
  });
});

describe("pause request", () => {
  const pause = (until: unknown) =>
    pauseRequest(TODAY).safeParse({ verb: "pause_subscription", until });

  it("bills every 30 days", () => {
    expect(BILLING_CYCLE_DAYS).toBe(30);
  });

  it.each([
    ["2025-4-1", "2025-04-01"],
    ["2025-4-15", "2025-04-15"],
    ["2025-04-15", "2025-04-15"],
    [" 2025-04-15 ", "2025-04-15"],
    ["2025-03-11", "2025-03-11"],
    ["2025-06-08", "2025-06-08"],
  ])("takes %j as %s", (until, day) => {
    expect(pause(until).data).toEqual({ verb: "pause_subscription", until: day });
  });

  it.each([
    [undefined, "Field is required"],
    ["   ", "Field is required"],
    ["2025-4-", "Field must have at least 8 characters."],
    ["2025-04-150", "Field cannot have more than 10 characters."],
    ["04/15/2025", "Enter the date as yyyy-mm-dd."],
    ["2025-02-30", "Enter the date as yyyy-mm-dd."],
    ["2025-13-01", "Enter the date as yyyy-mm-dd."],
    ["yyyy-mm-dd", "Enter the date as yyyy-mm-dd."],
    ["2025-03-09", "Choose a date after today."],
    [TODAY, "Choose a date after today."],
    ["2025-06-09", "Choose a date at most 90 days from today."],
    ["2026-03-10", "Choose a date at most 90 days from today."],
  ])("refuses %j: %s", (until, message) => {
    expect(issues(pause(until))).toEqual({ until: [message] });
  });

  it("counts its bound from the day it is given", () => {
    expect(
      pauseRequest("2024-12-31").safeParse({ verb: "pause_subscription", until: "2025-03-31" })
        .success,
    ).toBe(true);
    expect(
      issues(
        pauseRequest("2024-12-31").safeParse({ verb: "pause_subscription", until: "2025-04-01" }),
      ),
    ).toEqual({ until: ["Choose a date at most 90 days from today."] });
  });
});

describe("cancel request", () => {
  it("takes the three reason codes and the Other text", () => {
    expect(
      cancelRequest.parse({
        verb: "cancel_subscription",
        reason_codes: [3, 1, 2],
        reason: "  Moving schools  ",
      }),
    ).toEqual({ verb: "cancel_subscription", reason_codes: [1, 2, 3], reason: "Moving schools" });
  });

  it("needs no reason at all, and counts a repeated code once", () => {
    expect(cancelRequest.parse({ verb: "cancel_subscription" })).toEqual({
      verb: "cancel_subscription",
      reason_codes: [],
      reason: "",
    });
    expect(
      cancelRequest.parse({ verb: "cancel_subscription", reason_codes: [2, 2] }).reason_codes,
    ).toEqual([2]);
  });

  it.each([[0], [4], ["1"]])("refuses the code %j", (code) => {
    expect(
      issues(cancelRequest.safeParse({ verb: "cancel_subscription", reason_codes: [1, code] })),
    ).toEqual({ "reason_codes.1": ["Choose one of the listed reasons."] });
  });

  it("refuses an Other text past 1000 characters", () => {
    expect(
      cancelRequest.safeParse({ verb: "cancel_subscription", reason: "x".repeat(1000) }).success,
    ).toBe(true);
    expect(
      issues(cancelRequest.safeParse({ verb: "cancel_subscription", reason: "x".repeat(1001) })),
    ).toEqual({ reason: ["Field cannot have more than 1000 characters."] });
  });
});

describe("promo request", () => {
  const promo = (code: unknown) => promoRequest.safeParse({ verb: "update_promo", code });

  it.each([["AB"], ["A".repeat(26)]])("takes %s", (code) => {
    expect(promo(code).data).toEqual({ verb: "update_promo", code });
  });

  it("refuses a blank code as missing, first of its messages (the one shown)", () => {
    expect(issues(promo("  ")).code?.[0]).toBe("Field is required");
  });

  it.each([
    ["A", "Field must have at least 2 characters."],
    ["A".repeat(27), "Field cannot have more than 26 characters."],
  ])("refuses %j: %s", (code, message) => {
    expect(issues(promo(code))).toEqual({ code: [message] });
  });
});

describe("subscription purchase", () => {
  const PURCHASE = {
    email: "ann@school.org",
    token: "tok_1N3xyz",
    type: "teacher",
    period: "monthly",
    amount: 999,
  };

  it("takes the spec's payload, args defaulting to none", () => {
    expect(subscriptionPurchaseRequest.parse(PURCHASE)).toEqual({ ...PURCHASE, args: {} });
    expect(
      subscriptionPurchaseRequest.parse({
        ...PURCHASE,
        type: "parent",
        period: "annually",
        args: { billing_name: "Ann Lee" },
      }),
    ).toEqual({
      ...PURCHASE,
      type: "parent",
      period: "annually",
      args: { billing_name: "Ann Lee" },
    });
  });

  it("refuses each faulty field with its message", () => {
    expect(
      issues(
        subscriptionPurchaseRequest.safeParse({
          email: "ann",
          token: " ",
          type: "school",
          period: "weekly",
          amount: 9.99,
        }),
      ),
    ).toEqual({
      email: ["Field must be a valid email address."],
      token: ["Field is required"],
      type: ["Choose a teacher or a parent plan."],
      period: ["Choose annual or monthly billing."],
      amount: ["Field must be an amount in cents."],
    });
  });

  it.each([["999"], [0], [-5]])("refuses the amount %j", (amount) => {
    expect(issues(subscriptionPurchaseRequest.safeParse({ ...PURCHASE, amount }))).toEqual({
      amount: ["Field must be an amount in cents."],
    });
  });
});

describe("classIsOpen (decision 0024)", () => {
  const cases: [string, Partial<Subscription>, boolean][] = [
    [
      "a school-paid teacher, whatever the dates",
      { is_paid_by_school: true, valid_until: "2020-06-30" },
      true,
    ],
    ["a trial still running", { is_in_free_trial: true, valid_until: "2025-03-20" }, true],
    ["a trial ending today", { is_in_free_trial: true, valid_until: TODAY }, true],
    ["a trial that ended", { is_in_free_trial: true, valid_until: "2025-03-09" }, false],
    [
      "an account from before trials were dated",
      { is_in_free_trial: true, valid_until: null },
      true,
    ],
    ["paused, still in the paid days", { is_paused: true, is_paused_until: "2025-04-20" }, true],
    [
      "paused past the paid days",
      { is_paused: true, is_paused_until: "2025-04-20", valid_until: "2025-03-01" },
      false,
    ],
    ["a pending cancellation in its paid days", { is_cancelled: true }, true],
    ["a pending cancellation past them", { is_cancelled: true, valid_until: "2025-03-01" }, false],
    ["an ended subscription", { is_cancelled: true, status: "canceled" }, false],
    [
      "an active subscription whose renewal is not yet recorded",
      { valid_until: "2025-03-01" },
      true,
    ],
  ];
  it.each(cases)("%s", (_name, changes, open) => {
    expect(classIsOpen(sub(changes), TODAY)).toBe(open);
  });
});
