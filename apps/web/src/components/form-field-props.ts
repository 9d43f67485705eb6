import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

/** The field of a react-hook-form form an input stands for. */
export interface Bound<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  name: FieldPath<T>;
}

/** The props of an input of kind `P` for a form's field. */
export type FieldProps<T extends FieldValues, C, O, P> = Bound<T, C, O> & Omit<P, "form" | "name">;

/** An input's props registered as the form's field `name`, with that field's error unless given. */
export function registered<T extends FieldValues, C, O, P>({
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
