import { Badge, Button, Group, Table, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { classWords, readingLevel } from "@refrain/domain";
import { IconUserEdit, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useStudents } from "../api/list-students.ts";

/** A teacher's or parent's home: the class roster, in a parent's words for a parent. */
export function MyClassPage() {
  const words = classWords(useViewerRole());
  useDocumentTitle(`${words.home} · Refrain`);
  const students = useStudents();
  const list = students.data?.students ?? [];

  return (
    <>
      <Group justify="space-between" align="center" mb="md">
        <Title order={1}>{words.home}</Title>
        <Group gap="sm">
          {students.isSuccess && (
            <Badge size="lg" variant="light" tt="none">
              {words.count(list.length)}
            </Badge>
          )}
          <Button
            component={Link}
            to="/teacher/roster"
            variant="light"
            leftSection={<IconUserEdit size={18} />}
          >
            Add or Edit Students
          </Button>
        </Group>
      </Group>
      <QueryState
        query={students}
        loading="Loading Students..."
        isEmpty={() => list.length === 0}
        empty={<EmptyList icon={<IconUsers />} title={words.empty} description={words.emptyHint} />}
      >
        {() => (
          <ListTable
            minWidth={640}
            head={
              <>
                <Table.Th>First Name</Table.Th>
                <Table.Th>Last Name</Table.Th>
                <Table.Th>Reading Level</Table.Th>
                <Table.Th>Username</Table.Th>
                <Table.Th>Password</Table.Th>
              </>
            }
          >
            {list.map((student) => (
              <Table.Tr key={student.id}>
                <Table.Td>{student.firstname}</Table.Td>
                <Table.Td>{student.lastname}</Table.Td>
                <Table.Td>{readingLevel(student.planid)?.name ?? "—"}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {student.username}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {student.password}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryState>
    </>
  );
}
