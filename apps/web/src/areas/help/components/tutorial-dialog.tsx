import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import {
  readyInText,
  type TutorialName,
  type TutorialResponse,
  tutorialFor,
} from "@refrain/domain";
import { useRef } from "react";
import {
  VideoPlayer,
  type VideoPlayerHandle,
} from "../../../components/video-player/video-player.tsx";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useCompleteTutorial } from "../api/complete-tutorial.ts";
import { startTour } from "../tour.ts";

type Shown = Extract<TutorialResponse, { success: true }>["data"];

/**
 * The tutorial popup (classroom spec "Tutorial popup"): the tutorial's text or its video, and the
 * two default buttons. Complete This Step dismisses it for good; Continue Tour hides it and
 * walks the page's real controls. Navigation is "both" when the page shows a control to tour,
 * "left" otherwise. Hiding it pauses the video.
 */
export default function TutorialDialog({
  name,
  tutorial,
  onHide,
}: {
  name: TutorialName;
  tutorial: Shown;
  onHide: () => void;
}) {
  const player = useRef<VideoPlayerHandle>(null);
  const complete = useCompleteTutorial(name);
  const role = useViewerRole();
  // The tour speaks the popup's words: a parent's, of their children.
  const steps = tutorialFor(name, role).steps;
  const canTour = steps.some((step) => document.querySelector(`[data-tour="${step.target}"]`));
  const hide = () => {
    player.current?.pause();
    onHide();
  };
  const completeStep = () => complete.mutate(undefined, { onSuccess: hide });
  const continueTour = () => {
    hide();
    // After the modal has let go of focus, so the tour's first button takes it.
    window.setTimeout(() => startTour(steps, () => complete.mutate()), 250);
  };
  return (
    <Modal opened onClose={hide} title={tutorial.title} size="lg" centered>
      <Stack gap="md">
        <Text>{tutorial.text}</Text>
        {tutorial.videos.length > 0 ? (
          <VideoPlayer
            ref={player}
            title={`Tutorial: ${tutorial.title}`}
            sources={tutorial.videos}
            captions={tutorial.captions}
            preload="metadata"
          />
        ) : (
          tutorial.preparing && (
            <Text size="sm" c="dimmed" role="status">
              The video of this tutorial is being prepared. {readyInText(tutorial.readyIn)}
            </Text>
          )
        )}
        {complete.isError && (
          <Alert color="red" role="alert">
            This step could not be saved. Please try again.
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={completeStep} loading={complete.isPending}>
            Complete This Step
          </Button>
          {canTour && <Button onClick={continueTour}>Continue Tour</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
