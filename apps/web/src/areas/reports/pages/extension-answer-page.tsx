import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Group, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { EXTENSION_COMMENT_MAX, type ExtensionAnswer, extensionAnswerCalls } from "@refrain/domain";
import { IconArrowLeft } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextarea } from "../../../components/form-fields.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { Quote } from "../../../components/quote.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import {
  useExtensionAnswer,
  useSaveExtensionReview,
  type WhichAnswer,
} from "../api/extension-answer.ts";
import { shownDay } from "../detailed/shown-day.ts";

/** The save call's own rules for the comment and the score. */
const reviewForm = extensionAnswerCalls.review.save.body.pick({ comment: true, score: true });
type Review = z.infer<typeof reviewForm>;

function ReviewForm({ which, answer }: { which: WhichAnswer; answer: ExtensionAnswer }) {
  const save = useSaveExtensionReview(which);
  const form = useForm<Review>({
    resolver: zodResolver(reviewForm),
    defaultValues: {
      comment: answer.comment,
      ...(answer.score !== null && { score: answer.score as Review["score"] }),
    },
  });
  const alertRef = useRef<HTMLDivElement>(null);
  // Grading spec §8: a failed save shows its text and scrolls to it.
  useEffect(() => {
    if (save.isError) alertRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [save.isError]);
  const onSubmit = form.handleSubmit((review) => save.mutate(review));
  const errors = form.formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="score"
          render={({ field }) => (
            <Radio.Group
              label="Score"
              description="Choose the rubric's description that fits the answer."
              value={field.value === undefined ? null : String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              error={errors.score?.message}
            >
              <Stack gap="xs" mt="xs">
                {answer.rubric.map((r) => (
                  <Radio
                    key={r.points}
                    value={String(r.points)}
                    label={`${r.points} of 3`}
                    description={r.description}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <FormTextarea
          form={form}
          name="comment"
          label="Comment"
          description="The student sees your comment with their answer."
          autosize
          minRows={3}
          maxLength={EXTENSION_COMMENT_MAX}
        />
        <div ref={alertRef}>
          <ErrorAlert error={save.error} />
          {save.isSuccess && <DoneAlert>{save.data.message}</DoneAlert>}
        </div>
        <Group>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AnswerReview({ which }: { which: WhichAnswer }) {
  const answer = useExtensionAnswer(which);
  return (
    <QueryState query={answer} loading="Loading Answer...">
      {(data) => (
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <div>
                <Title order={2}>{data.lessonTitle}</Title>
                <Text size="sm" c="dimmed">
                  {data.studentName} · handed in {shownDay(data.submittedAt)}
                </Text>
              </div>
              <div>
                <Text fw={600} size="sm">
                  Question
                </Text>
                <Text>{data.questionText}</Text>
              </div>
              <div>
                <Text fw={600} size="sm">
                  {data.studentName}'s answer
                </Text>
                <Quote p="sm" mt={4}>
                  {data.response}
                </Quote>
              </div>
              <Text size="sm">
                Score:{" "}
                {data.score === null ? "not scored yet" : `${data.score} of 3 — ${data.scoreText}`}
              </Text>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <ReviewForm which={which} answer={data} />
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}

const idOf = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The extension answer review (grading spec §2, issue 12 item 8): a student's handed-in day 4
 * answer, scored 1–3 by the rubric with a comment. Opened from the detailed report's extension
 * points and the seven day table, by `lesson_id` and `student_id`.
 */
export function ExtensionAnswerPage() {
  useDocumentTitle("Extension Answer · Refrain");
  const [params] = useSearchParams();
  const lessonId = idOf(params.get("lesson_id"));
  const studentId = idOf(params.get("student_id"));
  if (lessonId === null || studentId === null) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={`/teacher/reports/detailed/${studentId}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          Detailed Student Report
        </Group>
      </Anchor>
      <Title order={1}>Extension Answer</Title>
      <AnswerReview which={{ lesson_id: lessonId, student_id: studentId }} />
    </Stack>
  );
}
