import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { LEAD_LIMITS, type ProductFeedbackRequest, productFeedbackRequest } from "@refrain/domain";
import { useForm } from "react-hook-form";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useSendFeedback } from "../api/send-feedback.ts";

/** One textarea, 200 px tall, and Send (access spec screen 10). */
export function FeedbackForm() {
  const feedback = useSendFeedback();
  const form = useForm<ProductFeedbackRequest>({
    resolver: zodResolver(productFeedbackRequest),
    defaultValues: { message: "" },
  });
  const { errors, isSubmitted, isValid } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    feedback.mutate(values, {
      onSuccess: () => form.reset({ message: "" }),
      onError: (error) => applyFieldErrors(form, error),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {feedback.isSuccess && <DoneAlert>{feedback.data.message}</DoneAlert>}
        <ErrorAlert error={feedback.error} />
        <Textarea
          label="Your feedback"
          maxLength={LEAD_LIMITS.feedback}
          styles={{ input: { height: 200 } }}
          error={errors.message?.message}
          {...form.register("message", { onChange: () => feedback.isSuccess && feedback.reset() })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={feedback.isPending} disabled={isSubmitted && !isValid}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
