import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, NumberInput, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  type DistrictRetention,
  type DistrictRetentionInput,
  districtRetentionBody,
  RETENTION_LIMITS,
} from "@refrain/domain";
import { IconAlertCircle, IconDeviceFloppy } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { QueryState } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useDistrictRetention, useSaveDistrictRetention } from "../api/district-retention.ts";

/**
 * A district admin shortens how long the district's recordings keep their video (issue 19):
 * a number of days after recording, 0 for "until graded", blank for the product's default.
 */
export function DistrictRetentionPanel({ districtId }: { districtId: number }) {
  const query = useDistrictRetention(districtId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="retention-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="retention-heading">
            Recording retention
          </Title>
          <Text size="sm" c="dimmed">
            Recordings' videos are removed after this; their grades and reports stay.
          </Text>
        </div>
        <QueryState query={query} loading="Loading retention...">
          {(data) => <RetentionForm districtId={districtId} current={data} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function RetentionForm({
  districtId,
  current,
}: {
  districtId: number;
  current: DistrictRetention;
}) {
  const save = useSaveDistrictRetention(districtId);
  const form = useForm<DistrictRetentionInput>({
    resolver: zodResolver(districtRetentionBody),
    values: { days: current.days },
    mode: "onChange",
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (answer) => {
        form.reset({ days: answer.data.days });
        notifications.show({ color: "teal", title: "Saved", message: answer.message });
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error, ["days"])) setFailure(errorText(error));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Recording retention">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <NumberInput
              label="Keep videos for (days after recording)"
              description={`${RETENTION_LIMITS.minDays} keeps a video only until it is graded; up to ${RETENTION_LIMITS.maxDays}. Leave blank for Refrain's default: ${current.productDefault}. The earlier of the two applies.`}
              placeholder="Refrain's default"
              allowDecimal={false}
              allowNegative
              min={RETENTION_LIMITS.minDays}
              max={RETENTION_LIMITS.maxDays}
              clampBehavior="none"
              value={field.value ?? ""}
              onChange={(value) => field.onChange(value === "" ? null : Number(value))}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.days?.message}
            />
          )}
        />
        {isDirty && (
          <div>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
            >
              Save retention
            </Button>
          </div>
        )}
      </Stack>
    </form>
  );
}
