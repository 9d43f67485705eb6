import { type Season, schoolSummaryCalls, schoolSummaryFileName } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useSaveFile } from "../../../lib/save-file.ts";

export interface SchoolSummaryChoice {
  school: { id: number; name: string };
  year: number;
  season: Season;
}

/** Saves one school's screening in a window as the PDF its MTSS meeting prints. */
export const useDownloadSchoolSummary = () =>
  useSaveFile(({ school, year, season }: SchoolSummaryChoice) =>
    api.download(schoolSummaryCalls.pdf, {
      params: { schoolId: school.id },
      query: { year, season },
      filename: schoolSummaryFileName(school.name, year, season),
    }),
  );
