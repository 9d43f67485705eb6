import type { PlansResponse, SessionUser, SettingsLoadResponse } from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { signedInUser, staticMarkup } from "../../../components/static-markup.tsx";
import { sessionQuery } from "../../../lib/session.ts";
import { settingsQuery } from "../api/settings.ts";
import { plansQuery } from "../api/subscription.ts";
import { SubscribePage } from "./subscribe-page.tsx";

const offer: PlansResponse = {
  plans: [
    { type: "teacher", period: "annually", amount: 4900 },
    { type: "teacher", period: "monthly", amount: 599 },
    { type: "parent", period: "annually", amount: 3900 },
    { type: "parent", period: "monthly", amount: 499 },
  ],
  trialDays: 30,
  provider: "sandbox",
  publishableKey: "sandbox",
};

function page(signedIn: SessionUser | null, subscription?: Partial<SettingsLoadResponse>) {
  const client = new QueryClient();
  client.setQueryData(sessionQuery.queryKey, { user: signedIn, csrfToken: "t" });
  client.setQueryData(plansQuery.queryKey, offer);
  if (signedIn && subscription) {
    client.setQueryData(settingsQuery(signedIn.id).queryKey, subscription as SettingsLoadResponse);
  }
  return staticMarkup(
    <MemoryRouter>
      <SubscribePage />
    </MemoryRouter>,
    client,
  );
}

const trial = {
  email: "pat@example.com",
  subscription: {
    is_paid_by_school: false,
    is_in_free_trial: true,
    is_paused: false,
    is_cancelled: false,
    status: "trialing",
    type: "",
    valid_until_timestamp_utc: null,
    valid_until_pretty: "",
    valid_until: null,
    is_paused_until: null,
    is_legacy_stripe: false,
    card_details: null,
    subscription_channel: "stripe" as const,
  },
};

describe("SubscribePage", () => {
  it("shows a visitor the prices, the annual saving and the way to a free trial", () => {
    const out = page(null);
    expect(out).toContain("$49.00 / year");
    expect(out).toContain("$5.99 / month");
    expect(out).toContain("Save $22.88 a year");
    expect(out).toMatch(/<a[^>]*href="\/sign-up"[^>]*>.*Start Your Free Trial Now/);
    expect(out).toContain('href="/login"');
    expect(out).not.toContain("Card number");
  });

  it("gives a parent the parent plan, annual, with the receipt e-mail on file", () => {
    const out = page(signedInUser("parent"), trial);
    const checked = [...out.matchAll(/<button[^>]*aria-checked="true"[^>]*>(.*?)<\/button>/gs)]
      .map(([, inner = ""]) =>
        inner
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .map((text) => text.split(" ").slice(0, 2).join(" "));
    expect(checked).toEqual(["Parent plan", "Annual $39.00"]);
    expect(out).toContain("Card number");
    expect(out).toContain("Test mode – no charge");
    expect(out).toContain("billed $39.00 every year");
  });

  it("sends an account that already pays to its settings instead of the form", () => {
    const out = page(signedInUser("teacher"), {
      ...trial,
      subscription: { ...trial.subscription, is_in_free_trial: false, status: "active" },
    });
    expect(out).toContain("already has an active subscription");
    expect(out).toContain('href="/teacher/7/settings"');
    expect(out).not.toContain("Card number");
  });
});
