import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import {
  type LessonDetail,
  type LessonProgressSummary,
  lockMessages,
  READ_ALONGS_REQUIRED,
  type StudentLessonRecordings,
} from "@refrain/domain";
import { IconArrowLeft, IconConfetti, IconEye, IconLock } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { QueryState, type QueryView } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { useLesson } from "../../lessons/index.ts";
import { useStudentHome } from "../api/get-student-home.ts";
import { useLearningTime } from "../api/record-learning.ts";
import { useStudentRecordings } from "../api/student-recordings.ts";
import { DayExam } from "../components/day-exam.tsx";
import { DayFour } from "../components/day-four.tsx";
import { LessonProgressBadges } from "../components/lesson-progress.tsx";
import { ReadAlong } from "../components/read-along.tsx";
import { ReadingViewControl, usePlayerReadingView } from "../components/reading-view-control.tsx";
import { ReadingViewContext } from "../components/reading-words.tsx";
import { StepNav } from "../components/step-nav.tsx";
import {
  isPlayerStep,
  isRecordingStep,
  type PlayerStep,
  playerPath,
  stepOf,
} from "../player-path.ts";
import { type BenchmarkSession, RecordingStepPanel } from "../recording/recording-step.tsx";

/**
 * The lesson player at /student/learn/{lessonId}/{step}: the read-along, days 1–3 questions
 * and day 4 writing. A student's every step is recorded; anyone else (a teacher trying a
 * sample lesson) sees the same pages in a preview that records nothing.
 */
export function LessonPlayerPage() {
  const { lessonId, step } = useParams();
  const id = Number(lessonId);
  // An address no lesson can have asks the server nothing.
  if (!Number.isInteger(id) || id < 1 || !isPlayerStep(step)) return <NotFoundPage />;
  return <LessonLoader lessonId={id} step={step} />;
}

function LessonLoader({ lessonId, step }: { lessonId: number; step: PlayerStep }) {
  const lesson = useLesson(lessonId);
  const user = useSession().data?.user;
  if (!user) return null;
  return (
    <QueryState query={lesson} loading="Loading the lesson...">
      {({ data }) =>
        user.role === "student" ? (
          <StudentPlayer lesson={data} step={step} userId={user.id} />
        ) : (
          <Player
            lesson={data}
            step={step}
            userId={user.id}
            progress={undefined}
            recordings={undefined}
            slow={false}
          />
        )
      }
    </QueryState>
  );
}

/** A student's player reads their progress from the home: locks, scores, what is done. */
function StudentPlayer({
  lesson,
  step,
  userId,
}: {
  lesson: LessonDetail;
  step: PlayerStep;
  userId: number;
}) {
  const home = useStudentHome();
  // Recording steps join the player once this answers; the rest of the player never waits.
  const recordings = useStudentRecordings(lesson.lessonid, true);
  useLearningTime(lesson.lessonid, "learning", true);
  return (
    <QueryState query={home} loading="Loading the lesson...">
      {({ data }) => {
        const progress = data.progress.find((p) => p.lessonid === lesson.lessonid);
        // The server refuses lessons the student may not open; this one has no card either.
        if (!progress) return <NotFoundPage />;
        // A benchmark session: this passage still to read, or the next one once it is sent.
        const toRead = data.benchmarkToRead.some((l) => l.lessonid === lesson.lessonid);
        const session = { toRead, next: toRead ? null : (data.benchmarkToRead[0] ?? null) };
        return (
          <Player
            lesson={lesson}
            step={step}
            userId={userId}
            progress={progress}
            recordings={recordings}
            slow={data.slowVideo}
            session={session}
          />
        );
      }}
    </QueryState>
  );
}

