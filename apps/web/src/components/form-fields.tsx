import {
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import { SIGNUP_LIMITS } from "@refrain/domain";
import type { FieldValues } from "react-hook-form";
import { type FieldProps, registered } from "./form-field-props.ts";

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

export type { Bound, FieldProps } from "./form-field-props.ts";

// A page that shows none of these does not download them (package.json "sideEffects").
export {
  FormNumberInput,
  FormRadioChoice,
  FormRadioGroup,
  FormTextarea,
} from "./more-form-fields.tsx";
