import { TextInput } from "@mantine/core";
import { LEAD_LIMITS } from "@refrain/domain";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from "react-hook-form";

/** The contact fields the lead forms share, by the names the domain's lead schemas give them. */
export type ContactField = "firstname" | "lastname" | "title" | "email" | "phone";

const CONTACT_INPUTS: Record<
  ContactField,
  { label: string; autoComplete: string; maxLength: number; type?: "email" | "tel" }
> = {
  firstname: {
    label: "First Name",
    autoComplete: "given-name",
    maxLength: LEAD_LIMITS.contactName,
  },
  lastname: { label: "Last Name", autoComplete: "family-name", maxLength: LEAD_LIMITS.contactName },
  title: { label: "Title", autoComplete: "organization-title", maxLength: LEAD_LIMITS.title },
  email: { label: "Email", type: "email", autoComplete: "email", maxLength: LEAD_LIMITS.email },
  phone: { label: "Phone", type: "tel", autoComplete: "tel", maxLength: LEAD_LIMITS.phone },
};

/**
 * The person's contact block of a lead form: the `fields` asked, in that order, each with the
 * same label, autofill hint, length limit and error under it in every form. Only fields the
 * form's own values have can be asked. The inputs come without a frame, so the form lays
 * them out in its own grid; `hints` and `labels` give a form's own words for a field.
 */
export function ContactFields<T extends FieldValues>({
  form,
  fields,
  labels = {},
  hints = {},
  onChange,
}: {
  form: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } };
  fields: readonly (ContactField & Path<T>)[];
  labels?: Partial<Record<ContactField, string>>;
  hints?: Partial<Record<ContactField, string>>;
  /** Called on every change of these fields, besides the form's own handling. */
  onChange?: () => void;
}) {
  return fields.map((name) => {
    const { label, ...input } = CONTACT_INPUTS[name];
    return (
      <TextInput
        key={name}
        label={labels[name] ?? label}
        description={hints[name]}
        {...input}
        error={get<FieldErrors<T>, FieldError | undefined>(form.formState.errors, name)?.message}
        {...form.register(name, onChange ? { onChange } : undefined)}
      />
    );
  });
}
