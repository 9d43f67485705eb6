import { Box, LoadingOverlay, Paper, Select, Stack, Text, Title } from "@mantine/core";
import type { ManagedStudent } from "@refrain/domain";
import { useState } from "react";
import { MailFrame } from "../../../components/mail-frame.tsx";
import { LoadError } from "../../../components/page-states.tsx";
import { useWeeklyReportPreview } from "../api/weekly-preview.ts";

/**
 * "Preview a weekly report" (issue 16: a live preview instead of the spec's static sample
 * image): this week's real report of the chosen student, in their parent's language, so the
 * teacher sees exactly what a family gets before switching it on.
 */
export function WeeklyReportPreview({ students }: { students: ManagedStudent[] }) {
  const [chosen, setChosen] = useState<string | null>(students[0] ? String(students[0].id) : null);
  const studentId = chosen === null ? null : Number(chosen);
  const preview = useWeeklyReportPreview(studentId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="weekly-preview-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="weekly-preview-title">
          Preview a weekly report
        </Title>
        <Text size="sm" c="dimmed" maw={640}>
          This week's report so far, as the parent would receive it on Friday, in the parent's
          language.
        </Text>
        <Select
          label="Student"
          maw={320}
          data={students.map((s) => ({
            value: String(s.id),
            label: `${s.firstname} ${s.lastname}`.trim(),
          }))}
          value={chosen}
          onChange={setChosen}
          searchable
          allowDeselect={false}
        />
        {preview.isError ? (
          <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          <Box pos="relative" mih={240}>
            <LoadingOverlay visible={preview.isFetching} loaderProps={{ size: "sm" }} />
            {preview.data && (
              <Stack gap={4}>
                <Text size="sm">
                  <Text span fw={600}>
                    Subject:
                  </Text>{" "}
                  {preview.data.subject}
                </Text>
                <MailFrame
                  title="Preview of the weekly report"
                  html={preview.data.html}
                  height={520}
                />
              </Stack>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
