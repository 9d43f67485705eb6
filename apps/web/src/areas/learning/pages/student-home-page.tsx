import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type LessonProgressSummary, type LessonSummary, lapsedMessages } from "@refrain/domain";
import { IconBook, IconLock, IconMicrophone, IconPlayerPlay } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { Quote } from "../../../components/quote.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { MyReadings, useMyGradedReadings } from "../../fluency/index.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { useStudentHome } from "../api/get-student-home.ts";
import { StudentLessonCard } from "../components/student-lesson-card.tsx";
import { playerPath, stepOf } from "../player-path.ts";

/** Cards of lessons with what is left of each; one column on a phone, two from a tablet. */
function LessonCards({
  lessons,
  progress,
  toRecord = [],
}: {
  lessons: LessonSummary[];
  progress: Map<number, LessonProgressSummary>;
  /** Benchmark passages still to read: they open at the recording. */
  toRecord?: number[];
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {lessons.map((lesson) => (
        <StudentLessonCard
          key={lesson.lessonid}
          lesson={lesson}
          progress={progress.get(lesson.lessonid)}
          step={toRecord.includes(lesson.lessonid) ? "benchmark" : undefined}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * A progress-monitoring reading is due (issue 39): the student reads a new lesson of their level
 * cold, before any read-along, and the teacher's grade of it is the plan's next point.
 */
function CheckIn({ lesson }: { lesson: LessonSummary | undefined }) {
  if (!lesson) return null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="check-in">
      <Title order={2} fz="lg" id="check-in">
        Time for a check-in reading
      </Title>
      <Text mt="xs">
        Read <b>{lesson.ltitle}</b> out loud for the first time, before you read along, and record
        it. Your teacher uses it to see how your reading grows.
      </Text>
      <Button
        component={Link}
        to={playerPath(lesson.lessonid, "cold-read")}
        mt="md"
        leftSection={<IconMicrophone />}
      >
        Start my check-in reading
      </Button>
    </Paper>
  );
}

/**
 * A benchmark session (issue 39): the window's passages the teacher assigned and the student has
 * not read, read cold one after another before anything else (the player leads to the next).
 */
function BenchmarkReading({ passages }: { passages: LessonSummary[] }) {
  const [first] = passages;
  if (!first) return null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="benchmark-reading">
      <Title order={2} fz="lg" id="benchmark-reading">
        Time for your benchmark reading
      </Title>
      <Text mt="xs">
        {passages.length === 1
          ? "Read one passage out loud for your teacher."
          : `Read ${passages.length} passages out loud for your teacher, one after another.`}{" "}
        Read each one for the first time, without practising it or reading along. Just do your best!
      </Text>
      <Button
        component={Link}
        to={playerPath(first.lessonid, "benchmark")}
        mt="md"
        leftSection={<IconMicrophone />}
      >
        Start my benchmark reading
      </Button>
    </Paper>
  );
}

/** One list of the home page, named by its heading; `id` names its heading and its tour step. */
function LessonSection({
  id,
  title,
  children,
}: {
  id: "assigned" | "level" | "finished";
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack
      component="section"
      aria-labelledby={`${id}-lessons`}
      gap="md"
      data-tour={`student-${id}`}
    >
      <Title order={2} fz="xl" id={`${id}-lessons`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A student's home: who they are, their teacher, the lessons assigned to them with what is
 * left of each, "Continue where I left off", then the other lessons of their level.
 */
export function StudentHomePage() {
  useDocumentTitle("My Lessons · Refrain");
  const home = useStudentHome();
  // The tour's card above the greeting and the graded readings above the lessons come with the
  // page, not after it: arriving later, they pushed the lessons down under the student's finger.
  const readings = useMyGradedReadings();
  return (
    <WithTour name="student_dashboard">
      <QueryState query={home} alongside={[readings]}>
        {({ data: { firstName, teacherName, level, lessons, feedback, ...home } }) => {
          const progress = new Map(home.progress.map((p) => [p.lessonid, p]));
          const assignedIds = new Set(home.assignedLessons.map((lesson) => lesson.lessonid));
          const others = lessons.filter((lesson) => !assignedIds.has(lesson.lessonid));
          const continueLesson =
            home.continueLessonId === null
              ? undefined
              : [...home.assignedLessons, ...lessons].find(
                  (lesson) => lesson.lessonid === home.continueLessonId,
                );
          return (
            <Stack gap="lg">
              <TutorialPopup name="student_dashboard" />
              {!home.classOpen && (
                <Alert color="yellow" variant="light" icon={<IconLock />}>
                  {lapsedMessages.student}
                </Alert>
              )}
              <Paper withBorder p="lg">
                <Title order={1}>Hi {firstName}!</Title>
                {/* The teacher's message to the whole class (their "welcome message"). */}
                {home.welcomeMessage && (
                  <Text mt="xs" size="lg" c="teal.9" style={{ whiteSpace: "pre-line" }}>
                    {home.welcomeMessage}
                  </Text>
                )}
                <Stack gap={4} mt="xs">
                  {teacherName && (
                    <Text>
                      Your teacher: <b>{teacherName}</b>
                    </Text>
                  )}
                  <Text>
                    Your reading level: <b>{level.name}</b>
                  </Text>
                </Stack>
                {continueLesson && (
                  <Button
                    component={Link}
                    to={playerPath(
                      continueLesson.lessonid,
                      home.benchmarkToRead.some((l) => l.lessonid === continueLesson.lessonid)
                        ? "benchmark"
                        : stepOf(progress.get(continueLesson.lessonid)?.next),
                    )}
                    size="lg"
                    mt="md"
                    leftSection={<IconPlayerPlay />}
                  >
                    Continue where I left off
                  </Button>
                )}
              </Paper>
              {feedback && (
                <Paper withBorder p="lg" component="section" aria-labelledby="teacher-message">
                  <Title order={2} fz="lg" id="teacher-message">
                    A message from {feedback.teacherName || "your teacher"}
                  </Title>
                  <Quote mt="sm" p="md">
                    {feedback.message}
                  </Quote>
                </Paper>
              )}
              {home.classOpen && <BenchmarkReading passages={home.benchmarkToRead} />}
              {home.checkIn && home.classOpen && (
                <CheckIn
                  lesson={[...home.assignedLessons, ...lessons].find(
                    (l) => l.lessonid === home.checkIn?.lessonId,
                  )}
                />
              )}
              <MyReadings />
              {home.assignedLessons.length > 0 && (
                <LessonSection id="assigned" title="Lessons from your teacher">
                  <LessonCards
                    lessons={home.assignedLessons}
                    progress={progress}
                    toRecord={home.benchmarkToRead.map((l) => l.lessonid)}
                  />
                </LessonSection>
              )}
              <LessonSection
                id="level"
                title={
                  home.assignedLessons.length > 0
                    ? "More lessons for your level"
                    : "Lessons for your level"
                }
              >
                {others.length === 0 ? (
                  <EmptyList
                    icon={<IconBook />}
                    title="No lessons yet"
                    description={
                      lessons.length === 0
                        ? "There are no lessons at your reading level yet."
                        : "Your teacher assigned you every lesson of your level."
                    }
                  />
                ) : (
                  <LessonCards lessons={others} progress={progress} />
                )}
              </LessonSection>
              {home.finishedLessons.length > 0 && (
                <LessonSection id="finished" title="Lessons you finished">
                  <LessonCards lessons={home.finishedLessons} progress={progress} />
                </LessonSection>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </WithTour>
  );
}
