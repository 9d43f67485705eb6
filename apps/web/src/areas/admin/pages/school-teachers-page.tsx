import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { IconSchool } from "@tabler/icons-react";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSchoolTeachers } from "../api/list-school-teachers.ts";
import { AddTeachersPanel } from "../components/add-teachers-panel.tsx";
import { TeachersTable } from "../components/teachers-table.tsx";

/**
 * Teacher Usernames and Passwords (access spec screen 16): invite teachers into the school's
 * seats, and for each teacher their login, a password link and a way to act as them.
 */
export function SchoolTeachersPage() {
  const teachers = useSchoolTeachers();
  useDocumentTitle("Teacher Usernames and Passwords · Refrain");

  return (
    <QueryState query={teachers} loading="Loading teachers...">
      {({ data: { teachers: list, seats, school } }) => (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Title order={1}>Teacher Usernames and Passwords</Title>
              <Text c="dimmed">{school}</Text>
            </div>
            <Badge size="lg" variant="light" tt="none">
              {list.length} of {seats} seats used
            </Badge>
          </Group>
          <AddTeachersPanel used={list.length} seats={seats} />
          {list.length === 0 ? (
            <EmptyList
              icon={<IconSchool />}
              title="No teachers yet"
              description="No teacher of your school has an account yet."
            />
          ) : (
            <TeachersTable teachers={list} />
          )}
        </Stack>
      )}
    </QueryState>
  );
}
