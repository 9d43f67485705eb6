import {
  Group,
  NumberInput,
  type NumberInputProps,
  PasswordInput,
  type PasswordInputProps,
  Radio,
  type RadioGroupProps,
  Stack,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import { SIGNUP_LIMITS } from "@refrain/domain";
import {
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useController,
} from "react-hook-form";

/** The field of a react-hook-form form an input stands for. */
export interface Bound<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  name: FieldPath<T>;
}

/** The props of an input of kind `P` for a form's field. */
export type FieldProps<T extends FieldValues, C, O, P> = Bound<T, C, O> & Omit<P, "form" | "name">;

/** An input's props registered as the form's field `name`, with that field's error unless given. */
function registered<T extends FieldValues, C, O, P>({
  form,
  name,
  ...props
}: FieldProps<T, C, O, P>) {
  return {
    error: form.getFieldState(name, form.formState).error?.message,
    ...props,
    ...form.register(name),
  };
}

/** A text input for the form's field `name`. */
export function FormTextInput<T extends FieldValues, C, O>(
  props: FieldProps<T, C, O, TextInputProps>,
) {
  return <TextInput {...registered(props)} />;
}

/** A password input for the form's field `name`. */
export function FormPasswordInput<T extends FieldValues, C, O>(
  props: FieldProps<T, C, O, PasswordInputProps>,
) {
  return <PasswordInput {...registered(props)} />;
}

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

/** An e-mail address, no longer than an account's may be. */
export function EmailInput<T extends FieldValues, C, O>(
  props: FieldProps<T, C, O, TextInputProps>,
) {
  return (
    <FormTextInput
      type="email"
      autoComplete="email"
      maxLength={SIGNUP_LIMITS.emailMax}
      {...props}
    />
  );
}

/** A teacher's or parent's first or last name, no longer than an account's may be. */
export function NameInput<T extends FieldValues, C, O>(props: FieldProps<T, C, O, TextInputProps>) {
  return <FormTextInput maxLength={SIGNUP_LIMITS.nameMax} {...props} />;
}

/** A password being chosen: the browser offers to generate one; as long as an account's may be. */
export function NewPasswordInput<T extends FieldValues, C, O>(
  props: FieldProps<T, C, O, PasswordInputProps>,
) {
  return (
    <FormPasswordInput
      autoComplete="new-password"
      maxLength={SIGNUP_LIMITS.passwordMax}
      {...props}
    />
  );
}
