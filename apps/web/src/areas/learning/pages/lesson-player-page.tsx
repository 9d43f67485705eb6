import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  type LessonDetail,
  lessonsCalls,
  MAX_HEARTBEAT_SECONDS,
  pathOf,
  READ_ALONGS_REQUIRED,
} from "@refrain/domain";
import {
  IconArrowLeft,
  IconPlayerPause,
  IconPlayerPlay,
  IconRotateClockwise,
} from "@tabler/icons-react";
import { Fragment, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { useLesson } from "../../lessons/api/get-lesson.ts";
import { useStudentHome } from "../api/get-student-home.ts";
import { sendReadingHeartbeat, useRecordReadAlong } from "../api/record-learning.ts";
import { LessonProgressBadges } from "../components/lesson-progress.tsx";
import classes from "./lesson-player-page.module.css";

/** How often time spent playing is sent (the spec's ~30 s heartbeat). */
const HEARTBEAT_MS = 30_000;

/** The lesson player: step "read" plays the track while the words light up one by one. */
export function LessonPlayerPage() {
  const { lessonId, step } = useParams();
  const id = Number(lessonId);
  // An address no lesson can have asks the server nothing.
  if (!Number.isInteger(id) || id < 1 || step !== "read") return <NotFoundPage />;
  return <LessonLoader lessonId={id} />;
}

function LessonLoader({ lessonId }: { lessonId: number }) {
  const lesson = useLesson(lessonId);
  return (
    <QueryState query={lesson} loading="Loading the lesson...">
      {({ data }) => <ReadAlong lesson={data} />}
    </QueryState>
  );
}

/**
 * The words by line, as the lyrics lay them out, each with its index in `words`; a line after
 * a blank one (a skipped line number) starts a stanza.
 */
function linesOf(words: LessonDetail["words"]) {
  const lines: { line: number; stanzaStart: boolean; words: { index: number; text: string }[] }[] =
    [];
  words.forEach((word, index) => {
    const last = lines.at(-1);
    if (last && last.line === word.line) last.words.push({ index, text: word.text });
    else
      lines.push({
        line: word.line,
        stanzaStart: last !== undefined && word.line > last.line + 1,
        words: [{ index, text: word.text }],
      });
  });
  return lines;
}

function ReadAlong({ lesson }: { lesson: LessonDetail }) {
  useDocumentTitle(`${lesson.ltitle} · Refrain`);
  const audio = useRef<HTMLAudioElement>(null);
  const track = useRef<HTMLTrackElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [readAlongs, setReadAlongs] = useState<number | null>(null);
  const home = useStudentHome();
  const progress = home.data?.data.progress.find((p) => p.lessonid === lesson.lessonid);
  const recordReadAlong = useRecordReadAlong();

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

  // Time is counted only while the track plays, sent every ~30 s and when it stops.
  useEffect(() => {
    if (!playing) return;
    let since = Date.now();
    const flush = () => {
      const seconds = Math.min(MAX_HEARTBEAT_SECONDS, Math.round((Date.now() - since) / 1000));
      since = Date.now();
      // A lost heartbeat loses half a minute of reading time, not the read-along.
      if (seconds >= 1) sendReadingHeartbeat(lesson.lessonid, seconds).catch(() => undefined);
    };
    const timer = window.setInterval(flush, HEARTBEAT_MS);
    return () => {
      window.clearInterval(timer);
      flush();
    };
  }, [playing, lesson.lessonid]);

  // play() refuses when the track cannot load; the button then simply stays "Play".
  const play = (element: HTMLAudioElement) => element.play().catch(() => setPlaying(false));
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void play(element);
    else element.pause();
  };
  const restart = () => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    setCurrent(null);
    void play(element);
  };
  const onEnded = () => {
    setPlaying(false);
    setCurrent(null);
    recordReadAlong.mutate(lesson.lessonid, {
      onSuccess: (answer) => setReadAlongs(answer.readAlongs),
    });
  };

  // Without "require 3x" the read-alongs unlock nothing, but three is still the goal shown.
  const required = progress?.readAlongsRequired || READ_ALONGS_REQUIRED;
  const count = readAlongs ?? progress?.readAlongs;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={18} />
          My lessons
        </Group>
      </Anchor>
      <Paper withBorder p="lg">
        <Title order={1}>{lesson.ltitle}</Title>
        <Text c="dimmed" mt={4}>
          Read along: listen and follow the words.
        </Text>
        {progress && (
          <Stack mt="sm">
            <LessonProgressBadges progress={progress} />
          </Stack>
        )}
      </Paper>
      {/* biome-ignore lint/a11y/useMediaCaption: the words themselves are on the page; the track holds their timings. */}
      <audio
        ref={audio}
        src={pathOf(lessonsCalls.track, { lessonId: lesson.lessonid })}
        preload="auto"
        onPlay={() => setPlaying(true)}
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
      <Group gap="md">
        <Button
          size="lg"
          onClick={toggle}
          leftSection={playing ? <IconPlayerPause /> : <IconPlayerPlay />}
        >
          {playing ? "Pause" : "Play"}
        </Button>
        <Button size="lg" variant="default" onClick={restart} leftSection={<IconRotateClockwise />}>
          Start over
        </Button>
      </Group>
      {count !== undefined && (
        <Text fw={600} fz="lg" data-testid="read-along-count">
          Read-along {Math.min(count, required)} of {required}
        </Text>
      )}
      {recordReadAlong.isError && <ErrorAlert error={recordReadAlong.error} />}
      {readAlongs !== null && (
        <Alert color="teal" variant="light" title="Well done!">
          You read along to the end.
        </Alert>
      )}
      <Paper withBorder p="lg" className={classes.words} aria-live="off">
        {linesOf(lesson.words).map((line) => (
          <p key={line.line} className={classes.line} data-stanza={line.stanzaStart || undefined}>
            {line.words.map((word) => (
              // The space stays outside the word, so the highlight hugs the word alone.
              <Fragment key={word.index}>
                <span
                  className={classes.word}
                  data-word={word.index}
                  data-current={word.index === current || undefined}
                >
                  {word.text}
                </span>{" "}
              </Fragment>
            ))}
          </p>
        ))}
      </Paper>
    </Stack>
  );
}
