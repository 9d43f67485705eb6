import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { type LessonDetail, RECORDING_LIMITS } from "@refrain/domain";
import {
  IconAlertCircle,
  IconMicrophone,
  IconPlayerRecord,
  IconPlayerStop,
  IconRotateClockwise,
  IconSend,
} from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { ReadingWords } from "../components/reading-words.tsx";
import { LevelMeter } from "./level-meter.tsx";
import { containerOf, recorderType } from "./media-type.ts";
import classes from "./recorder.module.css";

/** A finished take: the recording and the upload's `filetype`. */
export interface Take {
  blob: Blob;
  type: string;
}

type Access =
  | { state: "asking" }
  | { state: "ready"; stream: MediaStream; type: string }
  | { state: "failed"; message: string };

/** What to tell the student when the browser gives no camera or microphone, by the error's name. */
function accessMessage(error: unknown, audioOnly: boolean): string {
  const devices = audioOnly ? "microphone" : "camera and microphone";
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return `Your browser did not let Refrain use the ${devices}. Allow them in the browser's settings (the icon in the address bar), then try again.`;
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return `No ${devices} could be found. Plug one in, then try again.`;
  if (name === "NotReadableError")
    return `Another app is using the ${devices}. Close it, then try again.`;
  return `The ${devices} could not be started. Ask your teacher for help.`;
}

/**
 * The camera and microphone (the microphone alone for `audioOnly`) while the recorder is open;
 * their tracks stop when it closes, so the camera light goes off when the student leaves.
 */
function useMediaStream(audioOnly: boolean, attempt: number): Access {
  const [access, setAccess] = useState<Access>({ state: "asking" });
  useEffect(() => {
    // Each Try again (`attempt`) asks the browser once more.
    void attempt;
    setAccess({ state: "asking" });
    const type =
      typeof MediaRecorder === "undefined"
        ? undefined
        : recorderType(audioOnly, (t) => MediaRecorder.isTypeSupported(t));
    if (!navigator.mediaDevices?.getUserMedia || !type) {
      setAccess({
        state: "failed",
        message: "This browser cannot record. Try Chrome, Edge or Safari.",
      });
      return;
    }
    let stream: MediaStream | undefined;
    let closed = false;
    navigator.mediaDevices
      .getUserMedia({
        audio: true,
        video: audioOnly ? false : { width: { ideal: 640 }, height: { ideal: 480 } },
      })
      .then(
        (granted) => {
          stream = granted;
          if (closed) stopTracks(granted);
          else setAccess({ state: "ready", stream: granted, type });
        },
        (error: unknown) => {
          if (!closed) setAccess({ state: "failed", message: accessMessage(error, audioOnly) });
        },
      );
    return () => {
      closed = true;
      if (stream) stopTracks(stream);
    };
  }, [audioOnly, attempt]);
  return access;
}

const stopTracks = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};
const stopRecording = (media: MediaRecorder | null) => {
  if (media?.state === "recording") media.stop();
};

const COUNTDOWN_FROM = 3;
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/**
 * Records one reading: the passage beside the camera preview (or a microphone meter), a 3-2-1
 * countdown, a one-minute timer that can be stopped early, then listen back, Redo or Send.
 */
