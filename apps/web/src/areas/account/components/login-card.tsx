import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@mantine/core";
import {
  accountMessages,
  type LoginInformation,
  loginInformation,
  SIGNUP_LIMITS,
} from "@refrain/domain";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  FormPasswordInput,
  FormTextInput,
  NewPasswordInput,
} from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useUpdateLogin } from "../api/settings.ts";
import { type AccountLogin, SaveFooter, SettingsCard } from "./settings-card.tsx";

type Form = z.input<typeof loginInformation>;

/**
 * Login Information (classroom spec §2, §5): a new username and, unless left blank, a new
 * password. The current password confirms any change, and is never shown back. Save shows once
 * the username or the password changed. An admin acting as this account may not change it
 * (the server refuses with 409): the fields show disabled with the reason.
 */
export function LoginCard({ teacherId, username, impersonating }: AccountLogin) {
  const save = useUpdateLogin(teacherId);
  const saved = useMemo<Form>(() => ({ username, password: "", current_password: "" }), [username]);
  const form = useForm<Form, unknown, LoginInformation>({
    resolver: zodResolver(loginInformation),
    values: saved,
    mode: "onChange",
  });
  const { formState } = form;
  // Typing the current password alone changes nothing worth saving, and an admin acting as
  // this account may save nothing.
  const changed =
    !impersonating && Boolean(formState.dirtyFields.username || formState.dirtyFields.password);

  const onSubmit = form.handleSubmit((values) => {
    save.reset();
    save.mutate(values, {
      onSuccess: (answer) =>
        form.reset({ username: answer.username, password: "", current_password: "" }),
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  return (
    <SettingsCard
      id="login"
      title="Login Information"
      description={<>The username and password you sign in with.</>}
      onSubmit={onSubmit}
    >
      {impersonating && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
          {accountMessages.notWhileImpersonating}
        </Alert>
      )}

      <FormTextInput
        form={form}
        name="username"
        label="Username"
        description={`${SIGNUP_LIMITS.userNameMin} to ${SIGNUP_LIMITS.userNameMax} characters.`}
        autoComplete="username"
        maxLength={SIGNUP_LIMITS.userNameMax}
        disabled={impersonating}
      />
      <NewPasswordInput
        form={form}
        name="password"
        label="New password"
        description="Leave blank to keep your password"
        disabled={impersonating}
      />
      <FormPasswordInput
        form={form}
        name="current_password"
        label="Current password"
        description="Needed to save any change to your login information."
        autoComplete="current-password"
        disabled={impersonating}
      />

      <SaveFooter
        save={save}
        changed={changed}
        label="Save login information"
        onUndo={() => form.reset(saved)}
        valid={formState.isValid}
      />
    </SettingsCard>
  );
}
