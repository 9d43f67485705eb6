import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import {
  type DistrictExport,
  districtExportMessages,
  exportFileName,
  schoolYearLabel,
} from "@refrain/domain";
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { errorText } from "../../../lib/api.ts";
import { dateTimeText } from "../../../lib/date-text.ts";
import {
  making,
  useDistrictExports,
  useDownloadDistrictExport,
  useStartDistrictExport,
} from "../api/export.ts";

/**
 * The year's scores of the whole district in one CSV, for the district's data systems (issue 39):
 * a job makes it, its progress in schools shows here, then the file downloads; the district's
 * newest file stays offered, with its date, until a newer one replaces it.
 */
export function DistrictExportPanel({ year }: { year: number }) {
  const query = useDistrictExports();
  const start = useStartDistrictExport();
  const latest = query.data?.latest ?? null;
  const ready = query.data?.ready ?? null;
  const working = making(latest);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="district-export-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="district-export-title">
            The year's scores
          </Title>
          <Text size="sm" c="dimmed">
            Every benchmark window and monitoring reading of {schoolYearLabel(year)}, by school and
            student, with the roster's ids, in one CSV file.
          </Text>
        </div>
        <Group>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={start.isPending}
            disabled={working}
            onClick={() => start.mutate(year)}
          >
            Export the year's scores (CSV)
          </Button>
        </Group>
        {working && latest && <ExportProgress item={latest} />}
        {latest?.status === "failed" && (
          <Alert
            color="red"
            icon={<IconAlertCircle />}
            title={districtExportMessages.failed}
            role="alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                The {schoolYearLabel(latest.year)} export stopped before it was done.
              </Text>
              <Button
                size="xs"
                variant="default"
                loading={start.isPending}
                onClick={() => start.mutate(latest.year)}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {ready && <ReadyFile item={ready} />}
        {start.isError && (
          <Text size="sm" c="red.8">
            {errorText(start.error)}
          </Text>
        )}
        {query.isError && (
          <Text size="sm" c="red.8">
            {errorText(query.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ExportProgress({ item }: { item: DistrictExport }) {
  const { schoolsDone: done, schoolsTotal: total } = item;
  return (
    <div>
      {/* Mantine names the bar itself (role, value and its text) from aria-label. */}
      <Progress
        value={total === 0 ? 0 : (100 * done) / total}
        animated
        aria-label="Export progress"
      />
      <Text size="xs" c="dimmed" mt={4} role="status">
        {item.status === "queued" || total === 0
          ? `Exporting ${schoolYearLabel(item.year)}: waiting to start`
          : `Exporting ${schoolYearLabel(item.year)}: ${done} of ${total} ${total === 1 ? "school" : "schools"}`}
      </Text>
    </div>
  );
}

function ReadyFile({ item }: { item: DistrictExport }) {
  const download = useDownloadDistrictExport();
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Button
          size="xs"
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => download.mutate(item)}
        >
          Download {exportFileName(item.year)}
        </Button>
        <Text size="xs" c="dimmed">
          Made {item.finishedAt && dateTimeText(item.finishedAt)}
          {item.requestedBy && `, asked for by ${item.requestedBy}`}
        </Text>
      </Group>
      {download.isError && (
        <Text size="sm" c="red.8">
          {errorText(download.error)}
        </Text>
      )}
    </Stack>
  );
}
