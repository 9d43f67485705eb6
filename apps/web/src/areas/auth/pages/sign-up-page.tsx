import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { usePlans } from "../../account/index.ts";
import { AuthCard, AuthHeading } from "../components/auth-card.tsx";
import { SignupForm } from "../components/signup-form.tsx";
import { SocialButtons } from "../components/social-buttons.tsx";

/** Free trial sign-up for teachers and parents (access spec screens 3 and 6). */
export function SignUpPage() {
  useDocumentTitle("Start a Free Trial · Refrain");
  // The trial's length is the server's setting (TRIAL_DAYS); the sentence waits for it.
  const trialDays = usePlans().data?.trialDays;
  return (
    <AuthCard width={600}>
      <Stack gap="lg">
        <AuthHeading title="Start your free trial">
          Try Refrain with your class or at home, free
          {trialDays === undefined ? "" : ` for ${trialDays} days`}.
        </AuthHeading>
        <SocialButtons type="register" />
        <SignupForm />
        <Text size="sm" ta="center">
          Already have an account?{" "}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
