import { Group, NativeSelect, SimpleGrid, Text } from "@mantine/core";
import {
  type CompleteSignupFormValues,
  type SchoolOption,
  SIGNUP_USER_TYPE_LABELS,
  SIGNUP_USER_TYPES,
  type SignupFormValues,
  signupMessages,
} from "@refrain/domain";
import { IconSchool } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormRadioChoice, FormTextInput } from "../../../components/form-fields.tsx";
import { SchoolSection, type SchoolSectionValue } from "./school-section.tsx";
import { gradeLevelData, referralData } from "./signup-choices.ts";

/** The profile both sign-up forms ask for; each request names the referral its own way. */
type ProfileValues = Omit<CompleteSignupFormValues, "source"> & {
  source?: CompleteSignupFormValues["source"];
  howDidYouFindUs?: SignupFormValues["howDidYouFindUs"];
};

/**
 * The profile fields of the sign-up form and the complete-signup form (access spec screens 2,
 * 3 and 6), so both ask the same way: user type, names, grade level, how the user found us,
 * and a teacher's school. Rendered into the form's own stack, in its order.
 */
export function ProfileFields<T extends FieldValues, O>({
  form: theForm,
  referral,
  presetSchool = null,
  schoolLast = false,
  children,
}: {
  /** A form with the profile's fields (SignupFormValues or CompleteSignupFormValues). */
  form: UseFormReturn<T, unknown, O>;
  /** The referral field as the form's request names it, or null when it is not asked. */
  referral: "howDidYouFindUs" | "source" | null;
  /** The school the account already has: a teacher sees it instead of choosing one. */
  presetSchool?: SchoolOption | null;
  /** Complete-signup asks for the school after the referral; sign-up before the grade level. */
  schoolLast?: boolean;
  /** What the form asks between the names and the rest (sign-up: e-mail, username, password). */
  children?: ReactNode;
}) {
  // Each form's own values type has these fields; react-hook-form cannot say so of a generic.
  const form = theForm as unknown as UseFormReturn<ProfileValues>;
  const { errors } = form.formState;
  const school =
    form.watch("userType") !== "teacher" ? null : presetSchool ? (
      <Group gap="xs" wrap="nowrap">
        <IconSchool size={18} aria-hidden />
        <Text size="sm">
          School: <strong>{presetSchool.name}</strong>
        </Text>
      </Group>
    ) : (
      <SchoolSection
        value={{
          foreign: form.watch("foreign") ?? false,
          schoolZipCode: form.watch("schoolZipCode") ?? "",
          selectedSchool: form.watch("selectedSchool"),
          schoolName: form.watch("schoolName"),
        }}
        onChange={(patch) => applySchoolPatch(form, patch)}
        errors={{
          schoolZipCode: errors.schoolZipCode?.message,
          selectedSchool: errors.selectedSchool?.message,
          schoolName: errors.schoolName?.message,
        }}
      />
    );

  return (
    <>
      <FormRadioChoice
        form={form}
        name="userType"
        label="User Type"
        options={SIGNUP_USER_TYPES}
        labels={SIGNUP_USER_TYPE_LABELS}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput form={form} name="firstName" label="First Name" autoComplete="given-name" />
        <FormTextInput form={form} name="lastName" label="Last Name" autoComplete="family-name" />
      </SimpleGrid>
      {children}
      {!schoolLast && school}
      <NativeSelect
        label="Grade Level of Students"
        description={signupMessages.gradeNote}
        data={gradeLevelData}
        error={errors.gradeLevel?.message}
        {...form.register("gradeLevel")}
      />
      {referral && (
        <NativeSelect
          label="How Did You Find Out About Refrain?"
          data={referralData}
          error={errors[referral]?.message}
          {...form.register(referral)}
        />
      )}
      {schoolLast && school}
    </>
  );
}

/**
 * Writes the school section's change into the form, validating again once the form was
 * submitted, as typing in any other field does.
 */
function applySchoolPatch(form: UseFormReturn<ProfileValues>, patch: Partial<SchoolSectionValue>) {
  const options = { shouldValidate: form.formState.isSubmitted };
  if (patch.foreign !== undefined) form.setValue("foreign", patch.foreign, options);
  if (patch.schoolZipCode !== undefined)
    form.setValue("schoolZipCode", patch.schoolZipCode, options);
  if (patch.selectedSchool !== undefined)
    form.setValue("selectedSchool", patch.selectedSchool, options);
  if (patch.schoolName !== undefined) form.setValue("schoolName", patch.schoolName, options);
}
