import { TextInput } from "@mantine/core";
import { LEAD_LIMITS, showsReferral } from "@refrain/domain";
import {
  type Control,
  Controller,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
  type UseFormWatch,
} from "react-hook-form";
import { ReferralSelect, StateSelect } from "./choice-selects.tsx";

/** The contact fields the lead forms share (the school or district the person writes for among them), by the names the domain's lead schemas give them. */
export type ContactField =
  | "school"
  | "district"
  | "firstname"
  | "lastname"
  | "title"
  | "email"
  | "phone"
  | "address"
  | "city"
  | "state"
  | "zip";

type TextField = Exclude<ContactField, "state">;

const CONTACT_INPUTS: Record<
  TextField,
  { label: string; autoComplete: string; maxLength: number; type?: "email" | "tel" }
> = {
  school: { label: "School Name", autoComplete: "organization", maxLength: LEAD_LIMITS.school },
  district: {
    label: "District Name",
    autoComplete: "organization",
    maxLength: LEAD_LIMITS.district,
  },
  firstname: {
    label: "First Name",
    autoComplete: "given-name",
    maxLength: LEAD_LIMITS.contactName,
  },
  lastname: { label: "Last Name", autoComplete: "family-name", maxLength: LEAD_LIMITS.contactName },
  title: { label: "Title", autoComplete: "organization-title", maxLength: LEAD_LIMITS.title },
  email: { label: "Email", type: "email", autoComplete: "email", maxLength: LEAD_LIMITS.email },
  phone: { label: "Phone", type: "tel", autoComplete: "tel", maxLength: LEAD_LIMITS.phone },
  address: { label: "Address", autoComplete: "street-address", maxLength: LEAD_LIMITS.address },
  city: { label: "City", autoComplete: "address-level2", maxLength: LEAD_LIMITS.city },
  zip: { label: "ZIP Code", autoComplete: "postal-code", maxLength: LEAD_LIMITS.zip },
};

/** The contact fields every lead form asks, empty: a form's default values start from them. */
export const EMPTY_CONTACT = {
  firstname: "",
  lastname: "",
  email: "",
  phone: "",
  city: "",
  state: "",
} satisfies Partial<Record<ContactField, string>>;

/** What the blocks below use of a lead form. */
interface LeadForm<T extends FieldValues> {
  register: UseFormRegister<T>;
  control: Control<T>;
  watch: UseFormWatch<T>;
  formState: { errors: FieldErrors<T> };
}

const errorOf = <T extends FieldValues>(form: LeadForm<T>, name: Path<T>) =>
  get<FieldErrors<T>, FieldError | undefined>(form.formState.errors, name)?.message;

/**
 * The person's contact block of a lead form: the `fields` asked, in that order, each with the
 * same label, autofill hint, length limit and error under it in every form. Only fields the
 * form's own values have can be asked. The inputs come without a frame, so the form lays
 * them out in its own grid; `hints` and `labels` give a form's own words for a field, and
 * `stateOptions` a longer list of states.
 */
export function ContactFields<T extends FieldValues>({
  form,
  fields,
  labels = {},
  hints = {},
  stateOptions,
  onChange,
}: {
  form: LeadForm<T>;
  fields: readonly (ContactField & Path<T>)[];
  labels?: Partial<Record<ContactField, string>>;
  hints?: Partial<Record<ContactField, string>>;
  stateOptions?: { value: string; label: string }[];
  /** Called on every change of these fields, besides the form's own handling. */
  onChange?: () => void;
}) {
  return fields.map((name) => {
    if (name === "state")
      return (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <StateSelect {...field} options={stateOptions} error={fieldState.error?.message} />
          )}
        />
      );
    const { label, ...input } = CONTACT_INPUTS[name as TextField];
    return (
      <TextInput
        key={name}
        label={labels[name] ?? label}
        description={hints[name]}
        {...input}
        error={errorOf(form, name)}
        {...form.register(name, onChange ? { onChange } : undefined)}
      />
    );
  });
}

/**
 * How the person heard about us: a referral code, and while none is given the choice from the
 * list (access spec §5), `optional` where the form's schema lets it be left empty. Two inputs
 * without a frame, for the form's own grid.
 */
export function ReferralFields<T extends FieldValues>({
  form,
  optional,
}: {
  form: LeadForm<T>;
  optional?: boolean;
}) {
  // Both names are the lead schemas' own; a generic form cannot say it has them.
  const code = "referralCode" as Path<T>;
  return (
    <>
      <TextInput
        label="Referral Code"
        description="Optional"
        maxLength={LEAD_LIMITS.referralCode}
        error={errorOf(form, code)}
        {...form.register(code)}
      />
      {showsReferral(form.watch(code)) && (
        <Controller
          control={form.control}
          name={"referral" as Path<T>}
          render={({ field, fieldState }) => (
            <ReferralSelect optional={optional} {...field} error={fieldState.error?.message} />
          )}
        />
      )}
    </>
  );
}
