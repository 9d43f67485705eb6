import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_PARAM,
  emailLinkMessages,
  LOGIN_LIMITS,
  loginMessages,
  loginRequest,
  messages,
} from "@refrain/domain";
import { IconClockExclamation } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSchemaForm } from "../../../lib/schema-form.ts";
import { useLogin } from "../api/login.ts";
import { AuthCard, AuthHeading } from "../components/auth-card.tsx";
import { EmailLinkForm } from "../components/email-link-form.tsx";
import { SocialButtons } from "../components/social-buttons.tsx";

/** Teacher login page with the sign-in panel (access spec screens 12–13). */
export function LoginPage() {
  useDocumentTitle("Teacher Login · Refrain");
  const login = useLogin();
  // A login link that no longer works comes back here as /login?link=expired.
  const [params] = useSearchParams();
  const linkExpired = params.get(EMAIL_LINK_PARAM) === EMAIL_LINK_EXPIRED;
  const form = useSchemaForm(loginRequest, { login: "", password: "" });
  // A wrong login or password belongs under the login field; anything else goes in the alert.
  const badLogin = login.error instanceof ApiError && Boolean(login.error.errors?.login);
  // Held back after too many tries (here, or at a new address after many elsewhere): a link by
  // e-mail still signs in, so the page says so and offers it, filled in when an address was typed.
  const heldBack = login.error instanceof ApiError && login.error.status === 429;
  const typedLogin = form.values.login;

  const focusEmailLink = (event: React.MouseEvent) => {
    event.preventDefault();
    document.querySelector<HTMLInputElement>("#email-link input[type=email]")?.focus();
  };

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      // A full load, so the page gets the new session and its CSRF tag from the server.
      onSuccess: (answer) => window.location.assign(answer.redirect),
      onError: (error) => {
        if (error instanceof ApiError && error.errors?.login) {
          form.setError("login", messages.invalidLogin);
        }
      },
    }),
  );

  return (
    <AuthCard>
      <Stack gap="md">
        <AuthHeading title="Welcome back">
          Sign in with your Teacher or Parent email or username
        </AuthHeading>
        {linkExpired && (
          <Alert color="orange" variant="light" icon={<IconClockExclamation />} role="alert">
            {emailLinkMessages.expired}
          </Alert>
        )}
        <SocialButtons type="login" />
        <form onSubmit={onSubmit} noValidate aria-label="Sign in">
          <Stack gap="md">
            {/* A wrong name or password shows at the field instead. */}
            {heldBack ? (
              <Alert color="orange" variant="light" icon={<IconClockExclamation />} role="alert">
                {loginMessages.heldBack}{" "}
                <Anchor href="#email-link" onClick={focusEmailLink}>
                  {loginMessages.heldBackLink}
                </Anchor>
              </Alert>
            ) : (
              <ErrorAlert error={badLogin ? null : login.error} />
            )}
            <TextInput
              {...form.field("login")}
              label="Username or Email"
              autoComplete="username"
              maxLength={LOGIN_LIMITS.login}
            />
            <PasswordInput
              {...form.field("password")}
              label="Password"
              autoComplete="current-password"
              maxLength={LOGIN_LIMITS.password}
            />
            <Button type="submit" fullWidth loading={login.isPending || login.isSuccess}>
              Sign In
            </Button>
          </Stack>
        </form>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to="/password/reset" size="sm">
            Forgot username or password?
          </Anchor>
          <Anchor component={Link} to="/sign-up" size="sm">
            Need An Account?
          </Anchor>
        </Group>
        <Divider />
        <EmailLinkForm
          id="email-link"
          suggestedEmail={heldBack && typedLogin.includes("@") ? typedLogin : ""}
        />
        <Divider />
        <Text size="sm" ta="center">
          Student?{" "}
          <Anchor component={Link} to="/student/login">
            Log in here
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
