import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEVICE_NUMBER_LABELS,
  DEVICE_NUMBERS,
  HOW_I_TEACH,
  HOW_I_TEACH_LABELS,
  type HowTeach,
  howTeach,
} from "@refrain/domain";
import { type Resolver, useForm } from "react-hook-form";
import { FormRadioChoice } from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useUpdateHowTeach } from "../api/settings.ts";
import { SaveFooter, SettingsCard } from "./settings-card.tsx";

/** Before the teacher first answers, neither question has a choice. */
type Form = Partial<HowTeach>;

/**
 * How I Teach (classroom spec §2, §3): whether the class reads in centers or as a whole group,
 * and on how many devices. A teacher who never answered sees nothing chosen; Save shows once
 * both questions have an answer that differs from the saved one.
 */
export function HowTeachCard({ teacherId, saved }: { teacherId: number; saved: HowTeach | null }) {
  const save = useUpdateHowTeach(teacherId);
  const form = useForm<Form, unknown, HowTeach>({
    // The schema takes a full answer; a form with a question unanswered is what it refuses.
    resolver: zodResolver(howTeach) as Resolver<Form, unknown, HowTeach>,
    values: saved ?? undefined,
    mode: "onChange",
  });
  const { formState } = form;
  const answered = Boolean(form.watch("how_i_teach") && form.watch("device_number"));
  const changed = formState.isDirty && answered;

  const onSubmit = form.handleSubmit((values) => {
    save.reset();
    save.mutate(values, {
      onSuccess: ({ how_i_teach, device_number }) => form.reset({ how_i_teach, device_number }),
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  return (
    <SettingsCard
      id="how-teach"
      title="How I Teach"
      description={<>Tell us how your class reads, so our suggestions fit your classroom.</>}
      onSubmit={onSubmit}
    >
      <FormRadioChoice
        form={form}
        name="how_i_teach"
        label="How I teach reading"
        options={HOW_I_TEACH}
        labels={HOW_I_TEACH_LABELS}
        stacked
      />
      <FormRadioChoice
        form={form}
        name="device_number"
        label="Devices my class reads on"
        options={DEVICE_NUMBERS}
        labels={DEVICE_NUMBER_LABELS}
        stacked
      />

      <SaveFooter
        save={save}
        changed={changed}
        label="Save how I teach"
        onUndo={() => form.reset(saved ?? {})}
        valid={formState.isValid}
      />
    </SettingsCard>
  );
}
