import { Stack, Title } from "@mantine/core";
import { accountMessages } from "@refrain/domain";
import { useParams } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSettings } from "../api/settings.ts";
import { DeleteAccountCard } from "../components/delete-account-card.tsx";
import { HowTeachCard } from "../components/how-teach-card.tsx";
import { InformationCard } from "../components/information-card.tsx";
import { LoginCard } from "../components/login-card.tsx";
import { PreferencesCard } from "../components/preferences-card.tsx";
import { PromoCard } from "../components/promo-card.tsx";
import { SubscriptionCard } from "../components/subscription-card.tsx";

/**
 * My Settings and Preferences (classroom spec §2 "Teacher settings", §6), its cards in the
 * spec's order. A parent pays for their own account, so they see the subscription and promo
 * cards too (docs/decisions/0024); the class cards are an actual teacher's. Each card saves alone.
 */
export function SettingsPage() {
  useDocumentTitle("Settings and Preferences · Refrain");
  // A path that names no number is nobody's account: the server answers it as not found.
  const teacherId = Number(useParams().teacherId) || 0;
  const settings = useSettings(teacherId);
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>My Settings and Preferences</Title>
      <QueryState query={settings} loading={accountMessages.loading}>
        {(answer) => (
          <>
            {answer._is_actual_teacher && (
              <PreferencesCard
                teacherId={teacherId}
                saved={answer.student}
                fluencyRecordingPossible={answer.fluencyRecordingPossible}
                consent={answer.fluencyConsent}
                classCode={answer.class_code}
              />
            )}
            <SubscriptionCard teacherId={teacherId} subscription={answer.subscription} />
            <LoginCard
              teacherId={teacherId}
              username={answer.username}
              impersonating={answer.impersonating}
            />
            <InformationCard
              teacherId={teacherId}
              saved={{
                firstname: answer.firstname,
                lastname: answer.lastname,
                email: answer.email,
                mailaddress1: answer.mailaddress1,
                mailcity: answer.mailcity,
                mailstate: answer.mailstate,
                mailzip: answer.mailzip,
              }}
            />
            {answer._is_actual_teacher && (
              <HowTeachCard teacherId={teacherId} saved={answer.howTeach} />
            )}
            <PromoCard teacherId={teacherId} subscription={answer.subscription} />
            <DeleteAccountCard
              teacherId={teacherId}
              username={answer.username}
              impersonating={answer.impersonating}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
