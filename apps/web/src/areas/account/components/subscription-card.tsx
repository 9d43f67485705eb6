import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import {
  allowedSubscriptionActions,
  CANCEL_REASONS,
  type CancelReasonCode,
  cancelRequest,
  pauseRequest,
  SUBSCRIPTION_LIMITS,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionState,
  subscriptionChannelNote,
  subscriptionDisplayState,
  subscriptionMessages,
  subscriptionState,
} from "@refrain/domain";
import { IconAlertTriangle, IconDeviceMobile } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextarea, FormTextInput } from "../../../components/form-fields.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { settingsQuery } from "../api/settings.ts";
import {
  localDay,
  providerOfKey,
  useCancelSubscription,
  usePauseSubscription,
  useResumeSubscription,
  useUpdateCard,
} from "../api/subscription.ts";
import { CardForm } from "./sandbox-card-form.tsx";
import { SettingsCard } from "./settings-card.tsx";

/** Where Subscribe Now goes: a full page load, since billing pages get their own security policy. */
export const SUBSCRIBE_PATH = "/subscribe";

/**
 * Checkout leaves for the settings page by a full page load, so the purchase's answer ("Thank
 * you! Your subscription has started.") crosses it in the tab's session storage, shown once.
 */
const SUBSCRIBED_NOTICE = "refrain.subscribed";

/** Checkout keeps the purchase's message for the settings page it loads next. */
export function keepSubscribedNotice(message: string) {
  try {
    sessionStorage.setItem(SUBSCRIBED_NOTICE, message);
  } catch {
    // Storage refused (a private window's quota): the card's new state says it all the same.
  }
}

function takeSubscribedNotice(): string | null {
  try {
    return sessionStorage.getItem(SUBSCRIBED_NOTICE);
  } catch {
    return null;
  }
}

/** The badge each state shows: on the settings card, and on staff billing's sandbox clock. */
/** A badge whose label is never cut off, however long its state reads. */
export const wholeBadgeLabel = { label: { overflow: "visible" } };

export const STATE_BADGES: Record<SubscriptionState, { label: string; color: string }> = {
  "school-paid": { label: "Paid by your school", color: "blue" },
  "free-trial": { label: "Free trial", color: "grape" },
  paused: { label: "Paused", color: "yellow" },
  cancelled: { label: "Canceled", color: "gray" },
  active: { label: "Active", color: "teal" },
};

