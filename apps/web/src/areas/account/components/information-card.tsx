import { zodResolver } from "@hookform/resolvers/zod";
import { SimpleGrid } from "@mantine/core";
import { ADDRESS_LIMITS, type MyInformation, myInformation } from "@refrain/domain";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EmailInput, FormTextInput, NameInput } from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useUpdateInfo } from "../api/settings.ts";
import { SaveFooter, SettingsCard } from "./settings-card.tsx";

type Form = z.input<typeof myInformation>;

/**
 * My Information (classroom spec §2, §5): names and e-mail, required; the mailing address,
 * free. Save shows once something changed; a saved change goes into the page's settings, so
 * every card shows the new name.
 */
export function InformationCard({ teacherId, saved }: { teacherId: number; saved: MyInformation }) {
  const save = useUpdateInfo(teacherId);
  const form = useForm<Form, unknown, MyInformation>({
    resolver: zodResolver(myInformation),
    values: saved,
    mode: "onChange",
  });
  const { formState } = form;
  const { isDirty } = formState;

  // A value saved before today's rules (a one-letter first name) would keep Save disabled
  // without a word: once editing starts, every field says what it lacks.
  useEffect(() => {
    if (isDirty) void form.trigger();
  }, [isDirty, form]);

  const onSubmit = form.handleSubmit((values) => {
    save.reset();
    save.mutate(values, {
      onSuccess: (answer) => {
        const { success: _s, message: _m, ...kept } = answer;
        form.reset(kept);
      },
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  return (
    <SettingsCard
      id="information"
      title="My Information"
      description={<>Your name and email address are required; the mailing address is optional.</>}
      onSubmit={onSubmit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameInput form={form} name="firstname" label="First name" autoComplete="given-name" />
        <NameInput form={form} name="lastname" label="Last name" autoComplete="family-name" />
      </SimpleGrid>
      <EmailInput form={form} name="email" label="Email" />
      <FormTextInput
        form={form}
        name="mailaddress1"
        label="Mailing address"
        autoComplete="address-line1"
        maxLength={ADDRESS_LIMITS.line}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FormTextInput
          form={form}
          name="mailcity"
          label="City"
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.city}
        />
        <FormTextInput
          form={form}
          name="mailstate"
          label="State"
          autoComplete="address-level1"
          maxLength={ADDRESS_LIMITS.state}
        />
        <FormTextInput
          form={form}
          name="mailzip"
          label="ZIP code"
          autoComplete="postal-code"
          maxLength={ADDRESS_LIMITS.zip}
        />
      </SimpleGrid>

      <SaveFooter
        save={save}
        changed={isDirty}
        label="Save my information"
        onUndo={() => form.reset(saved)}
        valid={formState.isValid}
      />
    </SettingsCard>
  );
}
