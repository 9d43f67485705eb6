import { type DateRange, reportPdfCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

/** A student's conference summary for the range; waits until a student is chosen. */
export const useConference = (studentId: number | null, range: DateRange) =>
  useQuery({
    queryKey: ["reports", "conference", studentId, range.start_date, range.end_date],
    queryFn: () =>
      api.data(reportPdfCalls.conference, {
        params: { student_id: studentId ?? 0 },
        query: range,
      }),
    enabled: studentId !== null,
  });

/**
 * The PDF report's form (grading spec §7 "POST to the pdf url"): the range, media=pdf and
 * download=true, with the CSRF token api.download sends on every post; the file is saved.
 */
export const useDownloadReportPdf = () =>
  useSaveFile(({ studentId, range }: { studentId: number; range: DateRange }) =>
    api.download(reportPdfCalls.pdf, {
      params: { student_id: studentId },
      body: { ...range, media: "pdf", download: true },
      filename: `student-report-${range.start_date}-to-${range.end_date}.pdf`,
    }),
  );
