import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Radio,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import {
  PARENT_CATALOGS,
  PARENT_LANGUAGE_LABELS,
  PARENT_LANGUAGES,
  PARENT_LOCALES,
  type ParentLanguage,
  type ParentMessageId,
  parentLanguageOf,
  type UnsubscribeChoice,
  type UnsubscribeState,
} from "@refrain/domain";
import { useState } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { useParams } from "react-router";
import { PageTitle } from "../../../components/page-title.tsx";
import { useChooseUnsubscribe, useUnsubscribeState } from "../api/unsubscribe.ts";
import { rememberedLanguage, rememberLanguage } from "../parent-language.ts";

/** What the parent has stopped already, in the page's two choices. */
function stoppedOf({ unsubscribed }: UnsubscribeState): UnsubscribeChoice | null {
  if (unsubscribed.weekly_report && unsubscribed.parent_emails) return "all";
  return unsubscribed.weekly_report ? "weekly_report" : null;
}

/**
 * The page an e-mail's unsubscribe link opens (/u/:token), for a parent who has no account.
 * Opening it changes nothing (mail scanners open links too): only the button does. It speaks
 * the language the teacher set for the parent until the parent picks another, here or on any
 * parent page, which this browser remembers (parent-language.ts).
 */
export function UnsubscribePage() {
  const { token = "" } = useParams();
  const state = useUnsubscribeState(token);
  const [chosen, setChosen] = useState<ParentLanguage | null>(rememberedLanguage);
  const language =
    chosen ??
    state.data?.language ??
    parentLanguageOf(globalThis.navigator?.language) ??
    PARENT_LANGUAGES[0];
  const choose = (next: ParentLanguage) => {
    rememberLanguage(next);
    setChosen(next);
  };
  return (
    <IntlProvider
      locale={PARENT_LOCALES[language]}
      messages={PARENT_CATALOGS[language]}
      defaultLocale="en-US"
    >
      <Container size="sm" py="xl" lang={language}>
        <Stack gap="lg">
          <LanguageSwitch language={language} onChange={choose} />
          {state.isPending ? (
            <Loading />
          ) : state.isError ? (
            <InvalidLink />
          ) : (
            <Unsubscribe token={token} state={state.data} />
          )}
        </Stack>
      </Container>
    </IntlProvider>
  );
}

function useMessage() {
  const intl = useIntl();
  return (id: ParentMessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
}

function LanguageSwitch(props: {
  language: ParentLanguage;
  onChange: (language: ParentLanguage) => void;
}) {
  const t = useMessage();
  return (
    <Group justify="flex-end">
      <SegmentedControl
        aria-label={t("language.label")}
        value={props.language}
        onChange={(value) => props.onChange(parentLanguageOf(value) ?? props.language)}
        data={PARENT_LANGUAGES.map((value) => ({ value, label: PARENT_LANGUAGE_LABELS[value] }))}
      />
    </Group>
  );
}

function Loading() {
  const t = useMessage();
  return (
    <Group role="status">
      <Loader size="sm" />
      <Text>{t("unsubscribe.loading")}</Text>
    </Group>
  );
}

function InvalidLink() {
  const t = useMessage();
  return (
    <Stack gap="md">
      <PageTitle>{t("unsubscribe.invalid.title")}</PageTitle>
      <Alert color="orange">{t("unsubscribe.invalid.body")}</Alert>
    </Stack>
  );
}

function Unsubscribe({ token, state }: { token: string; state: UnsubscribeState }) {
  const t = useMessage();
  const name = state.firstname;
  const mutation = useChooseUnsubscribe(token);
  const [choice, setChoice] = useState<UnsubscribeChoice>(
    state.list === "weekly_report" ? "weekly_report" : "all",
  );
  const [undone, setUndone] = useState(false);
  const stopped = stoppedOf(state);
  const send = (undo: boolean) =>
    mutation.mutate(
      { choice: undo && stopped ? stopped : choice, undo },
      { onSuccess: () => setUndone(undo) },
    );

  return (
    <Stack gap="md">
      <PageTitle>{t("unsubscribe.title", { name })}</PageTitle>
      <Text>{t(`unsubscribe.intro.${state.list}`, { name })}</Text>
      {mutation.isError && (
        <Alert color="red" role="alert">
          {t("unsubscribe.failed")}
        </Alert>
      )}
      {stopped ? (
        <Alert color="green" role="status">
          <Stack gap="sm">
            <Text fw={600}>{t(`unsubscribe.done.${stopped}`, { name })}</Text>
            <Text size="sm">{t("unsubscribe.done.teacher", { name })}</Text>
            <Group>
              <Button variant="default" loading={mutation.isPending} onClick={() => send(true)}>
                {t("unsubscribe.undo")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send(false);
          }}
        >
          <Stack gap="md">
            {undone && (
              <Alert color="blue" role="status">
                {t("unsubscribe.undone")}
              </Alert>
            )}
            <Radio.Group
              label={t("unsubscribe.choice.legend")}
              value={choice}
              onChange={(value) => setChoice(value === "weekly_report" ? value : "all")}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="weekly_report" label={t("unsubscribe.choice.weekly_report")} />
                <Radio value="all" label={t("unsubscribe.choice.all", { name })} />
              </Stack>
            </Radio.Group>
            <Group>
              <Button type="submit" loading={mutation.isPending}>
                {t("unsubscribe.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
