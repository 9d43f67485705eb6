import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import {
  dayPercent,
  type ExamQuestion,
  type LessonProgressSummary,
  learningMessages,
  needsRetake,
  PASSING_PERCENT,
  percentText,
} from "@refrain/domain";
import { IconArrowRight, IconCircleCheck, IconCircleX, IconRotate } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { QuestionVoices, useExamData } from "../../lessons/index.ts";
import { useLearningTime, useSubmitExam } from "../api/record-learning.ts";
import classes from "./day-exam.module.css";

type DayProgress = LessonProgressSummary["days"][number];

/** A scored attempt as the page shows it, from the server or, in a preview, from the key. */
interface Scored {
  correct: number;
  solved: number;
  percent: number | null;
  retake: boolean;
  results: { question: number; answer: number; correctAnswer: number; right: boolean }[];
}

/** A preview scores with the answer key adults are given, and records nothing. */
function scoreWithKey(questions: ExamQuestion[], chosen: Map<number, number>): Scored {
  const results = questions.map((q) => {
    const answer = chosen.get(q.id) ?? 0;
    const correctAnswer = q.answers.find((a) => a.correct)?.id ?? 0;
    return { question: q.id, answer, correctAnswer, right: answer === correctAnswer };
  });
  const correct = results.filter((r) => r.right).length;
  const percent = dayPercent(correct, results.length);
  return { correct, solved: results.length, percent, retake: needsRetake(percent), results };
}

/**
 * Day 1–3 questions: each with its voice buttons, handed in as one attempt; the score comes
 * back with the right answers, and under 75% the student is asked to try again.
 */
export function DayExam({
  lessonId,
  day,
  preview,
  progress,
  next,
}: {
  lessonId: number;
  day: number;
  preview: boolean;
  /** The day's progress (the student's); undefined in a preview. */
  progress: DayProgress | undefined;
  /** The step after this one, when it is open. */
  next: { label: string; to: string } | null;
}) {
  const exam = useExamData(lessonId, day);
  // A new form for every attempt, so nothing of the last one stays chosen.
  const [round, setRound] = useState(0);
  const attempts = progress?.attempts ?? 0;
  // A day already taken opens on its last score; the form, once open, stays for its result.
  const [answering, setAnswering] = useState(attempts === 0);
  useLearningTime(preview ? null : lessonId, "comprehension", true);
  const again = () => {
    setAnswering(true);
    setRound((r) => r + 1);
  };

  if (!answering && progress) {
    return <LastScore progress={progress} onAgain={again} next={next} />;
  }
  return (
    <QueryState query={exam} loading="Loading the exam...">
      {(answer) =>
        answer.questions.length === 0 ? (
          <Paper withBorder p="xl">
            <Text>This lesson has no day {day} exam yet.</Text>
          </Paper>
        ) : (
          <ExamForm
            key={round}
            lessonId={lessonId}
            day={day}
            attempt={attempts + 1}
            questions={answer.questions}
            preview={preview}
            onAgain={again}
            next={next}
          />
        )
      }
    </QueryState>
  );
}

/**
 * A day already taken: its latest score, and try again (under 75%) or go on. A passed day is
 * not offered again: the latest attempt is the score that counts, and a pass should stay one.
 */
function LastScore({
  progress,
  onAgain,
  next,
}: {
  progress: DayProgress;
  onAgain: () => void;
  next: { label: string; to: string } | null;
}) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md" align="flex-start">
        <Title order={2} fz="xl">
          Your score: {progress.percent === null ? "no questions" : percentText(progress.percent)}
        </Title>
        <Text>
          {progress.retake
            ? `Try again to reach ${percentText(PASSING_PERCENT)} or more.`
            : "Well done: you passed this day."}{" "}
          {progress.attempts === 1
            ? "You took it once."
            : `You took it ${progress.attempts} times.`}
        </Text>
        <AgainOrNext retake={progress.retake} onAgain={onAgain} next={next} large />
      </Stack>
    </Paper>
  );
}

