import { Badge, Button, Group, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconLogin2, IconSchool } from "@tabler/icons-react";
import { useState } from "react";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import { useTakeImpersonation } from "../../auth/api/take-impersonation.ts";
import { useSchoolTeachers } from "../api/list-school-teachers.ts";

/** A school admin's home: the school's teachers, each with a way to act as them. */
export function SchoolAdminHomePage() {
  const teachers = useSchoolTeachers();
  const impersonate = useTakeImpersonation();
  const [leaving, setLeaving] = useState(false);
  const school = teachers.data?.data.school;
  useDocumentTitle(school ? `${school} teachers · Refrain` : "Teachers · Refrain");

  const takeOver = (userid: number) =>
    impersonate.mutate(userid, {
      onSuccess: (answer) => {
        setLeaving(true);
        // The session now belongs to the teacher: a full load shows their pages.
        window.location.assign(answer.redirect);
      },
      onError: (error) =>
        notifications.show({
          color: "red",
          title: "Could not log in as this teacher",
          message: errorText(error),
        }),
    });

  return (
    <QueryState query={teachers} loading="Loading teachers...">
      {({ data: { teachers: list, seats } }) => (
        <>
          <Group justify="space-between" align="center" mb="md">
            <Title order={1}>{school} teachers</Title>
            <Badge size="lg" variant="light" tt="none">
              {list.length} of {seats} seats used
            </Badge>
          </Group>
          {list.length === 0 ? (
            <EmptyList
              icon={<IconSchool />}
              title="No teachers yet"
              description="No teacher of your school has an account yet."
            />
          ) : (
            <ListTable
              minWidth={640}
              head={
                <>
                  <Table.Th>First Name</Table.Th>
                  <Table.Th>Last Name</Table.Th>
                  <Table.Th>Username and Email</Table.Th>
                  <Table.Th ta="right">Students</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </>
              }
            >
              {list.map((teacher) => (
                <Table.Tr key={teacher.userid}>
                  <Table.Td>{teacher.firstname}</Table.Td>
                  <Table.Td>{teacher.lastname}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{teacher.login}</Text>
                    {teacher.email && (
                      <Text size="xs" c="dimmed">
                        {teacher.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{teacher.students}</Table.Td>
                  <Table.Td ta="right">
                    {teacher.canImpersonate && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconLogin2 size={14} />}
                        aria-label={`Impersonate ${teacher.firstname} ${teacher.lastname}`}
                        loading={
                          (impersonate.isPending || leaving) &&
                          impersonate.variables === teacher.userid
                        }
                        disabled={
                          (impersonate.isPending || leaving) &&
                          impersonate.variables !== teacher.userid
                        }
                        onClick={() => takeOver(teacher.userid)}
                      >
                        Impersonate
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </>
      )}
    </QueryState>
  );
}