export function Recorder({
  lesson,
  audioOnly,
  onSend,
}: {
  lesson: LessonDetail;
  audioOnly: boolean;
  onSend: (take: Take) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const access = useMediaStream(audioOnly, attempt);
  const [phase, setPhase] = useState<"ready" | "countdown" | "recording" | "review">("ready");
  const [count, setCount] = useState(COUNTDOWN_FROM);
  const [elapsed, setElapsed] = useState(0);
  const [take, setTake] = useState<(Take & { url: string }) | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = access.state === "ready" ? access.stream : null;

  // 3, 2, 1: then the recording starts.
  useEffect(() => {
    if (phase !== "countdown" || access.state !== "ready") return;
    if (count === 0) {
      const chunks: Blob[] = [];
      const media = new MediaRecorder(access.stream, { mimeType: access.type });
      media.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      media.onstop = () => {
        const blob = new Blob(chunks, { type: containerOf(access.type) });
        setTake({ blob, type: containerOf(access.type), url: URL.createObjectURL(blob) });
        setPhase("review");
      };
      media.start(1000);
      recorder.current = media;
      setElapsed(0);
      setPhase("recording");
      return;
    }
    const timer = setTimeout(() => setCount((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [phase, count, access]);

  // The one-minute timer: the recording stops itself at the limit.
  useEffect(() => {
    if (phase !== "recording") return;
    const startedAt = performance.now();
    const timer = setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsed(Math.min(seconds, RECORDING_LIMITS.seconds));
      if (seconds >= RECORDING_LIMITS.seconds) stopRecording(recorder.current);
    }, 250);
    return () => clearInterval(timer);
  }, [phase]);

  // A recording under way when the student leaves is dropped, not left running.
  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
    },
    [],
  );
  useEffect(() => () => void (take && URL.revokeObjectURL(take.url)), [take]);

  const start = () => {
    setCount(COUNTDOWN_FROM);
    setPhase("countdown");
  };
  const redo = () => {
    setTake(null);
    setPhase("ready");
  };

  const passage = <ReadingWords words={lesson.words} current={null} label="Your reading" />;

  if (access.state === "failed")
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="We cannot record yet">
        <Stack gap="sm" align="flex-start">
          <Text>{access.message}</Text>
          <Button size="lg" variant="white" color="red" onClick={() => setAttempt((a) => a + 1)}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  return (
    // The camera and buttons come first: on a tablet held upright they stay above the words.
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="md" className={classes.controls}>
        {phase === "review" && take ? (
          <>
            <Text fw={600} fz="lg">
              Listen to your reading. Send it, or try it again.
            </Text>
            {audioOnly ? (
              // biome-ignore lint/a11y/useMediaCaption: the student's own reading, just recorded; the words are beside it.
              <audio src={take.url} controls aria-label="Your recording" />
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: the student's own reading, just recorded; the words are beside it.
              <video
                src={take.url}
                controls
                playsInline
                className={`${classes.stage} ${classes.media}`}
                aria-label="Your recording"
              />
            )}
            <Group gap="md">
              <Button
                size="xl"
                variant="default"
                leftSection={<IconRotateClockwise />}
                onClick={redo}
              >
                Redo
              </Button>
              <Button size="xl" leftSection={<IconSend />} onClick={() => onSend(take)}>
                Send my reading
              </Button>
            </Group>
          </>
        ) : (
          <>
            {audioOnly ? (
              stream && <LevelMeter stream={stream} />
            ) : (
              <div className={classes.stage}>
                {/* The live preview is muted: the student would hear themselves twice. */}
                <video
                  ref={(element) => {
                    // Set once: setting it again on each render restarts the preview.
                    if (element && element.srcObject !== stream) element.srcObject = stream;
                  }}
                  autoPlay
                  muted
                  playsInline
                  className={`${classes.media} ${classes.mirror}`}
                  aria-label="Camera preview"
                />
                {phase === "countdown" && (
                  <div className={classes.countdown} aria-hidden>
                    {count}
                  </div>
                )}
              </div>
            )}
            {!audioOnly && stream && <LevelMeter stream={stream} />}
            <RecordingStatus
              phase={phase}
              count={count}
              elapsed={elapsed}
              asking={stream ? null : audioOnly ? "microphone" : "camera and microphone"}
            />
            {phase === "recording" ? (
              <Button
                size="xl"
                color="red"
                leftSection={<IconPlayerStop />}
                onClick={() => stopRecording(recorder.current)}
                w="fit-content"
              >
                Stop
              </Button>
            ) : (
              <Button
                size="xl"
                leftSection={audioOnly ? <IconMicrophone /> : <IconPlayerRecord />}
                onClick={start}
                disabled={!stream || phase === "countdown"}
                w="fit-content"
              >
                Start recording
              </Button>
            )}
          </>
        )}
      </Stack>
      {passage}
    </SimpleGrid>
  );
}

/** The countdown and the timer in words, for everyone and for screen readers. */
function RecordingStatus({
  phase,
  count,
  elapsed,
  asking,
}: {
  phase: string;
  count: number;
  elapsed: number;
  /** The devices the browser is being asked for, until it answers. */
  asking: string | null;
}) {
  if (phase === "countdown")
    return (
      <Text fw={700} fz="xl" role="status">
        Get ready… {count}
      </Text>
    );
  if (phase === "recording")
    return (
      <Stack gap={6}>
        <Group gap="xs" role="timer" aria-label="Recording time">
          <span className={classes.recordingDot} aria-hidden />
          <Text fw={700} fz="xl">
            Recording {clock(elapsed)} of {clock(RECORDING_LIMITS.seconds)}
          </Text>
        </Group>
        <Progress
          value={(elapsed / RECORDING_LIMITS.seconds) * 100}
          size="lg"
          color="red"
          aria-label="Time used"
        />
      </Stack>
    );
  return (
    <Text c="dimmed" role="status">
      {asking
        ? `Asking to use your ${asking}…`
        : "Press Start recording, wait for 3-2-1, then read the words out loud."}
    </Text>
  );
}
