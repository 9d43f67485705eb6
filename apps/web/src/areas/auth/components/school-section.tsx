import { Checkbox, NativeSelect, Stack, TextInput } from "@mantine/core";
import {
  cleanZip,
  SCHOOL_NOT_LISTED_ID,
  SIGNUP_LIMITS,
  withNotListed,
  zipKeyAllowed,
  zipReady,
} from "@refrain/domain";
import { errorText } from "../../../lib/api.ts";
import { useSchoolsByZip } from "../api/list-schools-by-zip.ts";
import { choose } from "./signup-choices.ts";

export interface SchoolSectionValue {
  foreign: boolean;
  schoolZipCode: string;
  selectedSchool: number | null | undefined;
  schoolName: string | undefined;
}

type SchoolErrors = Partial<Record<keyof SchoolSectionValue, string | undefined>>;

/**
 * Where a teacher teaches (access spec screens 2–3): "I am not in the United States", or a
 * ZIP code whose schools load at exactly five digits, with My School Is Not Listed always
 * last; choosing that asks for the school's name.
 */
export function SchoolSection({
  value,
  errors,
  onChange,
}: {
  value: SchoolSectionValue;
  errors: SchoolErrors;
  onChange: (patch: Partial<SchoolSectionValue>) => void;
}) {
  const zip = value.schoolZipCode;
  const lookup = useSchoolsByZip(zip);
  const ready = zipReady(zip);
  // A failed lookup still lets the teacher say the school is not listed and type its name.
  const options = ready ? withNotListed(lookup.data ?? []) : [];
  const loading = ready && lookup.isPending;
  const schoolData = [
    choose(
      !ready
        ? "Enter your school's ZIP code first"
        : loading
          ? "Loading schools..."
          : "Select your school...",
    ),
    ...(loading ? [] : options.map((s) => ({ value: String(s.id), label: s.name }))),
  ];
  const lookupError = lookup.isError ? errorText(lookup.error) : undefined;

  return (
    <Stack gap="sm">
      <Checkbox
        label="I am not in the United States"
        checked={value.foreign}
        onChange={(event) => onChange({ foreign: event.currentTarget.checked })}
      />
      {!value.foreign && (
        <>
          <TextInput
            label="School Zip Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={SIGNUP_LIMITS.zip}
            value={zip}
            error={errors.schoolZipCode}
            onKeyDown={(event) => {
              if (!zipKeyAllowed(event.key, event.ctrlKey || event.metaKey)) event.preventDefault();
            }}
            onChange={(event) => {
              const next = cleanZip(event.currentTarget.value);
              if (next !== zip) onChange({ schoolZipCode: next, selectedSchool: null });
            }}
          />
          <NativeSelect
            label="School"
            data={schoolData}
            disabled={!ready || loading}
            value={value.selectedSchool ? String(value.selectedSchool) : ""}
            error={errors.selectedSchool ?? lookupError}
            onChange={(event) => {
              const id = Number(event.currentTarget.value);
              onChange({ selectedSchool: Number.isInteger(id) && id > 0 ? id : null });
            }}
          />
          {value.selectedSchool === SCHOOL_NOT_LISTED_ID && (
            <TextInput
              label="School name"
              maxLength={SIGNUP_LIMITS.schoolNameMax}
              value={value.schoolName ?? ""}
              error={errors.schoolName}
              onChange={(event) => onChange({ schoolName: event.currentTarget.value })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
