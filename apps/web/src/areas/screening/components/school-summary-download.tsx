import { Button, Group, Select, Text } from "@mantine/core";
import { type ReachScreening, WINDOW_NAMES } from "@refrain/domain";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { errorText } from "../../../lib/api.ts";
import { useDownloadSchoolSummary } from "../api/school-summary.ts";

/**
 * The shown window's figures for one school as a PDF to print for its MTSS meeting (issue 39):
 * a school admin's own school, the school a district admin opened, or one they pick (`pick`)
 * from the page of the district's schools listed.
 */
export function SchoolSummaryDownload({ data, pick }: { data: ReachScreening; pick: boolean }) {
  const download = useDownloadSchoolSummary();
  const [picked, setPicked] = useState<string | null>(null);
  const first = data.schools[0];
  if (!first) return null;
  const school = data.schools.find((s) => String(s.id) === picked) ?? first;
  return (
    <Group align="flex-end" gap="sm">
      {pick && (
        <Select
          label="School"
          description="Of those listed below"
          w={280}
          searchable
          allowDeselect={false}
          data={data.schools.map((s) => ({ value: String(s.id), label: s.name }))}
          value={String(school.id)}
          onChange={setPicked}
        />
      )}
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={download.isPending}
        onClick={() => download.mutate({ school, year: data.year, season: data.season })}
      >
        Download the school's summary (PDF)
      </Button>
      <Text size="sm" c="dimmed">
        {WINDOW_NAMES[data.season]} window, by grade and class, to print for the MTSS meeting.
      </Text>
      {download.isError && (
        <Text size="sm" c="red.8">
          {errorText(download.error)}
        </Text>
      )}
    </Group>
  );
}
