import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Button,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { LOGIN_LIMITS, type LoginRequest, loginRequest, messages } from "@refrain/domain";
import { IconAlertCircle } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useLogin } from "../api/login.ts";

/** Teacher login page with the sign-in panel (access spec screens 12–13). */
export function LoginPage() {
  useDocumentTitle("Teacher Login · Refrain");
  const login = useLogin();
  const form = useForm<z.input<typeof loginRequest>, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { login: "", password: "" },
  });
  const { errors } = form.formState;
  // A wrong login or password belongs under the login field; anything else goes in the alert.
  const badLogin = login.error instanceof ApiError && Boolean(login.error.errors?.login);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      // A full load, so the page gets the new session and its CSRF tag from the server.
      onSuccess: (answer) => window.location.assign(answer.redirect),
      onError: (error) => {
        if (error instanceof ApiError && error.errors?.login) {
          form.setError("login", { message: messages.invalidLogin });
        }
      },
    }),
  );

  return (
    <Paper withBorder shadow="xs" p="xl" maw={440} mx="auto" mt="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              Welcome back
            </Title>
            <Text c="dimmed" mt={4}>
              Sign on with your Teacher or Parent email or username
            </Text>
          </div>
          {login.isError && !badLogin && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {errorText(login.error)}
            </Alert>
          )}
          <TextInput
            label="Username or Email"
            autoComplete="username"
            maxLength={LOGIN_LIMITS.login}
            error={errors.login?.message}
            {...form.register("login")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            maxLength={LOGIN_LIMITS.password}
            error={errors.password?.message}
            {...form.register("password")}
          />
          <Button type="submit" fullWidth loading={login.isPending || login.isSuccess}>
            Sign In
          </Button>
          <Text size="sm" ta="center">
            Student?{" "}
            <Anchor component={Link} to="/student/login">
              Log in here
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
