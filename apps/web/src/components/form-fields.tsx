import {
  NumberInput,
  type NumberInputProps,
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import { SIGNUP_LIMITS } from "@refrain/domain";
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";

/** The field of a react-hook-form form an input stands for. */
export interface Bound<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  name: FieldPath<T>;
}

const errorOf = <T extends FieldValues, C, O>({ form, name }: Bound<T, C, O>) =>
  form.getFieldState(name, form.formState).error?.message;

/** A text input registered as the form's field `name`, showing that field's error. */
export function FormTextInput<T extends FieldValues, C, O>({
  form,
  name,
  ...props
}: Bound<T, C, O> & Omit<TextInputProps, "form" | "name">) {
  return <TextInput error={errorOf({ form, name })} {...props} {...form.register(name)} />;
}

/** A password input registered as the form's field `name`, showing that field's error. */
export function FormPasswordInput<T extends FieldValues, C, O>({
  form,
  name,
  ...props
}: Bound<T, C, O> & Omit<PasswordInputProps, "form" | "name">) {
  return <PasswordInput error={errorOf({ form, name })} {...props} {...form.register(name)} />;
}

/** A whole-number input for the form's field `name`, which holds no number while it is empty. */
export function FormNumberInput<T extends FieldValues, C, O>({
  form,
  name,
  ...props
}: Bound<T, C, O> & Omit<NumberInputProps, "form" | "name">) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
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
      )}
    />
  );
}

/** An e-mail address, no longer than an account's may be. */
export function EmailInput<T extends FieldValues, C, O>(
  props: Bound<T, C, O> & Omit<TextInputProps, "form" | "name">,
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
export function NameInput<T extends FieldValues, C, O>(
  props: Bound<T, C, O> & Omit<TextInputProps, "form" | "name">,
) {
  return <FormTextInput maxLength={SIGNUP_LIMITS.nameMax} {...props} />;
}

/** A password being chosen: the browser offers to generate one; as long as an account's may be. */
export function NewPasswordInput<T extends FieldValues, C, O>(
  props: Bound<T, C, O> & Omit<PasswordInputProps, "form" | "name">,
) {
  return (
    <FormPasswordInput
      autoComplete="new-password"
      maxLength={SIGNUP_LIMITS.passwordMax}
      {...props}
    />
  );
}
