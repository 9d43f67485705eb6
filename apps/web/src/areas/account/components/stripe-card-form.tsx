import { Alert, Group, Input, Loader, Paper, Stack, Text } from "@mantine/core";
import { billingCalls } from "@refrain/domain";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { api, errorText } from "../../../lib/api.ts";
import { CardFormFrame, type CardFormProps } from "./sandbox-card-form.tsx";

export const stripeCardMessages = {
  loading: "Loading the secure card form…",
  unavailable:
    "The card form could not be loaded. Please check your connection, reload the page and try again.",
  unreadable: "This card could not be read. Please check it and try again.",
  secure: "Your card goes straight to Stripe, our payment provider: it never reaches our servers.",
} as const;

type StripePure = typeof import("@stripe/stripe-js/pure/index.js");

/** Stripe.js, loaded once per key and only when this form is shown. */
const loading = new Map<string, Promise<Stripe | null>>();

/**
 * Loads Stripe.js from js.stripe.com through the `pure` entry, which injects the script only
 * when `loadStripe` is called (the plain entry injects it as soon as the module is imported),
 * and without the fraud signals Stripe otherwise collects as people browse: this form exists
 * only on the adult billing pages, whose policy alone allows Stripe's origins.
 */
function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    // The `pure` entry's ES module (what @stripe/stripe-js/pure/index.mjs re-exports), typed by
    // the entry's typings, which TypeScript's NodeNext resolution finds only by file name.
    const pure = import("@stripe/stripe-js/dist/pure.mjs") as Promise<StripePure>;
    promise = pure.then(({ loadStripe }) => {
      // Before the first load; the same values again later are accepted.
      loadStripe.setLoadParameters({ advancedFraudSignals: false });
      return loadStripe(publishableKey);
    });
    loading.set(publishableKey, promise);
    // A failed load (offline) may be tried again by showing the form again.
    promise.catch(() => loading.delete(publishableKey));
  }
  return promise;
}

/**
 * Stripe's card form: the card is typed into Stripe's own fields (Elements, in frames from
 * js.stripe.com) and becomes a PaymentMethod there; only its id (`pm_…`) is handed to
 * `onToken`, and the server attaches it to the customer. In `setup` mode (updating the card)
 * the form asks the server for a SetupIntent and confirms it here with the card, so a bank
 * that asks for 3-D Secure asks now, in Stripe's dialog; the SetupIntent's id (`seti_…`) is
 * handed over. The publishable key comes from the caller, or from the plans the server offers.
 */
export function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey?: string }) {
  const [stripe, setStripe] = useState<Stripe | "failed" | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const key = publishableKey ?? (await api.call(billingCalls.plans)).publishableKey;
      const loaded = await loadStripeJs(key);
      if (live) setStripe(loaded ?? "failed");
    })().catch(() => {
      if (live) setStripe("failed");
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (stripe === null || stripe === "failed")
    return (
      <Stack gap="md">
        {props.before}
        {stripe === null ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{stripeCardMessages.loading}</Text>
          </Group>
        ) : (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />}>
            {stripeCardMessages.unavailable}
          </Alert>
        )}
        {props.secondary && <Group justify="flex-end">{props.secondary}</Group>}
      </Stack>
    );
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({
  busy = false,
  onToken,
  checkFirst,
  mode = "payment_method",
  ...frame
}: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [cardError, setCardError] = useState<string | null>(null);
  const [making, setMaking] = useState(false);

  const onChange = (event: StripeCardElementChangeEvent) =>
    setCardError(event.error?.message ?? null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || making || !stripe || !elements) return;
    if (checkFirst && !(await checkFirst())) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setMaking(true);
    try {
      if (mode === "setup") {
        let clientSecret: string;
        try {
          ({ clientSecret } = await api.call(billingCalls.setupIntent));
        } catch (error) {
          setCardError(errorText(error));
          return;
        }
        // Stripe.js shows the bank's check (3-D Secure) itself when the bank asks for one.
        const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
          payment_method: { card },
        });
        if (error || setupIntent?.status !== "succeeded") {
          setCardError(error?.message ?? stripeCardMessages.unreadable);
          card.focus();
          return;
        }
        onToken(setupIntent.id);
        return;
      }
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: "card", card });
      if (error || !paymentMethod) {
        setCardError(error?.message ?? stripeCardMessages.unreadable);
        card.focus();
        return;
      }
      onToken(paymentMethod.id);
    } catch {
      setCardError(stripeCardMessages.unavailable);
    } finally {
      setMaking(false);
    }
  };

  return (
    <CardFormFrame
      {...frame}
      onSubmit={onSubmit}
      busy={busy || making}
      ready={Boolean(stripe)}
      fields={
        <>
          <Input.Wrapper label="Card" labelProps={{ id: labelId }} withAsterisk error={cardError}>
            <Paper withBorder p="sm" radius="sm" aria-labelledby={labelId} role="group">
              <CardElement
                onChange={onChange}
                options={{
                  hidePostalCode: false,
                  disabled: busy || making,
                  style: { base: { fontSize: "16px" } },
                }}
              />
            </Paper>
          </Input.Wrapper>
          <Group gap={6} wrap="nowrap">
            <IconLock size={16} aria-hidden />
            <Text size="xs" c="dimmed">
              {stripeCardMessages.secure}
            </Text>
          </Group>
        </>
      }
    />
  );
}
