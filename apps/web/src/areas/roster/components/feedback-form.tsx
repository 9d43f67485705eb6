import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack, Text } from "@mantine/core";
import {
  type FeedbackRequest,
  feedbackRequest,
  ROSTER_LIMITS,
  rosterMessages,
} from "@refrain/domain";
import { IconCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextarea } from "../../../components/form-fields.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { useFeedback } from "../api/get-feedback.ts";
import { useSaveFeedback } from "../api/save-feedback.ts";

/** How long the "saved" notice stays after a save. */
const SAVED_VISIBLE_MS = 5000;

/** The teacher's message to one student, shown on the student's home page (empty removes it). */
export function FeedbackForm({
  studentId,
  studentName,
}: {
  studentId: number;
  studentName: string;
}) {
  const feedback = useFeedback(studentId);
  const save = useSaveFeedback(studentId);
  const saved = feedback.data?.data.data.message ?? "";
  const form = useForm<z.input<typeof feedbackRequest>, unknown, FeedbackRequest>({
    resolver: zodResolver(feedbackRequest),
    values: { message: saved },
  });
  const length = form.watch("message")?.length ?? 0;
  // Each save restarts the 5-second "saved" notice.
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values.message, {
      onSuccess: (answer) => {
        form.reset({ message: answer.data.data.message });
        setSavedAt(Date.now());
      },
    }),
  );

  return (
    <QueryState query={feedback} loading="Loading the message...">
      {() => (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="xs">
            <FormTextarea
              form={form}
              name="message"
              label={`Message to ${studentName}`}
              description="Shown on the student's home page when they sign in. Save an empty message to remove it."
              placeholder={rosterMessages.feedbackPlaceholder}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={ROSTER_LIMITS.feedback}
            />
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="xs" c="dimmed">
                {length} / {ROSTER_LIMITS.feedback}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => form.reset({ message: saved })}
                  disabled={save.isPending}
                >
                  Reset
                </Button>
                <Button type="submit" size="xs" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Group>
            {savedAt !== null && (
              <Text size="sm" c="teal.8" role="status">
                <IconCheck size={14} style={{ verticalAlign: "-2px", marginRight: 4 }} />
                {rosterMessages.feedbackSaved}
              </Text>
            )}
            <ErrorAlert error={save.error} />
          </Stack>
        </form>
      )}
    </QueryState>
  );
}
