import { Button, Group, Select, Text } from "@mantine/core";
import { allows, type ReachScreening, WINDOW_NAMES } from "@refrain/domain";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { errorText } from "../../../lib/api.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useDownloadSchoolSummary } from "../api/school-summary.ts";

/**
 * The shown window's figures for one school as a PDF to print for its MTSS meeting (issue 39):
 * a school admin's own school, or the one a district admin picks from theirs.
 */
export function SchoolSummaryDownload({ data }: { data: ReachScreening }) {
  const role = useViewerRole();
  const download = useDownloadSchoolSummary();
  const [picked, setPicked] = useState<string | null>(null);
  const first = data.schools[0];
  if (!first) return null;
  // A district admin picks among the district's schools; one school opened is the one.
  const district = role !== null && allows("districtAdmins", role) && data.schools.length > 1;
  const school = data.schools.find((s) => String(s.id) === picked) ?? first;
  return (
    <Group align="flex-end" gap="sm">
      {district && (
        <Select
          label="School"
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
