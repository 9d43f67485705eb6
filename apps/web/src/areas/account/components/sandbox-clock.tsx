import { zodResolver } from "@hookform/resolvers/zod";
import { Badge, Group, Text } from "@mantine/core";
import {
  SANDBOX_ADVANCE_MAX_DAYS,
  type Subscription,
  sandboxAdvanceRequest,
  subscriptionDisplayState,
} from "@refrain/domain";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormNumberInput } from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { localDay, useSandboxAdvance } from "../api/subscription.ts";
import { BillingSection, BillingToolForm, ExactInput } from "./billing-tool.tsx";
import { onlyFieldErrors, STATE_BADGES, wholeBadgeLabel } from "./subscription-card.tsx";

type ClockForm = z.input<typeof sandboxAdvanceRequest>;
type ClockValues = z.output<typeof sandboxAdvanceRequest>;
const CLOCK_FIELDS = ["username", "days"] as const;
const CLOCK_DEFAULTS: ClockForm = { username: "", days: 30 };

/** What the account's settings card now shows: its state's badge, then its label and date. */
function AdvancedState({ sub }: { sub: Subscription }) {
  const display = subscriptionDisplayState(sub, localDay());
  const badge = STATE_BADGES[display.state];
  return (
    <Group gap="xs" wrap="wrap" mt={4}>
      <Text size="sm">Their settings now show</Text>
      <Badge color={badge.color} variant="light" tt="none" styles={wholeBadgeLabel}>
        {badge.label}
      </Badge>
      {display.state === "active" && <Text size="sm">{display.type}:</Text>}
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {display.label}
        {display.value !== null && (
          <>
            {": "}
            <Text span size="sm" fw={600}>
              {display.value}
            </Text>
          </>
        )}
      </Text>
    </Group>
  );
}

/**
 * The sandbox's clock (decision 0024): moves one teacher's or parent's trial end, paid period
 * and pause back by a number of days, as if that time had passed, so staff can watch a trial
 * end, a pause run out or a renewal come due without waiting for it.
 */
export function SandboxClock() {
  const advance = useSandboxAdvance();
  const form = useForm<ClockForm, unknown, ClockValues>({
    resolver: zodResolver(sandboxAdvanceRequest),
    defaultValues: CLOCK_DEFAULTS,
    mode: "onTouched",
  });

  const onSubmit = form.handleSubmit((values) => {
    advance.reset();
    advance.mutate(values, {
      // The values stay, so the same account can be moved on again; an edit hides the answer.
      onSuccess: () => form.reset(values),
      onError: (error) => applyFieldErrors(form, error, CLOCK_FIELDS),
    });
  });

  return (
    <BillingSection id="sandbox-clock-title" title="Sandbox clock">
      <BillingToolForm
        label="Move an account's billing forward"
        intro="Test installs only: moves one teacher's or parent's trial, paid period and pause forward, as if the days had passed, to see a trial end, a pause run out or a renewal come due. Nothing else of the account changes."
        onSubmit={onSubmit}
        submitLabel="Move forward"
        busy={advance.isPending}
        fields={
          <>
            <ExactInput
              form={form}
              name="username"
              label="Username"
              description="A teacher's or parent's."
              maxLength={200}
            />
            <FormNumberInput
              form={form}
              name="days"
              label="Days"
              description={`From 1 to ${SANDBOX_ADVANCE_MAX_DAYS}.`}
              min={1}
              max={SANDBOX_ADVANCE_MAX_DAYS}
              clampBehavior="none"
              withAsterisk
              w={{ base: "100%", sm: 160 }}
            />
          </>
        }
      >
        {advance.isSuccess && !form.formState.isDirty && (
          <DoneAlert>
            <Text size="sm" fw={600}>
              {advance.data.message}
            </Text>
            <AdvancedState sub={advance.data.subscription} />
          </DoneAlert>
        )}
        {!onlyFieldErrors(advance.error, CLOCK_FIELDS) && <ErrorAlert error={advance.error} />}
      </BillingToolForm>
    </BillingSection>
  );
}
