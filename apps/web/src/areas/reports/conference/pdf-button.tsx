import { Alert, Button, Stack } from "@mantine/core";
import type { DateRange } from "@refrain/domain";
import { IconDownload } from "@tabler/icons-react";
import { useDownloadReportPdf } from "./api.ts";

/**
 * A student's PDF report for the range (grading spec §2 "PDF report button"), made on the
 * server: the same file from Conference Reports and from the fluency graphs. Where it shows is
 * the page's call: once every graph it expects is collected.
 */
export function ReportPdfButton({ studentId, range }: { studentId: number; range: DateRange }) {
  const pdf = useDownloadReportPdf();
  return (
    <Stack gap="xs" align="flex-end">
      <Button
        leftSection={<IconDownload size={16} />}
        loading={pdf.isPending}
        onClick={() => pdf.mutate({ studentId, range })}
      >
        Download PDF report
      </Button>
      {pdf.isError && (
        <Alert color="red" title="The PDF report could not be made">
          {pdf.error.message}
        </Alert>
      )}
    </Stack>
  );
}
