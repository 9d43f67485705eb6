import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import {
  SIGNUP_LIMITS,
  type SignupFormOutput,
  type SignupFormValues,
  type SignupHiddenField,
  type SignupResponse,
  signupFormSchema,
  signupMessages,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { EmailInput, NewPasswordInput } from "../../../components/form-fields.tsx";
import { signUp } from "../api/signup.ts";
import { ProfileFields } from "./profile-fields.tsx";
import { useSendThenLoad } from "./use-send-then-load.ts";
import { useUsernameCheck } from "./use-username-check.ts";

const FIELDS = [
  "userType",
  "firstName",
  "lastName",
  "email",
  "userName",
  "password",
  "gradeLevel",
  "howDidYouFindUs",
  "foreign",
  "schoolZipCode",
  "selectedSchool",
  "schoolName",
] as const satisfies readonly FieldPath<SignupFormValues>[];

export interface SignupFormProps {
  /** Values the form starts with (e.g. names and e-mail a provider gave). */
  defaults?: Partial<SignupFormValues>;
  /** Shows the e-mail read-only, as given in `defaults`. */
  lockEmail?: boolean;
  /** Fields the page does not ask for; `submit` then supplies what the server needs. */
  hidden?: readonly SignupHiddenField[];
  /** Sends the form; by default POST /teacher/signup. */
  submit?: (values: SignupFormOutput) => Promise<SignupResponse>;
}

const submitSignup = (values: SignupFormOutput) =>
  signUp({
    ...values,
    password: values.password ?? "",
    howDidYouFindUs: values.howDidYouFindUs ?? "Unknown",
  });

/**
 * The free-trial sign-up form for teachers and parents (access spec screens 3 and 6). On
 * success the whole page loads the address the server gives, signed in; on failure the
 * alert says "Error: " and each field its own message, and nothing typed is lost.
 */
export function SignupForm({
  defaults,
  lockEmail = false,
  hidden = [],
  submit = submitSignup,
}: SignupFormProps) {
  const hiddenKey = [...hidden].sort().join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `hidden`'s contents
  const schema = useMemo(() => signupFormSchema(hidden), [hiddenKey]);
  const form = useForm<SignupFormValues, unknown, SignupFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      userName: "",
      password: "",
      foreign: false,
      schoolZipCode: "",
      selectedSchool: null,
      schoolName: "",
      ...defaults,
    },
  });
  const { errors } = form.formState;
  const sending = useMutation({ mutationFn: submit });
  const [checking, setChecking] = useState(false);
  const { send, leaving } = useSendThenLoad(sending, form, FIELDS);
  const busy = checking || sending.isPending || leaving;

  const username = useUsernameCheck(form.watch("userName") ?? "");
  // Access spec §4: submit is disabled while the form is invalid (once a first attempt has
  // shown what is missing) and while the username is taken or could not be checked.
  const invalid =
    (form.formState.isSubmitted && !form.formState.isValid) ||
    username.status === "taken" ||
    username.status === "failed";

  const onSubmit = form.handleSubmit(async (values) => {
    sending.reset();
    setChecking(true);
    const usernameProblem = await username.verify(values.userName);
    setChecking(false);
    if (usernameProblem) {
      form.setError("userName", { message: usernameProblem }, { shouldFocus: true });
      return;
    }
    send(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={sending.error} prefix="Error: " />
        <ProfileFields
          form={form}
          referral={hidden.includes("howDidYouFindUs") ? null : "howDidYouFindUs"}
        >
          <EmailInput form={form} name="email" label="Email" readOnly={lockEmail} />
          <TextInput
            label="Username"
            autoComplete="username"
            maxLength={SIGNUP_LIMITS.userNameMax}
            description={
              username.status === "checking" ? (
                <Group component="span" gap={6}>
                  <Loader size={10} />
                  {signupMessages.checkingUsername}
                </Group>
              ) : // The server's answer (taken after all, in a race) outranks the earlier check.
              username.status === "available" && !errors.userName ? (
                <Text component="span" size="xs" c="teal.8">
                  This username is available.
                </Text>
              ) : (
                "4 to 20 letters, numbers, dots, dashes or underscores."
              )
            }
            error={errors.userName?.message ?? username.problem}
            {...form.register("userName")}
          />
          {!hidden.includes("password") && (
            <NewPasswordInput
              form={form}
              name="password"
              label="Password"
              description="6 to 32 characters."
            />
          )}
        </ProfileFields>
        <Button type="submit" size="md" fullWidth disabled={busy || invalid}>
          {busy ? "Submitting.." : "Start Your Free Trial Now"}
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          By signing up you agree to how we handle your and your students' information, as our{" "}
          <Anchor component={Link} to="/privacy" target="_blank">
            Privacy Policy
          </Anchor>{" "}
          describes.
        </Text>
      </Stack>
    </form>
  );
}
