import type { Subscription } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup as html } from "../../../components/static-markup.tsx";
import { ApiError } from "../../../lib/api.ts";
import { PromoCard } from "./promo-card.tsx";
import { CardForm } from "./sandbox-card-form.tsx";
import { onlyFieldErrors, SubscriptionCard } from "./subscription-card.tsx";

const base: Subscription = {
  is_paid_by_school: false,
  is_in_free_trial: false,
  is_paused: false,
  is_cancelled: false,
  status: "active",
  type: "Monthly",
  valid_until_timestamp_utc: 4_102_444_800,
  valid_until_pretty: "Jan 1, 2100",
  valid_until: "2100-01-01",
  is_paused_until: null,
  is_legacy_stripe: false,
  card_details: { brand: "Visa", last4: "4242", exp_month: 4, exp_year: 2099 },
  subscription_channel: "stripe",
};

const card = (sub: Partial<Subscription>) =>
  html(<SubscriptionCard teacherId={7} subscription={{ ...base, ...sub }} />);

const buttons = (out: string) =>
  [...out.matchAll(/<(?:button|a)[^>]*>(?:<[^>]+>)*([^<]+)</g)].map((m) => m[1]);

describe("SubscriptionCard", () => {
  it("shows an active monthly subscription's renewal, card and its three actions", () => {
    const out = card({});
    expect(out).toContain("Subscription Information");
    expect(out).toContain("Your subscription renewal date");
    expect(out).toContain("Jan 1, 2100");
    expect(out).toContain("Monthly");
    expect(out).toContain("Visa •••• 4242, expires 04/2099");
    expect(buttons(out)).toEqual(["Update Card", "Pause Subscription", "Cancel Subscription"]);
  });

  it("offers a yearly subscription no pause", () => {
    expect(buttons(card({ type: "Yearly" }))).toEqual(["Update Card", "Cancel Subscription"]);
  });

  it("links a free trial to /subscribe as a plain link", () => {
    const out = card({ is_in_free_trial: true, card_details: null });
    expect(out).toContain("Your free trial expiration date");
    expect(out).toMatch(/<a[^>]*href="\/subscribe"/);
    expect(buttons(out)).toEqual(["Subscribe Now"]);
  });

  it("says a paused subscription is active until its paid day, then paused", () => {
    const out = card({ is_paused: true, is_paused_until: "2100-02-01" });
    expect(out).toContain("Active until Jan 1, 2100, then paused until Feb 1, 2100");
    expect(buttons(out)).toEqual(["Resume Subscription", "Cancel Subscription"]);
  });

  it("hides a cancelled subscription's empty expiry and offers Subscribe Now", () => {
    const out = card({ is_cancelled: true, valid_until_pretty: "", card_details: null });
    expect(out).not.toContain("Subscription Expires");
    expect(buttons(out)).toEqual(["Subscribe Now"]);
  });

  it("offers a school-paid account nothing", () => {
    const out = card({ is_paid_by_school: true, card_details: null });
    expect(out).toContain("Subscription expiration date");
    expect(buttons(out)).toEqual([]);
  });

  it("shows only the note for a subscription bought in a phone's store", () => {
    const out = card({ subscription_channel: "apple", card_details: null });
    expect(out).toContain("App Store");
    expect(buttons(out)).toEqual([]);
  });
});

describe("onlyFieldErrors", () => {
  it("is true only when every message names a field the form shows", () => {
    expect(onlyFieldErrors(new ApiError(422, "x", { until: ["Bad"] }), ["until"])).toBe(true);
    expect(onlyFieldErrors(new ApiError(422, "x", { token: ["Bad"] }), ["until"])).toBe(false);
    expect(onlyFieldErrors(new ApiError(409, "Not paused"), ["until"])).toBe(false);
    expect(onlyFieldErrors(null, ["until"])).toBe(false);
  });
});

describe("CardForm", () => {
  const form = (provider: "sandbox" | "stripe") =>
    html(<CardForm provider={provider} submitLabel="Save Card" onToken={() => {}} />);

  it("labels the sandbox test mode and lists the test cards, with card autocomplete", () => {
    const out = form("sandbox");
    expect(out).toContain("Test mode – no charge");
    expect(out).toContain("4242 4242 4242 4242");
    expect(out).toContain("4000 0000 0000 0002");
    for (const name of ["cc-number", "cc-exp", "cc-csc"]) {
      expect(out.toLowerCase()).toContain(`autocomplete="${name}"`);
    }
    expect(out).toContain("Save Card");
  });

  it("keeps the sandbox's card fields off a Stripe page (stripe-card-form.test.tsx has its own)", () => {
    expect(form("stripe")).not.toContain("cc-number");
  });
});

describe("PromoCard", () => {
  it("asks for a code with no Apply button until one is typed", () => {
    const out = html(<PromoCard teacherId={7} subscription={base} />);
    expect(out).toContain("Promo code");
    expect(out).not.toContain("Apply Code");
  });

  it("is left out for a school-paid account", () => {
    const out = html(
      <PromoCard teacherId={7} subscription={{ ...base, is_paid_by_school: true }} />,
    );
    expect(out.replace(/<style[^>]*>.*?<\/style>/gs, "")).toBe("");
  });
});