type Dialog = Exclude<SubscriptionAction, "subscribe">;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * Subscription Information (classroom spec §2, §4 "Subscription display state" and "Actions
 * allowed"): the state's label and date, the card billed, and the actions the state allows, or
 * for a subscription bought in a phone's store only the note that it is managed there. Pause,
 * resume and cancel refetch the settings once done; a card update shows the answered
 * subscription. A refusal shows in the dialog it came from, which stays open with what was
 * typed; a success closes it and shows the server's message here, as does a purchase just made
 * at checkout.
 */
export function SubscriptionCard({
  teacherId,
  subscription,
}: {
  teacherId: number;
  subscription: Subscription;
}) {
  const today = localDay();
  const display = subscriptionDisplayState(subscription, today);
  const state = subscriptionState(subscription);
  const actions = allowedSubscriptionActions(subscription);
  const note = subscriptionChannelNote(subscription);
  const card = subscription.card_details;
  const badge = STATE_BADGES[state];

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [done, setDone] = useState<string | null>(takeSubscribedNotice);
  // Shown once: a reload or a later visit does not thank the teacher again.
  useEffect(() => {
    try {
      sessionStorage.removeItem(SUBSCRIBED_NOTICE);
    } catch {
      // Nothing was kept.
    }
  }, []);
  // The calls live here, not in the dialogs, so one finishing after its dialog closed still lands.
  const pause = usePauseSubscription(teacherId);
  const resume = useResumeSubscription(teacherId);
  const cancel = useCancelSubscription(teacherId);
  const updateCard = useUpdateCard(teacherId);

  const open = (which: Dialog) => {
    setDone(null);
    for (const call of [pause, resume, cancel, updateCard]) call.reset();
    setDialog(which);
  };
  const close = () => setDialog(null);
  const finished = (answer: { message: string }) => {
    setDialog(null);
    setDone(answer.message);
  };

  return (
    <SettingsCard
      id="subscription"
      title="Subscription Information"
      aside={
        <Badge color={badge.color} variant="light" tt="none" size="lg">
          {badge.label}
        </Badge>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {display.state === "active" && display.type !== "" && (
          <Fact label="Subscription" value={display.type} />
        )}
        {display.value !== null && display.value !== "" && (
          <Fact label={display.label} value={display.value} />
        )}
        {card && (
          <Fact
            label="Card on file"
            value={`${card.brand} •••• ${card.last4}, expires ${twoDigits(card.exp_month)}/${card.exp_year}`}
          />
        )}
      </SimpleGrid>

      {note !== null ? (
        <Alert role="note" color="blue" variant="light" icon={<IconDeviceMobile />}>
          {note}
        </Alert>
      ) : (
        actions.length > 0 && (
          <Group gap="sm">
            {actions.includes("subscribe") && (
              // A plain link: /subscribe is loaded as a page of its own (its own CSP).
              <Button component="a" href={SUBSCRIBE_PATH}>
                Subscribe Now
              </Button>
            )}
            {actions.includes("resume") && (
              <Button onClick={() => open("resume")}>Resume Subscription</Button>
            )}
            {actions.includes("update_card") && (
              <Button variant="default" onClick={() => open("update_card")}>
                Update Card
              </Button>
            )}
            {actions.includes("pause") && (
              <Button variant="default" onClick={() => open("pause")}>
                Pause Subscription
              </Button>
            )}
            {actions.includes("cancel") && (
              <Button variant="light" color="red" onClick={() => open("cancel")}>
                Cancel Subscription
              </Button>
            )}
          </Group>
        )
      )}

      {done !== null && <DoneAlert>{done}</DoneAlert>}

      <Modal opened={dialog === "update_card"} onClose={close} title="Update your card" centered>
        <UpdateCardDialog
          teacherId={teacherId}
          call={updateCard}
          onClose={close}
          onToken={(token) => updateCard.mutate(token, { onSuccess: finished })}
        />
      </Modal>
      <Modal opened={dialog === "pause"} onClose={close} title="Pause your subscription" centered>
        <PauseDialog
          today={today}
          call={pause}
          onClose={close}
          onUntil={(until, onError) => pause.mutate(until, { onSuccess: finished, onError })}
        />
      </Modal>
      <Modal opened={dialog === "resume"} onClose={close} title="Resume your subscription" centered>
        <Stack gap="md">
          <Text>Your subscription becomes active again now, and billing starts again.</Text>
          <ErrorAlert error={resume.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Stay Paused
            </Button>
            <Button
              loading={resume.isPending}
              onClick={() => resume.mutate(undefined, { onSuccess: finished })}
            >
              Resume Now
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={dialog === "cancel"} onClose={close} title="Cancel your subscription" centered>
        <CancelDialog
          call={cancel}
          validUntil={subscription.valid_until_pretty}
          onClose={close}
          onReasons={(values, onError) => cancel.mutate(values, { onSuccess: finished, onError })}
        />
      </Modal>
    </SettingsCard>
  );
}

/**
 * Whether a refusal only names fields a form shows (a 422 put under them by
 * `applyFieldErrors`): then no alert repeats it, nor comes back once the field is corrected.
 */
export function onlyFieldErrors(error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  const named = Object.keys(error.errors);
  return named.length > 0 && named.every((field) => fields.includes(field));
}

const PAUSE_FIELDS = ["until"] as const;
const CANCEL_FIELDS = ["reason_codes", "reason"] as const;

/** What a dialog reads of its call. */
interface CallState {
  isPending: boolean;
  error: unknown;
}

function UpdateCardDialog({
  teacherId,
  call,
  onClose,
  onToken,
}: {
  teacherId: number;
  call: CallState;
  onClose: () => void;
  onToken: (token: string) => void;
}) {
  // The settings this card was drawn from name the provider: its key is "sandbox" without one.
  const settings = useQueryClient().getQueryData(settingsQuery(teacherId).queryKey);
  const provider = settings ? providerOfKey(settings.publishableKey) : "stripe";
  return (
    <CardForm
      provider={provider}
      mode="setup"
      submitLabel="Save Card"
      busy={call.isPending}
      onToken={onToken}
      before={<Text size="sm">Your subscription bills this card from its next renewal.</Text>}
      secondary={
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <ErrorAlert error={call.error} />
    </CardForm>
  );
}

function PauseDialog({
  today,
  call,
  onClose,
  onUntil,
}: {
  today: string;
  call: CallState;
  onClose: () => void;
  onUntil: (until: string, onError: (error: unknown) => void) => void;
}) {
  // The server checks the date with the same rules, built from the same day.
  const schema = useMemo(() => pauseRequest(today).omit({ verb: true }), [today]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { until: "" },
    mode: "onTouched",
  });
  const onSubmit = form.handleSubmit(({ until }) =>
    onUntil(until, (error) => applyFieldErrors(form, error, PAUSE_FIELDS)),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pause your subscription">
      <Stack gap="md">
        <Text size="sm">
          Billing stops until the day you choose, then starts again on its own. You can resume
          sooner at any time.
        </Text>
        <FormTextInput
          form={form}
          name="until"
          label="Pause until"
          description={`A date as yyyy-mm-dd, after today and at most ${SUBSCRIPTION_LIMITS.pauseDays} days ahead.`}
          placeholder="yyyy-mm-dd"
          autoComplete="off"
          maxLength={SUBSCRIPTION_LIMITS.pauseDateMax}
          withAsterisk
          data-autofocus
        />
        <Alert role="note" color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {subscriptionMessages.pauseWarning}
        </Alert>
        {/* A refusal of the date itself is under the field; anything else here. */}
        {!onlyFieldErrors(call.error, PAUSE_FIELDS) && <ErrorAlert error={call.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep Billing
          </Button>
          <Button type="submit" loading={call.isPending}>
            Pause Billing
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const cancelForm = cancelRequest.omit({ verb: true });
type CancelForm = z.input<typeof cancelForm>;
type CancelValues = z.output<typeof cancelForm>;

function CancelDialog({
  call,
  validUntil,
  onClose,
  onReasons,
}: {
  call: CallState;
  validUntil: string;
  onClose: () => void;
  onReasons: (values: CancelValues, onError: (error: unknown) => void) => void;
}) {
  const form = useForm<CancelForm, unknown, CancelValues>({
    resolver: zodResolver(cancelForm),
    defaultValues: { reason_codes: [], reason: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    onReasons(values, (error) => applyFieldErrors(form, error, CANCEL_FIELDS)),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cancel your subscription">
      <Stack gap="md">
        <Text size="sm">
          {validUntil !== ""
            ? `Your subscription stays active until ${validUntil} and then ends; it will not renew.`
            : "Your subscription stays active until the end of the paid period; it will not renew."}{" "}
          Your classes and their scores are kept.
        </Text>
        <Controller
          control={form.control}
          name="reason_codes"
          render={({ field }) => (
            <Checkbox.Group
              label="Why are you canceling?"
              description="Optional: tick any that apply."
              value={(field.value ?? []).map(String)}
              onChange={(values) =>
                field.onChange(values.map((v) => Number(v) as CancelReasonCode))
              }
              error={errors.reason_codes?.message}
            >
              <Stack gap="xs" mt="xs">
                {Object.entries(CANCEL_REASONS).map(([code, label]) => (
                  <Checkbox key={code} value={code} label={label} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <FormTextarea
          form={form}
          name="reason"
          label="Other"
          description="Anything else you would like us to know."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={SUBSCRIPTION_LIMITS.cancelReason}
        />
        {!onlyFieldErrors(call.error, CANCEL_FIELDS) && <ErrorAlert error={call.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep My Subscription
          </Button>
          <Button type="submit" color="red" loading={call.isPending}>
            Confirm Cancellation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
