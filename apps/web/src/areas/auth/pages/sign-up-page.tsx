import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { TRIAL_DAYS } from "@refrain/domain";
import { Link } from "react-router";
import { SignupForm } from "../components/signup-form.tsx";
import { SocialButtons } from "../components/social-buttons.tsx";

/** Free trial sign-up for teachers and parents (access spec screens 3 and 6). */
export function SignUpPage() {
  useDocumentTitle("Start a Free Trial · Refrain");
  return (
    <Paper withBorder shadow="xs" p="xl" maw={600} mx="auto" mt="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            Start your free trial
          </Title>
          <Text c="dimmed" mt={4}>
            Try Refrain with your class or at home, free for {TRIAL_DAYS} days.
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
