import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  allowedSubscriptionActions,
  allows,
  annualSaving,
  BILLING_PERIODS,
  type BillingPeriod,
  billingMessages,
  COMPANY,
  dollars,
  PERIOD_LABELS,
  PLAN_LABELS,
  PLAN_TYPES,
  type Plan,
  type PlansResponse,
  type PlanType,
  type SessionUser,
  type Subscription,
  subscriptionPurchaseRequest,
} from "@refrain/domain";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { PageLoader, QueryState } from "../../../components/page-states.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useSession } from "../../../lib/session.ts";
import { settingsQuery } from "../api/settings.ts";
import { plansQuery, usePlans, useSubscribe } from "../api/subscription.ts";
import { CardForm } from "../components/sandbox-card-form.tsx";
import { keepSubscribedNotice, onlyFieldErrors } from "../components/subscription-card.tsx";
import { SETTINGS_PATH } from "../paths.ts";

const PER: Record<BillingPeriod, string> = { annually: "year", monthly: "month" };

const priceOf = (plan: Plan) => `${dollars(plan.amount)} / ${PER[plan.period]}`;

const settingsPathOf = (userId: number) => SETTINGS_PATH.replace(":teacherId", String(userId));

/**
 * Subscribe Now (classroom spec §1, §3 "Subscription purchase payload", §7 `POST /subscribe`):
 * the teacher and parent plans, annual or monthly, at the prices the server sets, and the
 * payment provider's card form. Reached, and left, by full page loads: billing pages get their
 * own Content-Security-Policy. Signed out, it shows the plans and the way to a free trial.
 */
export function SubscribePage() {
  useDocumentTitle(`Subscribe · ${COMPANY.product}`);
  const session = useSession();
  const plans = usePlans();
  const user = session.data?.user ?? null;
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Subscribe to {COMPANY.product}</Title>
        <Text c="dimmed" mt={4}>
          The whole lesson library for your class or your family, billed yearly or monthly. Cancel
          any time from Settings and Preferences.
        </Text>
      </div>
      {session.isPending ? (
        <PageLoader label="Loading plans..." />
      ) : (
        <QueryState query={plans} loading="Loading plans...">
          {(offer) =>
            offer.plans.length === 0 ? (
              <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle />}>
                No plans are on sale right now. Please try again later.
              </Alert>
            ) : user === null ? (
              <SignedOut offer={offer} />
            ) : allows("classOwners", user.role) ? (
              <Checkout user={user} offer={offer} />
            ) : (
              <Alert role="note" color="blue" variant="light" icon={<IconInfoCircle />}>
                Subscriptions are for teacher and parent accounts. Schools and districts buy a site
                license: see <Anchor href="/pricing">Pricing</Anchor>.
              </Alert>
            )
          }
        </QueryState>
      )}
    </Stack>
  );
}

