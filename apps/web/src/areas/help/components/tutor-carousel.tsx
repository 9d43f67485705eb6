import { ActionIcon, Box, Button, Group, Text, UnstyledButton } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { readyInText, type TutorVideo } from "@refrain/domain";
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from "@tabler/icons-react";
import useEmblaCarousel from "embla-carousel-react";
import { type FocusEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { VideoPopout } from "../../../components/video-popout.tsx";
import { isPreparing } from "../api/get-tutor-videos.ts";
import classes from "./tutor-carousel.module.css";
import { isPlaying, rotates, useRotation } from "./tutor-carousel-rotation.ts";

/**
 * The tutor video carousel (classroom spec "Tutor video carousel"): the videos with their
 * thumbnails and titles, moving on by themselves every 4 seconds, with previous and next, a dot
 * per video, and a slide's video playing in a large modal. It stands still while the pointer is
 * over the slides, while keyboard focus is in it, while a video plays, after Pause, and from the
 * start for who prefers reduced motion (who then also get slides that jump rather than glide).
 */
export function TutorCarousel({
  videos,
  heading,
  headingId,
}: {
  videos: TutorVideo[];
  /** The section's heading, beside Pause/Play; it names the carousel (`headingId`). */
  heading: ReactNode;
  headingId: string;
}) {
  const reducedMotion = useReducedMotion(undefined, { getInitialValueInEffect: false });
  // Every video is a stop (no trimmed snaps), so each dot stands for one video.
  const [viewport, embla] = useEmblaCarousel({ loop: true, align: "start", containScroll: false });
  const [selected, setSelected] = useState(0);
  const [choice, setChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [watching, setWatching] = useState(false);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const playing = isPlaying(choice, reducedMotion);

  useEffect(() => {
    if (!embla) return;
    const follow = () => setSelected(embla.selectedScrollSnap());
    follow();
    embla.on("select", follow).on("reInit", follow);
    return () => {
      embla.off("select", follow).off("reInit", follow);
    };
  }, [embla]);

  useRotation(rotates(playing, { hovered, focused, watching }), () =>
    embla?.scrollNext(reducedMotion),
  );

  // Keyboard focus holds the slides still; a click's focus does not (the pointer already
  // does while it is over the slides), nor does focus on Pause/Play, which says what it wants.
  const onFocus = (event: FocusEvent) =>
    setFocused(
      event.target !== rotationButton.current &&
        event.target instanceof Element &&
        event.target.matches(":focus-visible"),
    );
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false);
  };

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <Group justify="space-between" wrap="nowrap">
        {heading}
        <Button
          ref={rotationButton}
          variant="default"
          size="xs"
          leftSection={
            playing ? <IconPlayerPauseFilled size={14} /> : <IconPlayerPlayFilled size={14} />
          }
          onClick={() => setChoice(!playing)}
        >
          {playing ? "Pause slideshow" : "Play slideshow"}
        </Button>
      </Group>

      <div
        className={classes.viewport}
        ref={viewport}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
      >
        <div className={classes.container}>
          {videos.map((video, index) => (
            <Box
              key={video.id}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${videos.length}`}
            >
              <VideoPopout
                title={video.title}
                sources={video.videos}
                captions={video.captions}
                poster={video.thumbnail}
                preparing={isPreparing(video)}
                readyWhen={readyInText(video.readyIn)}
                onOpenChange={setWatching}
              />
              <Text fw={600} mt="xs" lineClamp={2}>
                {video.title}
              </Text>
            </Box>
          ))}
        </div>
      </div>

      <Group justify="center" gap="xs">
        <ActionIcon
          variant="default"
          aria-label="Previous video"
          onClick={() => embla?.scrollPrev(reducedMotion)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        {videos.map((video, index) => (
          <UnstyledButton
            key={video.id}
            className={classes.dot}
            aria-label={`Show ${video.title}`}
            aria-current={index === selected || undefined}
            onClick={() => embla?.scrollTo(index, reducedMotion)}
          />
        ))}
        <ActionIcon
          variant="default"
          aria-label="Next video"
          onClick={() => embla?.scrollNext(reducedMotion)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
    </section>
  );
}
