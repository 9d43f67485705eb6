import { Stack, Text, Title } from "@mantine/core";
import { Navigate } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { useCompleteSignupInfo } from "../api/get-complete-signup.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { CompleteSignupForm } from "../components/complete-signup-form.tsx";

/** The last step of a single-sign-on sign-up (access spec screen 2). */
export function CompleteSignupPage() {
  useDocumentTitle("Complete Your Sign Up · Refrain");
  const user = useSession().data?.user;
  const done = user?.signupComplete ?? true;
  const info = useCompleteSignupInfo(!done);
  if (done) return <Navigate to="/" replace />;

  return (
    <AuthCard width={600}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            Complete your sign up
          </Title>
          <Text c="dimmed" mt={4}>
            A few more details and your classroom is ready.
          </Text>
          {info.data?.email && (
            <Text size="sm" mt="xs">
              Signed in as <strong>{info.data.email}</strong>
            </Text>
          )}
        </div>
        <QueryState query={info}>{(data) => <CompleteSignupForm info={data} />}</QueryState>
      </Stack>
    </AuthCard>
  );
}