function ExamForm({
  lessonId,
  day,
  attempt,
  questions,
  preview,
  onAgain,
  next,
}: {
  lessonId: number;
  day: number;
  attempt: number;
  questions: ExamQuestion[];
  preview: boolean;
  onAgain: () => void;
  next: { label: string; to: string } | null;
}) {
  const [chosen, setChosen] = useState(new Map<number, number>());
  const [missing, setMissing] = useState(false);
  const [scored, setScored] = useState<Scored | null>(null);
  const submit = useSubmitExam();

  const choose = (question: number, answer: number) =>
    setChosen((before) => new Map(before).set(question, answer));
  const handIn = () => {
    const firstMissing = questions.find((q) => !chosen.has(q.id));
    setMissing(firstMissing !== undefined);
    if (firstMissing) {
      document.getElementById(`question-${firstMissing.id}`)?.focus();
      return;
    }
    if (preview) {
      setScored(scoreWithKey(questions, chosen));
      return;
    }
    submit.mutate(
      {
        lesson: lessonId,
        day,
        attempt,
        answers: questions.map((q) => ({ question: q.id, answer: chosen.get(q.id) as number })),
      },
      { onSuccess: setScored },
    );
  };

  // The score shows above the questions: take the student there when it comes.
  const scoreBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scored) scoreBox.current?.scrollIntoView({ block: "start" });
  }, [scored]);

  const resultOf = new Map(scored?.results.map((r) => [r.question, r]));
  return (
    <Stack gap="md">
      {scored ? (
        <div ref={scoreBox} className={classes.score}>
          <ScoreBox scored={scored} onAgain={onAgain} next={next} />
        </div>
      ) : (
        <Text c="dimmed">
          Day {day}: {questions.length} questions. Press a speaker to hear a question or its
          answers.
        </Text>
      )}
      {questions.map((question, index) => {
        const result = resultOf.get(question.id);
        return (
          <Paper key={question.id} withBorder p="lg" component="section">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
              <Text size="sm" c="dimmed" fw={600}>
                Question {index + 1} of {questions.length}
              </Text>
              <QuestionVoices question={question} />
            </Group>
            <Radio.Group
              id={`question-${question.id}`}
              tabIndex={-1}
              label={question.question}
              labelProps={{ fz: "lg", fw: 600, mb: "sm" }}
              value={chosen.has(question.id) ? String(chosen.get(question.id)) : null}
              onChange={(value) => choose(question.id, Number(value))}
              error={missing && !chosen.has(question.id) ? "Choose an answer." : undefined}
              readOnly={scored !== null}
            >
              <Stack gap="xs">
                {question.answers.map((answer) => {
                  const isCorrect = result?.correctAnswer === answer.id;
                  const isWrongPick = result && result.answer === answer.id && !result.right;
                  return (
                    <Radio.Card
                      key={answer.id}
                      value={String(answer.id)}
                      className={classes.choice}
                      data-correct={isCorrect || undefined}
                      data-wrong={isWrongPick || undefined}
                      disabled={scored !== null}
                    >
                      <Group wrap="nowrap" gap="md">
                        <Radio.Indicator />
                        <Text fw={700} w={20}>
                          {answer.letter}
                        </Text>
                        <Text flex={1}>{answer.answertext}</Text>
                        {isCorrect && (
                          <Badge color="teal" leftSection={<IconCircleCheck size={14} />}>
                            {result?.right ? "Right" : "Correct answer"}
                          </Badge>
                        )}
                        {isWrongPick && (
                          <Badge color="red" leftSection={<IconCircleX size={14} />}>
                            Your answer
                          </Badge>
                        )}
                      </Group>
                    </Radio.Card>
                  );
                })}
              </Stack>
            </Radio.Group>
          </Paper>
        );
      })}
      {!scored && (
        <Stack gap="sm" align="flex-start">
          {missing && (
            <Alert color="orange" variant="light" role="alert">
              {learningMessages.everyQuestion}
            </Alert>
          )}
          <ErrorAlert error={submit.error} />
          <Button size="lg" onClick={handIn} loading={submit.isPending}>
            Check my answers
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** The score of the attempt just handed in, and what to do next. */
function ScoreBox({
  scored,
  onAgain,
  next,
}: {
  scored: Scored;
  onAgain: () => void;
  next: { label: string; to: string } | null;
}) {
  const heading = `${scored.correct} of ${scored.solved} right${
    scored.percent === null ? "" : ` (${percentText(scored.percent)})`
  }`;
  return (
    <Alert
      color={scored.retake ? "orange" : "teal"}
      variant="light"
      role="status"
      title={scored.retake ? `${heading}: try again!` : `${heading}: great job!`}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {scored.retake
            ? `Look at the right answers below, then try again to reach ${percentText(PASSING_PERCENT)} or more.`
            : "The right answers are marked below."}
        </Text>
        <AgainOrNext retake={scored.retake} onAgain={onAgain} next={next} />
      </Stack>
    </Alert>
  );
}

/**
 * Try again while the day needs a retake, and the way on, filled once there is nothing to retake:
 * `large` where they are a taken day's only actions, smaller inside the score of an attempt.
 */
function AgainOrNext({
  retake,
  onAgain,
  next,
  large = false,
}: {
  retake: boolean;
  onAgain: () => void;
  next: { label: string; to: string } | null;
  large?: boolean;
}) {
  const size = large ? "lg" : undefined;
  const iconSize = large ? undefined : 18;
  return (
    <Group gap={large ? "md" : "sm"}>
      {retake && (
        <Button size={size} leftSection={<IconRotate size={iconSize} />} onClick={onAgain}>
          Try again
        </Button>
      )}
      {next && (
        <Button
          size={size}
          variant={retake ? "default" : "filled"}
          component={Link}
          to={next.to}
          rightSection={<IconArrowRight size={iconSize} />}
        >
          {next.label}
        </Button>
      )}
    </Group>
  );
}
