import { Group, Loader, Modal, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconMovie, IconPlayerPlayFilled } from "@tabler/icons-react";
import type { MediaSource } from "./video-player/playback.ts";
import { VideoPlayer } from "./video-player/video-player.tsx";
import classes from "./video-popout.module.css";

export interface VideoPopoutProps {
  title: string;
  /** The video's files, best first; none yet while it is being made. */
  sources: readonly MediaSource[];
  captions?: string | null;
  /** The picture shown before play, in the thumbnail and the player. */
  poster?: string | null;
  /** The video is still being made: the popout says so and plays nothing yet. */
  preparing?: boolean;
  /** While it is being made, when it should be ready (in words). */
  readyWhen?: string;
  /** Off: the video opens in a new tab of the browser instead of a modal. */
  modal?: boolean;
  quizLink?: string;
  /** Told when the modal opens and closes (a carousel stands still meanwhile). */
  onOpenChange?: (opened: boolean) => void;
}

/**
 * The video popout (classroom spec "Video popout"): a thumbnail with a play overlay; a click
 * opens a large modal with the player playing, or the video in a new tab when `modal` is off.
 */
export function VideoPopout({
  title,
  sources,
  captions,
  poster,
  preparing = false,
  readyWhen,
  modal = true,
  quizLink,
  onOpenChange,
}: VideoPopoutProps) {
  const [opened, { open, close }] = useDisclosure(false, {
    onOpen: () => onOpenChange?.(true),
    onClose: () => onOpenChange?.(false),
  });
  const first = sources[0];

  if (preparing || !first) {
    return (
      <div className={classes.frame} data-waiting>
        {poster && <Thumbnail poster={poster} />}
        <div className={classes.notice} role="status">
          <Group className={classes.pill} gap={8} wrap="nowrap">
            {preparing && <Loader size="xs" aria-hidden />}
            <div>
              <Text size="sm" fw={600}>
                {preparing ? "This video is being prepared" : "This video is not available yet"}
              </Text>
              {preparing && readyWhen && <Text size="xs">{readyWhen}</Text>}
            </div>
          </Group>
        </div>
      </div>
    );
  }

  if (!modal) {
    return (
      <a
        className={classes.frame}
        href={first.path}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Play video: ${title} (opens in a new tab)`}
      >
        <Thumbnail poster={poster} />
        <PlayOverlay />
      </a>
    );
  }

  return (
    <>
      <UnstyledButton className={classes.frame} onClick={open} aria-label={`Play video: ${title}`}>
        <Thumbnail poster={poster} />
        <PlayOverlay />
      </UnstyledButton>
      <Modal opened={opened} onClose={close} title={title} size="xl" centered>
        <VideoPlayer
          title={title}
          sources={sources}
          captions={captions}
          poster={poster}
          quizLink={quizLink}
          autoPlay
        />
      </Modal>
    </>
  );
}

/** The video's picture, or a calm stand-in while it has none. */
function Thumbnail({ poster }: { poster: string | null | undefined }) {
  return poster ? (
    <img className={classes.poster} src={poster} alt="" loading="lazy" />
  ) : (
    <div className={classes.placeholder}>
      <IconMovie size={48} stroke={1.5} aria-hidden />
    </div>
  );
}

function PlayOverlay() {
  return (
    <span className={classes.play} aria-hidden>
      <IconPlayerPlayFilled size={22} />
    </span>
  );
}
