import { Select } from "@mantine/core";
import { LEAD_REFERRAL_OPTIONS, US_STATE_OPTIONS } from "@refrain/domain";
import type { Ref } from "react";

interface ChoiceProps {
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A Select bound to its form field: an empty value is no choice, and clearing one empties it. */
function bound(field: ChoiceProps) {
  return {
    comboboxProps: { withinPortal: true },
    ref: field.ref,
    value: field.value || null,
    onChange: (value: string | null) => field.onChange(value ?? ""),
    onBlur: field.onBlur,
    error: field.error,
  };
}

/** The US states and DC (or a longer list), searchable by typing the name. */
export function StateSelect({
  options = US_STATE_OPTIONS,
  label = "State",
  ...field
}: ChoiceProps & { options?: { value: string; label: string }[]; label?: string }) {
  return (
    <Select
      label={label}
      placeholder="Choose a state"
      data={options}
      searchable
      autoComplete="off"
      nothingFoundMessage="No state matches"
      {...bound(field)}
    />
  );
}

/** How did you hear about us: the seven options without Unknown (access spec §3). */
export function ReferralSelect({ optional, ...field }: ChoiceProps & { optional?: boolean }) {
  return (
    <Select
      label="How did you hear about us?"
      placeholder={optional ? "Choose one (optional)" : "Choose one"}
      data={LEAD_REFERRAL_OPTIONS}
      clearable={optional}
      allowDeselect={optional}
      {...bound(field)}
    />
  );
}
