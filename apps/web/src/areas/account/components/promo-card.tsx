import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group } from "@mantine/core";
import {
  billingMessages,
  promoRequest,
  SUBSCRIPTION_LIMITS,
  type Subscription,
  subscriptionChannelNote,
  subscriptionState,
} from "@refrain/domain";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useUpdatePromo } from "../api/subscription.ts";
import { SettingsCard } from "./settings-card.tsx";
import { onlyFieldErrors } from "./subscription-card.tsx";

const promoForm = promoRequest.omit({ verb: true });
type PromoForm = z.input<typeof promoForm>;
type PromoValues = z.output<typeof promoForm>;
const PROMO_FIELDS = ["code"] as const;

/**
 * The free-month promo code (classroom spec §2, §5: 2 to 26 characters). Apply appears once a
 * code is typed; a code the server refuses (unknown, retired, already used) shows under the
 * field. A free month comes off a bill we send, so a school-paid account has no card here, a
 * subscription bought in a phone's store gets its note instead of the field, and a cancelled one
 * is asked to subscribe first.
 */
export function PromoCard({
  teacherId,
  subscription,
}: {
  teacherId: number;
  subscription: Subscription;
}) {
  const save = useUpdatePromo(teacherId);
  const form = useForm<PromoForm, unknown, PromoValues>({
    resolver: zodResolver(promoForm),
    defaultValues: { code: "" },
    mode: "onChange",
  });
  const { isDirty, isValid } = form.formState;
  const state = subscriptionState(subscription);
  const note = subscriptionChannelNote(subscription);

  if (state === "school-paid") return null;

  const onSubmit = form.handleSubmit(({ code }) => {
    save.reset();
    save.mutate(code, {
      onSuccess: () => form.reset({ code: "" }),
      onError: (error) => applyFieldErrors(form, error, PROMO_FIELDS),
    });
  });

  return (
    <SettingsCard
      id="promo"
      title="Free month"
      description={
        note ??
        (state === "free-trial"
          ? billingMessages.promoInTrial
          : state === "cancelled"
            ? billingMessages.promoAfterEnd
            : billingMessages.promoOnBill)
      }
      onSubmit={onSubmit}
    >
      {/* A cancelled subscription has no next bill to take the month off (even while its
              paid time runs out): the code waits until the teacher subscribes again. */}
      {note === null && state !== "cancelled" && (
        <>
          <FormTextInput
            form={form}
            name="code"
            label="Promo code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={SUBSCRIPTION_LIMITS.promoCodeMax}
          />
          {save.isSuccess && !isDirty && <DoneAlert>{save.data.message}</DoneAlert>}
          {!onlyFieldErrors(save.error, PROMO_FIELDS) && <ErrorAlert error={save.error} />}
          {isDirty && (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => form.reset({ code: "" })}
                disabled={save.isPending}
              >
                Clear
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!isValid}>
                Apply Code
              </Button>
            </Group>
          )}
        </>
      )}
    </SettingsCard>
  );
}
