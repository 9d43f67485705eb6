import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { type LessonDetail, lessonsCalls, pathOf, SLOW_PLAYBACK_RATE } from "@refrain/domain";
import { IconPlayerPause, IconPlayerPlay, IconRotateClockwise } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { newId } from "../../../lib/new-id.ts";
import { useLearningTime, useRecordReadAlong } from "../api/record-learning.ts";
import { ReadingWords } from "./reading-words.tsx";

/**
 * The read-along: the lesson's track plays while each word lights up with its WebVTT cue.
 * A play heard to the end counts as a read-along (unless `preview`, which records nothing).
 */
export function ReadAlong({
  lesson,
  preview,
  count,
  required,
  slow,
}: {
  lesson: LessonDetail;
  preview: boolean;
  /** Read-alongs counted so far; undefined in a preview. */
  count: number | undefined;
  /** How many the count is shown out of. */
  required: number;
  slow: boolean;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const track = useRef<HTMLTrackElement>(null);
  // The play under way: made when the track starts from the beginning, sent when it ends.
  const play = useRef<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const recordReadAlong = useRecordReadAlong();
  useLearningTime(preview ? null : lesson.lessonid, "reading", playing);

  // A metadata track's cues only fire `cuechange` once the track is not "disabled".
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    element.track.mode = "hidden";
    const onCueChange = () => {
      const cues = element.track.activeCues;
      const cue = cues && cues.length > 0 ? cues[cues.length - 1] : undefined;
      const index = cue ? Number(cue.id) : Number.NaN;
      if (Number.isInteger(index)) setCurrent(index);
    };
    element.addEventListener("cuechange", onCueChange);
    return () => element.removeEventListener("cuechange", onCueChange);
  }, []);

  // `slow_video`: the whole track plays slower, the words lighting up with it.
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const rate = slow ? SLOW_PLAYBACK_RATE : 1;
    element.defaultPlaybackRate = rate;
    element.playbackRate = rate;
  }, [slow]);

  // play() refuses when the track cannot load; the button then simply stays "Play".
  const start = (element: HTMLAudioElement) => element.play().catch(() => setPlaying(false));
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void start(element);
    else element.pause();
  };
  const restart = () => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    play.current = newId();
    setCurrent(null);
    void start(element);
  };
  const onPlay = () => {
    play.current ??= newId();
    setPlaying(true);
    setFinished(false);
  };
  const onEnded = () => {
    setPlaying(false);
    setCurrent(null);
    setFinished(true);
    const id = play.current;
    play.current = null;
    if (!preview && id) recordReadAlong.mutate({ lesson: lesson.lessonid, play: id });
  };

  return (
    <Stack gap="lg">
      {/* biome-ignore lint/a11y/useMediaCaption: the words themselves are on the page; the track holds their timings. */}
      <audio
        ref={audio}
        src={pathOf(lessonsCalls.track, { lessonId: lesson.lessonid })}
        preload="auto"
        onPlay={onPlay}
        onPause={() => setPlaying(false)}
        onEnded={onEnded}
      >
        <track
          ref={track}
          kind="metadata"
          default
          src={pathOf(lessonsCalls.timings, { lessonId: lesson.lessonid })}
        />
      </audio>
      <Group gap="md" justify="space-between" wrap="wrap">
        <Group gap="md">
          <Button
            size="lg"
            onClick={toggle}
            leftSection={playing ? <IconPlayerPause /> : <IconPlayerPlay />}
          >
            {playing ? "Pause" : "Play"}
          </Button>
          <Button
            size="lg"
            variant="default"
            onClick={restart}
            leftSection={<IconRotateClockwise />}
          >
            Start over
          </Button>
        </Group>
        {count !== undefined && (
          <Text fw={600} fz="lg" data-testid="read-along-count">
            Read-along {Math.min(count, required)} of {required}
          </Text>
        )}
      </Group>
      {slow && (
        <Text c="dimmed" size="sm">
          The song plays a little slower for you.
        </Text>
      )}
      {recordReadAlong.isError && <ErrorAlert error={recordReadAlong.error} />}
      {finished && (recordReadAlong.isSuccess || preview) && (
        <Alert color="teal" variant="light" title="Well done!" role="status">
          You read along to the end.
        </Alert>
      )}
      <ReadingWords words={lesson.words} current={current} />
    </Stack>
  );
}
