import { Alert, Table, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconBuildingCommunity } from "@tabler/icons-react";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDistrictSchools } from "../api/list-district-schools.ts";

/** A district admin's home: the district's schools with their teachers and students. */
export function DistrictAdminHomePage({ districtId }: { districtId: number | null }) {
  if (districtId === null) {
    return (
      <Alert color="orange" title="No district">
        Your account is not linked to a district yet. Please contact Refrain support.
      </Alert>
    );
  }
  return <DistrictSchools districtId={districtId} />;
}

function DistrictSchools({ districtId }: { districtId: number }) {
  const schools = useDistrictSchools(districtId);
  const district = schools.data?.data.district;
  useDocumentTitle(district ? `${district} · Refrain` : "District · Refrain");

  return (
    <QueryState query={schools} loading="Loading schools...">
      {({ data: { schools: list } }) => (
        <>
          <Title order={1} mb="md">
            {district}
          </Title>
          {list.length === 0 ? (
            <EmptyList
              icon={<IconBuildingCommunity />}
              title="No schools yet"
              description="Your district has no schools on Refrain yet."
            />
          ) : (
            <ListTable
              minWidth={480}
              head={
                <>
                  <Table.Th>School</Table.Th>
                  <Table.Th ta="right">Teachers</Table.Th>
                  <Table.Th ta="right">Students</Table.Th>
                </>
              }
            >
              {list.map((school) => (
                <Table.Tr key={school.id}>
                  <Table.Td>{school.name}</Table.Td>
                  <Table.Td ta="right">{school.teachers}</Table.Td>
                  <Table.Td ta="right">{school.students}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </>
      )}
    </QueryState>
  );
}
