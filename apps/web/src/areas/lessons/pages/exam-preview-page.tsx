import {
  Anchor,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  EXAM_DAYS,
  EXTENSION_DAY,
  type ExamDataResponse,
  type ExamQuestion,
} from "@refrain/domain";
import { IconArrowLeft, IconCheck } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useExamData } from "../api/get-exam-data.ts";
import { QuestionVoices } from "../components/voice-button.tsx";

/** Exam preview for a lesson and day: multiple choice on days 1–3, the written extension on day 4. */
export function ExamPreviewPage() {
  const params = useParams();
  const lessonId = Number(params.id);
  const day = Number(params.day);
  if (!Number.isInteger(lessonId) || lessonId <= 0 || !EXAM_DAYS.some((d) => d === day)) {
    return <NotFoundPage />;
  }
  return <ExamPreview lessonId={lessonId} day={day} />;
}

function ExamPreview({ lessonId, day }: { lessonId: number; day: number }) {
  const exam = useExamData(lessonId, day);
  const navigate = useNavigate();
  const title = exam.data ? `${exam.data.lesson.title}: Day ${day}` : `Day ${day}`;
  useDocumentTitle(`${title} · Refrain`);
  if (exam.error instanceof ApiError && exam.error.status === 404) return <NotFoundPage />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/lessons/${lessonId}`} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Back to the lesson
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            Exam preview
          </Text>
          <Title order={1}>{exam.data ? exam.data.lesson.title : "Exam"}</Title>
        </Stack>
        <SegmentedControl
          aria-label="Exam day"
          value={String(day)}
          onChange={(value) => void navigate(`/lessons/${lessonId}/exam/${value}`)}
          data={EXAM_DAYS.map((d) => ({ value: String(d), label: `Day ${d}` }))}
        />
      </Group>
      <QueryState query={exam} loading="Loading the exam...">
        {(answer) =>
          day === EXTENSION_DAY && answer.extension ? (
            <Extension extension={answer.extension} />
          ) : (
            <Questions questions={answer.questions} day={day} />
          )
        }
      </QueryState>
    </Stack>
  );
}

function Questions({ questions, day }: { questions: ExamQuestion[]; day: number }) {
  if (questions.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Text c="dimmed">This lesson has no day {day} exam yet.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Text c="dimmed">
        Day {day}: {questions.length} multiple-choice questions. Students can have each question and
        its answers read aloud. The correct answer is marked for you; students never see it.
      </Text>
      {questions.map((question, index) => (
        <Paper
          key={question.id}
          withBorder
          p="lg"
          component="section"
          aria-labelledby={`q-${question.id}`}
        >
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
            <Stack gap={2} maw={640}>
              <Text size="sm" c="dimmed" fw={600}>
                Question {index + 1}
              </Text>
              <Text fw={600} size="lg" id={`q-${question.id}`}>
                {question.question}
              </Text>
            </Stack>
            <QuestionVoices question={question} />
          </Group>
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
            {question.answers.map((answer) => (
              <Group
                key={answer.id}
                component="li"
                gap="sm"
                wrap="nowrap"
                p="xs"
                bg={answer.correct ? "var(--mantine-color-teal-light)" : undefined}
                style={{ borderRadius: "var(--mantine-radius-md)" }}
              >
                <ThemeIcon
                  radius="xl"
                  size="md"
                  variant={answer.correct ? "filled" : "light"}
                  color={answer.correct ? "teal" : "gray"}
                  aria-hidden
                >
                  <Text size="sm" fw={700}>
                    {answer.letter}
                  </Text>
                </ThemeIcon>
                <Text flex={1}>
                  <VisuallyHidden>{`${answer.letter}. `}</VisuallyHidden>
                  {answer.answertext}
                </Text>
                {answer.correct && (
                  <Badge
                    color="teal"
                    variant="light"
                    leftSection={<IconCheck size={12} />}
                    tt="none"
                  >
                    Correct answer
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Extension({ extension }: { extension: NonNullable<ExamDataResponse["extension"]> }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Text size="sm" c="dimmed" fw={600} mb={4}>
          Day 4 extension: written answer
        </Text>
        <Text size="lg" fw={600} mb="md">
          {extension.prompt}
        </Text>
        <Textarea
          label="Student's answer"
          description="Students write their answer here; it is scored with the rubric below."
          autosize
          minRows={4}
          disabled
        />
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} fz="lg" mb="xs" id="extension-rubric">
          Scoring rubric
        </Title>
        <Table verticalSpacing="sm" aria-labelledby="extension-rubric">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Points</Table.Th>
              <Table.Th>The answer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {extension.rubric.map((row) => (
              <Table.Tr key={row.points}>
                <Table.Td>
                  <Text fw={700} c="teal.8" style={{ whiteSpace: "nowrap" }}>
                    {row.points === 1 ? "1 point" : `${row.points} points`}
                  </Text>
                </Table.Td>
                <Table.Td>{row.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
