import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  type CompleteSignupFormOutput,
  type CompleteSignupFormValues,
  type CompleteSignupInfo,
  completeSignupFormSchema,
  SIGNUP_USER_TYPE_LABELS,
  SIGNUP_USER_TYPES,
  signupMessages,
  sourceSelectable,
} from "@refrain/domain";
import { IconSchool } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useCompleteSignup } from "../api/complete-signup.ts";
import { SchoolSection, type SchoolSectionValue } from "./school-section.tsx";
import { applySchoolPatch, gradeLevelData, referralData } from "./signup-choices.ts";

const FIELDS = [
  "userType",
  "firstName",
  "lastName",
  "gradeLevel",
  "source",
  "foreign",
  "schoolZipCode",
  "selectedSchool",
  "schoolName",
] as const satisfies readonly FieldPath<CompleteSignupFormValues>[];

/**
 * The complete-signup form (access spec screen 2) for an account single sign-on created:
 * what the account already has is preset; the source is asked only when unknown; a teacher
 * without a school picks one. Submit is enabled once user type, names, grade level and
 * source are set.
 */
export function CompleteSignupForm({ info }: { info: CompleteSignupInfo }) {
  const presetSchool = info.school;
  const askSource = sourceSelectable(info.source);
  const schema = useMemo(() => completeSignupFormSchema(presetSchool === null), [presetSchool]);
  const form = useForm<CompleteSignupFormValues, unknown, CompleteSignupFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      userType: info.userType,
      firstName: info.firstName,
      lastName: info.lastName,
      ...(info.gradeLevel && { gradeLevel: info.gradeLevel }),
      // An Unknown source is asked again, starting unchosen.
      ...(!askSource && info.source && { source: info.source }),
      foreign: false,
      schoolZipCode: "",
      selectedSchool: null,
      schoolName: "",
    },
  });
  const { errors } = form.formState;
  const sending = useCompleteSignup();
  const [leaving, setLeaving] = useState(false);
  const busy = sending.isPending || leaving;

  const [userType, firstName, lastName, gradeLevel, source] = form.watch([
    "userType",
    "firstName",
    "lastName",
    "gradeLevel",
    "source",
  ]);
  const filled = [userType, firstName, lastName, gradeLevel, source].every(
    (value) => typeof value === "string" && value.trim() !== "",
  );
  const school: SchoolSectionValue = {
    foreign: form.watch("foreign") ?? false,
    schoolZipCode: form.watch("schoolZipCode") ?? "",
    selectedSchool: form.watch("selectedSchool"),
    schoolName: form.watch("schoolName"),
  };

  const onSubmit = form.handleSubmit((values) =>
    sending.mutate(values, {
      onSuccess: (answer) => {
        setLeaving(true);
        // A full load, so the session reads as complete everywhere.
        window.location.assign(answer.redirect);
      },
      onError: (error) => {
        applyFieldErrors(form, error, FIELDS);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={sending.error} prefix="Error: " />
        <Controller
          control={form.control}
          name="userType"
          render={({ field }) => (
            <Radio.Group
              label="User Type"
              value={field.value ?? null}
              onChange={field.onChange}
              error={errors.userType?.message}
            >
              <Group gap="lg" mt={6}>
                {SIGNUP_USER_TYPES.map((type) => (
                  <Radio key={type} value={type} label={SIGNUP_USER_TYPE_LABELS[type]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register("firstName")}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register("lastName")}
          />
        </SimpleGrid>
        <NativeSelect
          label="Grade Level of Students"
          description={signupMessages.gradeNote}
          data={gradeLevelData}
          error={errors.gradeLevel?.message}
          {...form.register("gradeLevel")}
        />
        {askSource && (
          <NativeSelect
            label="How Did You Find Out About Refrain?"
            data={referralData}
            error={errors.source?.message}
            {...form.register("source")}
          />
        )}
        {userType === "teacher" &&
          (presetSchool ? (
            <Group gap="xs" wrap="nowrap">
              <IconSchool size={18} aria-hidden />
              <Text size="sm">
                School: <strong>{presetSchool.name}</strong>
              </Text>
            </Group>
          ) : (
            <SchoolSection
              value={school}
              onChange={(patch) =>
                applySchoolPatch(patch, form.setValue, form.formState.isSubmitted)
              }
              errors={{
                schoolZipCode: errors.schoolZipCode?.message,
                selectedSchool: errors.selectedSchool?.message,
                schoolName: errors.schoolName?.message,
              }}
            />
          ))}
        <Button type="submit" size="md" fullWidth disabled={!filled || busy}>
          {busy ? "Submitting.." : "Complete Sign Up"}
        </Button>
      </Stack>
    </form>
  );
}
