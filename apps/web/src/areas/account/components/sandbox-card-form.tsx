import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  billingMessages,
  type PlansResponse,
  SANDBOX_TEST_CARDS,
  type SandboxCard,
  sandboxCard,
  sandboxCardMessages,
  sandboxToken,
} from "@refrain/domain";
import { IconFlask } from "@tabler/icons-react";
import { type FormEvent, lazy, type ReactNode, Suspense } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { localDay } from "../api/subscription.ts";

export type CardProvider = PlansResponse["provider"];

export interface CardFormProps {
  /** The submit button's words, e.g. "Subscribe" or "Save Card". */
  submitLabel: string;
  /** The call the token goes to is under way: the button spins and does not submit again. */
  busy?: boolean;
  /** The card's token, made in the browser; the card number itself never leaves it. */
  onToken: (token: string) => void;
  /**
   * The caller's own fields shown inside this form (the receipt e-mail), checked when it is
   * submitted: false (showing their errors) stops the card being tokenised.
   */
  checkFirst?: () => Promise<boolean>;
  /** Shown above the card fields: the caller's own fields. */
  before?: ReactNode;
  /** Shown between the card fields and the buttons: the call's message. */
  children?: ReactNode;
  /** Another button next to submit, such as the dialog's Cancel. */
  secondary?: ReactNode;
  /**
   * How Stripe's form hands the card over: `payment_method` (the default) makes a PaymentMethod
   * (`pm_…`); `setup` confirms a SetupIntent from POST /billing/setup_intent in the browser,
   * with the bank's 3-D Secure check when it asks, and hands over its id (`seti_…`). The
   * sandbox's form tokenises the same way in both.
   */
  mode?: "setup" | "payment_method";
}

/**
 * What both providers' card forms show around their own card `fields`: the caller's fields
 * above, the call's message below, then the buttons.
 */
export function CardFormFrame({
  onSubmit,
  fields,
  busy,
  ready = true,
  submitLabel,
  before,
  children,
  secondary,
}: Pick<CardFormProps, "submitLabel" | "before" | "children" | "secondary"> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: ReactNode;
  busy: boolean;
  /** False while the provider cannot take the card yet: the button is disabled. */
  ready?: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payment">
      <Stack gap="md">
        {before}
        {fields}
        {children}
        <Group justify="flex-end">
          {secondary}
          <Button type="submit" loading={busy} disabled={!ready}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Stripe's card form, in a chunk of its own: a sandbox page never downloads it, and Stripe.js
 * itself loads from js.stripe.com only once the form shows (stripe-card-form.tsx).
 */
const LazyStripeCardForm = lazy(() =>
  import("./stripe-card-form.tsx").then((module) => ({ default: module.StripeCardForm })),
);

/**
 * The payment provider's card form, chosen by the provider the server names (plans' `provider`,
 * the settings' `publishableKey`): the sandbox's test cards, or Stripe's own card fields.
 * `publishableKey` is Stripe's key for the browser; without it the form reads it from the plans.
 */
export function CardForm({
  provider,
  publishableKey,
  ...props
}: CardFormProps & { provider: CardProvider; publishableKey?: string }) {
  if (provider === "sandbox") return <SandboxCardForm {...props} />;
  return (
    <Suspense
      fallback={
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading the secure card form…</Text>
        </Group>
      }
    >
      <LazyStripeCardForm
        {...props}
        {...(publishableKey && publishableKey !== "sandbox" && { publishableKey })}
      />
    </Suspense>
  );
}

type CardInput = z.input<typeof sandboxCard>;

/** "4242 4242 4242 4242": a card number in groups of four, as printed on the card. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/** Digits typed into the expiry become "MM / YY" as they are typed. */
function expiryAsTyped(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The sandbox provider's card form: Stripe's public test cards only, tokenised here in the
 * browser by `sandboxToken` (brand, last four digits, expiry and the test outcome), so, as with
 * a real provider's widget, the server receives a token and never the number.
 */
export function SandboxCardForm({
  busy = false,
  onToken,
  checkFirst,
  mode: _sameInBoth,
  ...frame
}: CardFormProps) {
  const form = useForm<CardInput, unknown, SandboxCard>({
    resolver: zodResolver(sandboxCard),
    defaultValues: { number: "", expiry: "", cvc: "" },
    mode: "onTouched",
  });
  const { errors } = form.formState;

  const tokenise = form.handleSubmit((card) => {
    const token = sandboxToken(card, localDay());
    if (token === null) {
      form.setError("expiry", { type: "expired", message: sandboxCardMessages.expiry });
      form.setFocus("expiry");
      return;
    }
    onToken(token);
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (checkFirst && !(await checkFirst())) {
      // Show what is wrong with the card too, without taking the focus from the first field.
      await form.trigger();
      return;
    }
    await tokenise(event);
  };

  return (
    <CardFormFrame
      {...frame}
      onSubmit={onSubmit}
      busy={busy}
      fields={
        <>
          <Alert
            role="note"
            color="orange"
            variant="light"
            icon={<IconFlask />}
            title={billingMessages.testMode}
          >
            <Text size="sm">
              This is the test payment provider: nothing is charged, and only these test cards are
              accepted (any future expiry, any 3-digit CVC):
            </Text>
            <List size="sm" mt={4} spacing={2}>
              {Object.entries(SANDBOX_TEST_CARDS).map(([number, card]) => (
                <List.Item key={number}>
                  <Text span ff="monospace" size="sm">
                    {grouped(number)}
                  </Text>{" "}
                  ({card.brand}) {card.outcome === "succeeds" ? "succeeds" : "is declined"}
                </List.Item>
              ))}
            </List>
          </Alert>
          <FormTextInput
            form={form}
            name="number"
            label="Card number"
            placeholder="4242 4242 4242 4242"
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            withAsterisk
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label="Expiry (MM / YY)"
              placeholder="MM / YY"
              autoComplete="cc-exp"
              inputMode="numeric"
              maxLength={7}
              withAsterisk
              error={errors.expiry?.message}
              {...form.register("expiry", {
                // Reshaped from its digits, so typing "1227", "12/27" or deleting all work.
                onChange: (event: { target: HTMLInputElement }) =>
                  form.setValue("expiry", expiryAsTyped(event.target.value), {
                    shouldValidate: errors.expiry !== undefined,
                  }),
              })}
            />
            <FormTextInput
              form={form}
              name="cvc"
              label="CVC"
              placeholder="123"
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={3}
              withAsterisk
            />
          </SimpleGrid>
        </>
      }
    />
  );
}
