import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type {
  LessonDetail,
  LessonProgressSummary,
  LessonSummary,
  OwnRecording,
  RecordedClassification,
  StudentLessonRecordings,
} from "@refrain/domain";
import { IconCircleCheck, IconLock, IconUpload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { QueryState, type QueryView } from "../../../components/page-states.tsx";
import { studentHomeQuery } from "../api/get-student-home.ts";
import { inProgress, studentRecordingsQuery } from "../api/student-recordings.ts";
import {
  nextAfterReading,
  playerPath,
  RECORDING_STEPS,
  type RecordingStep,
} from "../player-path.ts";
import {
  dropPending,
  findPending,
  keepPending,
  notSentText,
  type PendingRecording,
  pendingKey,
  sendPending,
} from "./pending-recording.ts";
import { Recorder, type Take } from "./recorder.tsx";

const TITLES: Record<RecordedClassification, string> = {
  cold_read: "Cold read",
  hot_read: "Hot read",
  benchmark: "Benchmark reading",
};
const INTROS: Record<RecordedClassification, string> = {
  cold_read: "Read the words out loud before you hear the song. Just do your best!",
  hot_read: "You know this one now! Read the words out loud as well as you can.",
  benchmark: "Read the words out loud for your teacher.",
};
const LOCKED: Record<RecordedClassification, string> = {
  cold_read:
    "The cold read is recorded before your first read-along, and you have read along with this lesson already.",
  hot_read: "Read along three times first. Then you can record your hot read.",
  benchmark: "Your teacher has not opened this reading yet.",
};
/**
 * A benchmark session (issue 39) as the lesson player sees it: whether this passage is still to
 * read, and the next passage to read once it is sent.
 */
export interface BenchmarkSession {
  toRead: boolean;
  next: LessonSummary | null;
}

/** A recording step of the lesson player: the recorder, or why not, or the sent reading. */
export function RecordingStepPanel({
  lesson,
  step,
  userId,
  recordings,
  progress,
  session,
}: {
  lesson: LessonDetail;
  step: RecordingStep;
  userId: number;
  /** The student's readings of the lesson; undefined in a preview. */
  recordings: QueryView<StudentLessonRecordings> | undefined;
  /** What the student has done of the lesson; undefined in a preview. */
  progress: LessonProgressSummary | undefined;
  /** Where the lesson stands in a benchmark session; null in a preview. */
  session: BenchmarkSession | null;
}) {
  const classification = RECORDING_STEPS[step];
  const after = nextAfterReading(step, progress?.next);
  const inSession = step === "benchmark" && session;
  // A passage to read cold leads nowhere else (a read-along first would practise it); once
  // sent, the session's next passage, the questions waiting for another day.
  const next =
    inSession && session.toRead
      ? null
      : inSession && session.next
        ? {
            label: `Next passage: ${session.next.ltitle}`,
            to: playerPath(session.next.lessonid, "benchmark"),
          }
        : after && { label: after.label, to: playerPath(lesson.lessonid, after.step) };
  return (
    <Stack gap="lg">
      <Title order={2}>{TITLES[classification]}</Title>
      {recordings === undefined ? (
        <Text size="lg">Students record their reading here. A preview records nothing.</Text>
      ) : (
        <QueryState query={recordings} loading="Loading your readings...">
          {(data) => {
            const option = data.allowed ? data.options[classification] : "none";
            if (option === "none")
              return <Text size="lg">There is no reading to record for this lesson.</Text>;
            if (option === "locked")
              return (
                <Paper withBorder p="xl">
                  <Group gap="sm" wrap="nowrap">
                    <IconLock aria-hidden />
                    <Text size="lg">{LOCKED[classification]}</Text>
                  </Group>
                </Paper>
              );
            const sent = data.recordings.find((r) => r.classification === classification);
            if (option === "sent" && sent) return <SentReading recording={sent} />;
            return (
              <AvailableReading
                lesson={lesson}
                classification={classification}
                audioOnly={data.lyricsOnly}
                pendingKey={pendingKey(userId, lesson.lessonid, classification)}
              />
            );
          }}
        </QueryState>
      )}
      {next && (
        <Button component={Link} to={next.to} size="lg" variant="light" w="fit-content">
          {next.label}
        </Button>
      )}
    </Stack>
  );
}

/**
 * How a sent reading stands, in calm words only (never the pipeline's status word); the player
 * asks again until it is ready.
 */
export function SentReading({ recording }: { recording: OwnRecording }) {
  const text = inProgress(recording)
    ? "Your reading is on its way to your teacher. We are getting it ready."
    : recording.status === "complete"
      ? "Your teacher can watch your reading now."
      : "Something went wrong with your reading. Your teacher can try it again.";
  return (
    <Alert
      color={recording.status === "failed" ? "orange" : "teal"}
      variant="light"
      icon={<IconCircleCheck />}
      title="Your reading was sent"
      role="status"
    >
      <Text>{text}</Text>
    </Alert>
  );
}

type Sending =
  | { state: "checking" }
  | { state: "recording" }
  /** A kept recording not all sent; `failure` says why, when sending it here just stopped. */
  | { state: "pending"; pending: PendingRecording; failure: string | null }
  | { state: "sending"; progress: number };

/** A reading the student may record: the recorder, or finishing one sent before a reload. */
function AvailableReading({
  lesson,
  classification,
  audioOnly,
  pendingKey: key,
}: {
  lesson: LessonDetail;
  classification: RecordedClassification;
  audioOnly: boolean;
  pendingKey: string;
}) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Sending>({ state: "checking" });
  const stopSending = useRef(new AbortController());

  useEffect(() => {
    let open = true;
    void findPending(key)
      .catch(() => undefined)
      .then((pending) => {
        if (open)
          setSending(
            pending ? { state: "pending", pending, failure: null } : { state: "recording" },
          );
      });
    const controller = new AbortController();
    stopSending.current = controller;
    // Leaving the step stops sending; the kept recording is offered again on return.
    return () => {
      open = false;
      controller.abort();
    };
  }, [key]);

  const send = (pending: PendingRecording) => {
    setSending({ state: "sending", progress: 0 });
    sendPending(
      pending,
      (progress) => setSending({ state: "sending", progress }),
      stopSending.current.signal,
    ).then(
      () =>
        Promise.all([
          queryClient.invalidateQueries(studentRecordingsQuery(lesson.lessonid)),
          // The home says which benchmark passages are still to read.
          queryClient.invalidateQueries(studentHomeQuery),
        ]),
      (error: unknown) => {
        if (!stopSending.current.signal.aborted)
          setSending({ state: "pending", pending, failure: notSentText(error) });
      },
    );
  };
  const sendTake = async (take: Take) => {
    const pending: PendingRecording = {
      key,
      lessonId: lesson.lessonid,
      classification,
      blob: take.blob,
      type: take.type,
      uploadUrl: null,
    };
    await keepPending(pending);
    send(pending);
  };
  const recordAgain = () => {
    void dropPending(key);
    setSending({ state: "recording" });
  };

  switch (sending.state) {
    case "checking":
      return null;
    case "recording":
      return (
        <Stack gap="md">
          <Text size="lg">{INTROS[classification]}</Text>
          <Recorder lesson={lesson} audioOnly={audioOnly} onSend={(take) => void sendTake(take)} />
        </Stack>
      );
    case "sending":
      return (
        <Paper withBorder p="xl">
          <Stack gap="sm">
            <Text size="lg" fw={600}>
              Sending your reading…
            </Text>
            <Progress
              value={sending.progress * 100}
              size="xl"
              radius="xl"
              aria-label="Sent so far"
            />
            <Text size="sm" c="dimmed">
              If the internet drops, sending goes on by itself when it is back.
            </Text>
          </Stack>
        </Paper>
      );
    case "pending":
      return (
        <UnsentReading
          failure={sending.failure}
          onSend={() => send(sending.pending)}
          onRecordAgain={recordAgain}
        />
      );
  }
}

/** A kept recording not all sent: why, and the two ways on; nothing recorded is lost. */
export function UnsentReading({
  failure,
  onSend,
  onRecordAgain,
}: {
  failure: string | null;
  onSend: () => void;
  onRecordAgain: () => void;
}) {
  return (
    <Paper withBorder p="xl">
      <Stack gap="md" align="flex-start">
        {/* A failure just now is announced; a reading found after a reload is not news. */}
        <Text size="lg" role={failure ? "alert" : undefined}>
          {failure ?? "You recorded this reading, but it was not all sent."}
        </Text>
        <Group gap="md">
          <Button size="xl" leftSection={<IconUpload />} onClick={onSend}>
            Finish sending your reading
          </Button>
          <Button size="xl" variant="default" onClick={onRecordAgain}>
            Record it again
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