function Player({
  lesson,
  step,
  userId,
  progress,
  recordings,
  slow,
  session = null,
}: {
  lesson: LessonDetail;
  step: PlayerStep;
  userId: number;
  /** The student's progress; undefined in a preview. */
  progress: LessonProgressSummary | undefined;
  /** The student's readings of the lesson; undefined in a preview. */
  recordings: QueryView<StudentLessonRecordings> | undefined;
  slow: boolean;
  /** Where this lesson stands in a benchmark session; null in a preview. */
  session?: BenchmarkSession | null;
}) {
  const preview = progress === undefined;
  const reading = usePlayerReadingView(!preview);
  const stepTitle =
    step === "read" ? "Read along" : isRecordingStep(step) ? "Reading" : `Day ${step}`;
  useDocumentTitle(`${lesson.ltitle}: ${stepTitle} · Refrain`);
  const day = step === "read" || isRecordingStep(step) ? null : Number(step);
  const lockOf = (d: number) =>
    d === 4 ? (progress?.extension.locked ?? null) : (progress?.days[d - 1]?.locked ?? null);
  const locked = day === null ? null : lockOf(day);
  // The step after this one, offered once the student may open it.
  const nextDay = day === null ? 1 : day + 1;
  const next =
    nextDay <= 4 && lockOf(nextDay) === null
      ? {
          label: `Next: Day ${nextDay}`,
          to: playerPath(lesson.lessonid, String(nextDay) as PlayerStep),
        }
      : null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={preview ? `/lessons/${lesson.lessonid}` : "/"} w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={18} />
          {preview ? "About this lesson" : "My lessons"}
        </Group>
      </Anchor>
      {preview && (
        <Alert color="blue" variant="light" icon={<IconEye />} title="Preview">
          This is the lesson as a student sees it. Nothing you do here is saved.
        </Alert>
      )}
      <Paper withBorder p="lg">
        <Title order={1}>{lesson.ltitle}</Title>
        {progress && (
          <Stack mt="sm">
            <LessonProgressBadges progress={progress} />
          </Stack>
        )}
      </Paper>
      <StepNav
        lessonId={lesson.lessonid}
        step={step}
        progress={progress}
        recordings={recordings?.status === "success" ? recordings.data : undefined}
      />
      {progress?.completed && (
        <Alert
          color="teal"
          variant="filled"
          icon={<IconConfetti />}
          title="You finished this lesson!"
          role="status"
        >
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text c="white">Great work. Your teacher can see everything you did.</Text>
            <Button component={Link} to="/" variant="white" color="teal">
              Back to my lessons
            </Button>
          </Group>
        </Alert>
      )}
      {(step === "read" || isRecordingStep(step)) && (
        <Group justify="flex-end">
          <ReadingViewControl view={reading.view} onChange={reading.change} error={reading.error} />
        </Group>
      )}
      <ReadingViewContext value={reading.view}>
        {isRecordingStep(step) ? (
          <RecordingStepPanel
            lesson={lesson}
            step={step}
            userId={userId}
            recordings={recordings}
            progress={progress}
            session={session}
          />
        ) : locked ? (
          <Locked
            message={lockMessages[locked]}
            to={playerPath(lesson.lessonid, stepOf(progress?.next))}
          />
        ) : step === "read" ? (
          <>
            <Text c="dimmed">Read along: listen and follow the words as they light up.</Text>
            <ReadAlong
              lesson={lesson}
              preview={preview}
              count={progress?.readAlongs}
              required={progress?.readAlongsRequired || READ_ALONGS_REQUIRED}
              slow={slow}
            />
            {next && (
              <Button component={Link} to={next.to} size="lg" variant="light" w="fit-content">
                {next.label} exam
              </Button>
            )}
          </>
        ) : day === 4 ? (
          <DayFour lessonId={lesson.lessonid} userId={userId} preview={preview} />
        ) : (
          <DayExam
            key={day}
            lessonId={lesson.lessonid}
            day={day ?? 1}
            preview={preview}
            progress={progress?.days[(day ?? 1) - 1]}
            next={next}
          />
        )}
      </ReadingViewContext>
    </Stack>
  );
}

/** A step the student cannot open yet: why, and where to go to open it. */
function Locked({ message, to }: { message: string; to: string }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="flex-start" gap="md">
        <Group gap="sm">
          <IconLock aria-hidden />
          <Title order={2} fz="xl">
            Not yet!
          </Title>
        </Group>
        <Text size="lg">{message}</Text>
        <Button component={Link} to={to} size="lg">
          Show me
        </Button>
      </Stack>
    </Paper>
  );
}