/** The prices of each plan type, for a visitor who is not signed in. */
function SignedOut({ offer }: { offer: PlansResponse }) {
  const types = PLAN_TYPES.filter((type) => offer.plans.some((plan) => plan.type === type));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: types.length > 1 ? 2 : 1 }} spacing="md">
        {types.map((type) => {
          const saving = annualSaving(offer.plans, type);
          return (
            <Paper withBorder p="lg" key={type} component="section" aria-label={PLAN_LABELS[type]}>
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  {PLAN_LABELS[type]}
                </Title>
                {BILLING_PERIODS.map((period) => {
                  const plan = offer.plans.find((p) => p.type === type && p.period === period);
                  if (!plan) return null;
                  return (
                    <Group key={period} gap="xs">
                      <Text fw={500}>
                        {PERIOD_LABELS[period]}: {priceOf(plan)}
                      </Text>
                      {period === "annually" && saving > 0 && (
                        <Badge color="teal" variant="light" tt="none">
                          Save {dollars(saving)} a year
                        </Badge>
                      )}
                    </Group>
                  );
                })}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Paper withBorder p="lg">
        <Stack gap="sm" align="flex-start">
          <Text>
            {offer.trialDays > 0
              ? `Every account starts with a ${offer.trialDays}-day free trial, no card needed. Subscribe from your account when you are ready.`
              : "Create your account, then subscribe from it."}
          </Text>
          <Group gap="md">
            {/* Full page loads: the pages after this one do not get the billing page's policy. */}
            <Button component="a" href="/sign-up">
              Start Your Free Trial Now
            </Button>
            <Button component="a" href="/login" variant="default">
              Sign in to subscribe
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Why this account cannot buy a subscription here, or null when it can. */
function notForSale(sub: Subscription): string | null {
  if (allowedSubscriptionActions(sub).includes("subscribe")) return null;
  if (sub.is_paid_by_school) return billingMessages.schoolPaid;
  if (sub.subscription_channel !== "stripe") return billingMessages.otherChannel;
  return billingMessages.alreadySubscribed;
}

/** The account's subscription decides whether the form shows; the e-mail on file fills it. */
function Checkout({ user, offer }: { user: SessionUser; offer: PlansResponse }) {
  const settings = useQuery(settingsQuery(user.id));
  if (settings.isPending) return <PageLoader label="Loading plans..." />;
  const refusal = settings.data ? notForSale(settings.data.subscription) : null;
  if (refusal !== null) {
    return (
      <Alert role="note" color="blue" variant="light" icon={<IconInfoCircle />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{refusal}</Text>
          <Button component="a" href={settingsPathOf(user.id)} variant="white" size="xs">
            Go to Settings and Preferences
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <CheckoutForm user={user} offer={offer} savedEmail={settings.data?.email ?? ""} />;
}

const emailForm = subscriptionPurchaseRequest.pick({ email: true });
type EmailForm = z.input<typeof emailForm>;
const EMAIL_FIELDS = ["email"] as const;

function CheckoutForm({
  user,
  offer,
  savedEmail,
}: {
  user: SessionUser;
  offer: PlansResponse;
  savedEmail: string;
}) {
  const queryClient = useQueryClient();
  const subscribe = useSubscribe();
  const types = PLAN_TYPES.filter((type) => offer.plans.some((plan) => plan.type === type));
  const [type, setType] = useState<PlanType>(user.role === "parent" ? "parent" : "teacher");
  const [period, setPeriod] = useState<BillingPeriod>("annually");
  const shownType = types.includes(type) ? type : (types[0] ?? type);
  const periods = offer.plans.filter((plan) => plan.type === shownType);
  const chosen = periods.find((plan) => plan.period === period) ?? periods[0];
  const saving = annualSaving(offer.plans, shownType);

  const form = useForm<EmailForm, unknown, z.output<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: savedEmail },
    mode: "onTouched",
  });

  const onToken = (token: string) => {
    if (!chosen) return;
    subscribe.mutate(
      {
        email: form.getValues("email").trim(),
        token,
        args: {},
        type: chosen.type,
        period: chosen.period,
        // The price shown: the server charges its own and refuses if they differ.
        amount: chosen.amount,
      },
      {
        // A full load: the settings page is not a billing page and gets the usual policy.
        onSuccess: (answer) => {
          keepSubscribedNotice(answer.message);
          window.location.assign(answer.redirect);
        },
        onError: (error) => {
          applyFieldErrors(form, error, EMAIL_FIELDS);
          // The price changed since the page loaded: show the new one.
          if (error instanceof ApiError && error.errors?.amount) {
            void queryClient.invalidateQueries({ queryKey: plansQuery.queryKey });
          }
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" component="section" aria-labelledby="plan-title">
        <Stack gap="md">
          <Title order={2} fz="xl" id="plan-title">
            Your plan
          </Title>
          {types.length > 1 && (
            <Radio.Group
              label="Plan"
              value={shownType}
              onChange={(value) => setType(value as PlanType)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                {types.map((value) => (
                  <Radio.Card key={value} value={value} p="md" radius="md">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600}>{PLAN_LABELS[value]}</Text>
                        <Text size="sm" c="dimmed">
                          {value === "parent" ? "For your own children at home" : "For your class"}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
          <Radio.Group
            label="Billing"
            value={chosen?.period ?? period}
            onChange={(value) => setPeriod(value as BillingPeriod)}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
              {periods.map((plan) => (
                <Radio.Card key={plan.period} value={plan.period} p="md" radius="md">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Text fw={600}>{PERIOD_LABELS[plan.period]}</Text>
                      <Text>{priceOf(plan)}</Text>
                      {plan.period === "annually" && saving > 0 && (
                        <Badge color="teal" variant="light" tt="none">
                          Save {dollars(saving)} a year
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" component="section" aria-labelledby="payment-title">
        <Stack gap="md">
          <Title order={2} fz="xl" id="payment-title">
            Payment
          </Title>
          <CardForm
            provider={offer.provider}
            submitLabel="Subscribe"
            busy={subscribe.isPending || subscribe.isSuccess}
            onToken={onToken}
            checkFirst={() => form.trigger("email", { shouldFocus: true })}
            before={
              <FormTextInput
                form={form}
                name="email"
                label="Receipt email"
                description="Where we send your receipts."
                type="email"
                autoComplete="email"
                withAsterisk
              />
            }
          >
            {chosen && (
              <Text size="sm">
                {PLAN_LABELS[chosen.type]}, {PERIOD_LABELS[chosen.period].toLowerCase()}: you are
                billed {dollars(chosen.amount)} every {PER[chosen.period]} until you cancel.
              </Text>
            )}
            {!onlyFieldErrors(subscribe.error, EMAIL_FIELDS) && (
              <ErrorAlert error={subscribe.error} />
            )}
          </CardForm>
        </Stack>
      </Paper>
    </Stack>
  );
}
