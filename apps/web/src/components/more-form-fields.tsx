// The form fields the sign-in pages never show, kept from them with Mantine's number input, radios
// and autosizing text area: form-fields.tsx re-exports them, so pages import every field there.
import {
  Group,
  NumberInput,
  type NumberInputProps,
  Radio,
  type RadioGroupProps,
  Stack,
  Textarea,
  type TextareaProps,
} from "@mantine/core";
import { type FieldValues, useController } from "react-hook-form";
import { type FieldProps, registered } from "./form-field-props.ts";

/** A text area for the form's field `name`. */
export function FormTextarea<T extends FieldValues, C, O>(
  props: FieldProps<T, C, O, TextareaProps>,
) {
  return <Textarea {...registered(props)} />;
}

/**
 * The choice of one value for the form's field `name`: `children` are its radios (in a Group
 * or a Stack). Nothing is chosen while the field holds no value.
 */
export function FormRadioGroup<T extends FieldValues, C, O>({
  form,
  name,
  ...props
}: FieldProps<T, C, O, RadioGroupProps>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <Radio.Group
      {...props}
      value={field.value ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}

/**
 * The choice of one of `options` for the form's field `name`, each radio labelled from `labels`:
 * side by side, or one under another (`stacked`) where the labels are long.
 */
export function FormRadioChoice<T extends FieldValues, C, O, V extends string>({
  options,
  labels,
  stacked = false,
  ...props
}: FieldProps<T, C, O, Omit<RadioGroupProps, "children">> & {
  options: readonly V[];
  labels: Record<V, string>;
  stacked?: boolean;
}) {
  const radios = options.map((value) => <Radio key={value} value={value} label={labels[value]} />);
  return (
    <FormRadioGroup {...props}>
      {stacked ? (
        <Stack gap="xs" mt={6}>
          {radios}
        </Stack>
      ) : (
        <Group gap="lg" mt={6}>
          {radios}
        </Group>
      )}
    </FormRadioGroup>
  );
}

/** A whole-number input for the form's field `name`, which holds no number while it is empty. */
export function FormNumberInput<T extends FieldValues, C, O>({
  form,
  name,
  ...props
}: FieldProps<T, C, O, NumberInputProps>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <NumberInput
      allowDecimal={false}
      allowNegative={false}
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onChange={(value) => field.onChange(typeof value === "number" ? value : undefined)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
