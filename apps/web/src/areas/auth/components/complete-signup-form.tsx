import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Stack } from "@mantine/core";
import {
  type CompleteSignupFormOutput,
  type CompleteSignupFormValues,
  type CompleteSignupInfo,
  completeSignupFormSchema,
  sourceSelectable,
} from "@refrain/domain";
import { useMemo } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { useCompleteSignup } from "../api/complete-signup.ts";
import { ProfileFields } from "./profile-fields.tsx";
import { useSendThenLoad } from "./use-send-then-load.ts";

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
  const sending = useCompleteSignup();
  const { send, leaving } = useSendThenLoad(sending, form, FIELDS);
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

  const onSubmit = form.handleSubmit(send);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={sending.error} prefix="Error: " />
        <ProfileFields
          form={form}
          referral={askSource ? "source" : null}
          presetSchool={presetSchool}
          schoolLast
        />
        <Button type="submit" size="md" fullWidth disabled={!filled || busy}>
          {busy ? "Submitting.." : "Complete Sign Up"}
        </Button>
      </Stack>
    </form>
  );
}
