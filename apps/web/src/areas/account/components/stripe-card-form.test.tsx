import { describe, expect, it } from "vitest";
import { staticMarkup as html } from "../../../components/static-markup.tsx";
import { CardForm } from "./sandbox-card-form.tsx";
import cardFormSource from "./sandbox-card-form.tsx?raw";
import { StripeCardForm, stripeCardMessages } from "./stripe-card-form.tsx";
import source from "./stripe-card-form.tsx?raw";
import subscriptionCardSource from "./subscription-card.tsx?raw";

describe("Stripe's card form", () => {
  it("shows no card fields of its own: it waits for Stripe.js, whose frames take the card", () => {
    const out = html(
      <StripeCardForm publishableKey="pk_test_x" submitLabel="Subscribe" onToken={() => {}} />,
    );
    expect(out).toContain(stripeCardMessages.loading);
    expect(out).not.toContain("cc-number");
    expect(out).not.toContain("Test mode");
  });

  it("is what CardForm shows for Stripe, never the sandbox's test cards", () => {
    const out = html(
      <CardForm
        provider="stripe"
        publishableKey="pk_test_x"
        submitLabel="Save"
        onToken={() => {}}
      />,
    );
    expect(out).toContain("Loading the secure card form");
    expect(out).not.toContain("4242 4242 4242 4242");
  });

  it("loads Stripe.js only through the pure entry, when the form shows", () => {
    // The plain entry injects the script as soon as it is imported; only types come from it.
    expect(source).not.toMatch(/^import \{[^}]*\} from "@stripe\/stripe-js";$/m);
    expect(source).toMatch(/import\("@stripe\/stripe-js\/dist\/pure\.mjs"\)/);
    expect(source).toContain("advancedFraudSignals: false");
    // CardForm reaches it only through a lazy import, so a sandbox page never downloads it.
    expect(cardFormSource).not.toMatch(/from "\.\/stripe-card-form\.tsx"/);
  });

  it("updates a card through a SetupIntent, confirmed in the browser with 3-D Secure", () => {
    // Stripe.js cannot run here: what the setup mode calls is read from the source.
    expect(source).toContain("api.call(billingCalls.setupIntent)");
    expect(source).toMatch(
      /stripe\.confirmCardSetup\(clientSecret, \{\s*payment_method: \{ card \},?\s*\}\)/,
    );
    expect(source).toContain("onToken(setupIntent.id)");
    // Stripe.js's refusal (declined, failed authentication) shows in the form.
    expect(source).toContain("setCardError(error?.message ?? stripeCardMessages.unreadable)");
    // The Update Card dialog uses it; the subscribe page keeps the PaymentMethod.
    expect(subscriptionCardSource).toMatch(/<CardForm[^>]*mode="setup"/);
    const out = html(
      <StripeCardForm
        publishableKey="pk_test_x"
        mode="setup"
        submitLabel="Save Card"
        onToken={() => {}}
      />,
    );
    expect(out).toContain(stripeCardMessages.loading);
  });
});
