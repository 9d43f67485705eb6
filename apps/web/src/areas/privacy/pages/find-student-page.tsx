import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Paper, Stack, Table, Text } from "@mantine/core";
import {
  fullName,
  PRIVACY_SEARCH,
  type PrivacySearchInput,
  privacySearchQuery,
} from "@refrain/domain";
import { IconUserSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { SearchBar } from "../../../components/search-bar.tsx";
import { useFindStudents } from "../api/find-students.ts";

/**
 * Student Privacy and Data for admins (issue 19): find a student of the school (a school admin)
 * or district (a district admin) and open their privacy page: consent, who viewed their
 * recordings, and an export of everything held about them.
 */
export function FindStudentPage() {
  const [searched, setSearched] = useState<string | null>(null);
  const query = useFindStudents(searched);
  const form = useForm<PrivacySearchInput>({
    resolver: zodResolver(privacySearchQuery),
    defaultValues: { q: "" },
  });
  const onSubmit = form.handleSubmit((values) => setSearched(values.q.trim()));

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>Student Privacy and Data</PageTitle>
        <Text c="dimmed" mt={4}>
          Find a student to see their consent records, who viewed their recordings, and to export
          everything Refrain holds about them.
        </Text>
      </div>
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate aria-label="Find a student">
          <SearchBar
            form={form}
            name="q"
            label="Student login or name"
            maxLength={PRIVACY_SEARCH.max}
            searching={query.isFetching}
          />
        </form>
      </Paper>
      {searched !== null && (
        <QueryState
          query={query}
          loading="Searching..."
          isEmpty={(data) => data.students.length === 0}
          empty={
            <EmptyList
              icon={<IconUserSearch />}
              title={`No students match “${searched}”`}
              description="Try part of a login, or a first or last name."
            />
          }
        >
          {(data) => (
            <Stack gap="xs">
              {data.more && (
                <Text size="sm" c="dimmed" role="status">
                  More than {data.students.length} students match. Narrow your search to find the
                  one you want.
                </Text>
              )}
              <ListTable
                minWidth={640}
                label="Students found"
                columns={["Student", "Username", "Teacher", "School"]}
              >
                {data.students.map((student) => (
                  <Table.Tr key={student.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/privacy/students/${student.id}`}>
                        {fullName(student.firstName, student.lastName) || student.username}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{student.username}</Table.Td>
                    <Table.Td>{student.teacherName}</Table.Td>
                    <Table.Td>{student.schoolName ?? "—"}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
