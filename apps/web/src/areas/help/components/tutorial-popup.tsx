import { Alert, Button, Group, Paper, Text } from "@mantine/core";
import type { TutorialName } from "@refrain/domain";
import { IconMovie } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { awaitingFirstAnswer, PageLoader } from "../../../components/page-states.tsx";
import { useCompleteTutorial } from "../api/complete-tutorial.ts";
import { useTutorial } from "../api/get-tutorial.ts";

// The dialog brings the player and the tour: only a page whose tour is taken downloads them.
const TutorialDialog = lazy(() => import("./tutorial-dialog.tsx"));

/**
 * A page's tutorial, offered on the first visits until this user takes it or says no thanks
 * (issue 37): a small card in the page's flow, above its heading, that covers nothing and holds
 * no focus. Watch opens the tutorial popup (its video and the tour); No thanks is Complete This
 * Step, remembered by the server for this user. A failed load or `success: false` is only
 * logged (classroom spec §8): the page is never blocked by its help.
 */
export function TutorialPopup({ name }: { name: TutorialName }) {
  const { data, error } = useTutorial(name);
  const complete = useCompleteTutorial(name);
  const [opened, setOpened] = useState(false);
  const [hidden, setHidden] = useState(false);
  const titleId = useId();
  useEffect(() => {
    if (error) console.warn(`Tutorial ${name} did not load`, error);
    else if (data?.success === false) console.warn(`Tutorial ${name} is unknown to the server`);
  }, [data, error, name]);
  if (hidden || !data?.success || !data.data.show) return null;
  const tutorial = data.data;
  return (
    <>
      <Paper
        component="section"
        aria-labelledby={titleId}
        withBorder
        radius="md"
        px="md"
        py="xs"
        bg="var(--mantine-primary-color-light)"
      >
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconMovie size={20} aria-hidden />
            <Text size="sm">
              <Text span fw={600} id={titleId}>
                New here?
              </Text>{" "}
              A short tour shows {tutorial.title.toLowerCase()}.
            </Text>
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => setOpened(true)}>
              Watch a 1-minute tour
            </Button>
            <Button
              size="xs"
              variant="subtle"
              loading={complete.isPending}
              onClick={() => complete.mutate()}
            >
              No thanks
            </Button>
          </Group>
        </Group>
        {complete.isError && (
          <Alert color="red" role="alert" mt="xs" py={6}>
            Your answer could not be saved. Please try again.
          </Alert>
        )}
      </Paper>
      {opened && (
        <Suspense fallback={null}>
          <TutorialDialog
            name={name}
            tutorial={tutorial}
            onHide={() => {
              setOpened(false);
              setHidden(true);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A page whose tour card (TutorialPopup) sits above its heading: it shows once the tour has
 * answered or failed once, so that the card is in its first picture. Arriving after the page,
 * the card pushed the heading and everything under it down, on every first visit. The calls the
 * page makes itself go out meanwhile.
 */
export function WithTour({ name, children }: { name: TutorialName; children: ReactNode }) {
  return awaitingFirstAnswer(useTutorial(name)) ? <PageLoader /> : children;
}
