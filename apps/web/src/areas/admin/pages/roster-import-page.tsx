import { Select, Stack, Text } from "@mantine/core";
import { IconBuildingCommunity } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useRosterImports } from "../api/list-roster-imports.ts";
import { RosterImportHistory } from "../components/roster-import-history.tsx";
import { RosterUploadForm } from "../components/roster-upload-form.tsx";

/**
 * Roster Import (issue 21): a district admin uploads their student information system's
 * OneRoster export, and sees the district's past imports. Staff (`/staff/roster`) choose the
 * district first; it stays in the address, so an import's page leads back to it.
 */
export function RosterImportPage({ staff = false }: { staff?: boolean }) {
  const [params, setParams] = useSearchParams();
  const named = Number(params.get("districtId"));
  const districtId = staff && Number.isInteger(named) && named > 0 ? named : undefined;

  return (
    <Stack gap="lg">
      <PageTitle>Roster Import</PageTitle>
      <Text c="dimmed" maw={720}>
        Bring the district's schools, teachers, classes and students in from your student
        information system, and keep them up to date by importing its newest export.
      </Text>
      {staff && (
        <DistrictSelect
          value={districtId}
          onChange={(id) => setParams(id === undefined ? {} : { districtId: String(id) })}
        />
      )}
      {staff && districtId === undefined ? (
        <EmptyList
          icon={<IconBuildingCommunity />}
          title="Choose a district"
          description="Its past imports and the form to upload its newest OneRoster export appear here."
        />
      ) : (
        <>
          <RosterUploadForm key={districtId ?? "own"} districtId={districtId} />
          <RosterImportHistory districtId={districtId} />
        </>
      )}
    </Stack>
  );
}

/** Staff import for any district: the list call with none named answers the districts. */
function DistrictSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (districtId: number | undefined) => void;
}) {
  const districts = useRosterImports(undefined);
  return (
    <QueryState query={districts} loading="Loading districts...">
      {(answer) => (
        <Select
          label="District"
          placeholder="Choose a district"
          searchable
          maw={480}
          data={answer.data.districts.map((d) => ({ value: String(d.id), label: d.name }))}
          value={value === undefined ? null : String(value)}
          onChange={(picked) => onChange(picked ? Number(picked) : undefined)}
        />
      )}
    </QueryState>
  );
}
