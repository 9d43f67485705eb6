import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link } from "react-router";
import { usePlans } from "../../account/index.ts";
import { SignupForm } from "../components/signup-form.tsx";
import { SocialButtons } from "../components/social-buttons.tsx";

/** Free trial sign-up for teachers and parents (access spec screens 3 and 6). */
export function SignUpPage() {
  useDocumentTitle("Start a Free Trial · Refrain");
  // The trial's length is the server's setting (TRIAL_DAYS); the sentence waits for it.
  const trialDays = usePlans().data?.trialDays;
  return (
    <Paper withBorder shadow="xs" p="xl" maw={600} mx="auto" mt="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            Start your free trial
          </Title>
          <Text c="dimmed" mt={4}>
            Try Refrain with your class or at home, free
            {trialDays === undefined ? "" : ` for ${trialDays} days`}.
          </Text>
        </div>
        <SocialButtons type="register" />
        <SignupForm />
        <Text size="sm" ta="center">
          Already have an account?{" "}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
