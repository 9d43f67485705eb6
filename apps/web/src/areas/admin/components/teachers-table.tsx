import { Button, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SchoolTeacher } from "@refrain/domain";
import { IconKey, IconLogin2 } from "@tabler/icons-react";
import { ACTIONS_COLUMN, ListTable } from "../../../components/list-table.tsx";
import { useTeacherPasswordLink } from "../api/teacher-password-link.ts";
import { teacherListErrorText } from "./teacher-list-error.ts";
import { useLogInAs } from "./use-log-in-as.ts";

const fullName = (teacher: SchoolTeacher) => `${teacher.firstname} ${teacher.lastname}`;

/**
 * The school's teachers (access spec screen 16). Adults' passwords are kept only as hashes, so
 * the Password column says whose turn it is and offers a link to choose a new one instead.
 */
export function TeachersTable({ teachers }: { teachers: SchoolTeacher[] }) {
  const { logIn, busyWith } = useLogInAs("Could not log in as this teacher");
  const passwordLink = useTeacherPasswordLink();

  const sendLink = (teacher: SchoolTeacher) =>
    passwordLink.mutate(teacher.userid, {
      onSuccess: (answer) =>
        notifications.show({ color: "teal", title: "Link sent", message: answer.message }),
      onError: (error) =>
        notifications.show({
          color: "red",
          title: `Could not send ${fullName(teacher)} a link`,
          message: teacherListErrorText(error),
        }),
    });

  return (
    <ListTable
      minWidth={820}
      label="Teachers"
      columns={["First Name", "Last Name", "Login", "Email", "Password", ACTIONS_COLUMN]}
    >
      {teachers.map((teacher) => (
        <Table.Tr key={teacher.userid}>
          <Table.Td>{teacher.firstname}</Table.Td>
          <Table.Td>{teacher.lastname}</Table.Td>
          <Table.Td>{teacher.login}</Table.Td>
          <Table.Td>{teacher.email ?? <Text c="dimmed">—</Text>}</Table.Td>
          <Table.Td>
            <Stack gap={4} align="flex-start">
              <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {teacher.invited ? "Invited — no password yet" : "Set by the teacher"}
              </Text>
              {teacher.email && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconKey size={14} />}
                  aria-label={`Send password link to ${fullName(teacher)}`}
                  loading={passwordLink.isPending && passwordLink.variables === teacher.userid}
                  onClick={() => sendLink(teacher)}
                >
                  Send password link
                </Button>
              )}
            </Stack>
          </Table.Td>
          <Table.Td ta="right">
            {teacher.canImpersonate && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconLogin2 size={14} />}
                aria-label={`Impersonate ${fullName(teacher)}`}
                loading={busyWith === teacher.userid}
                disabled={busyWith !== null && busyWith !== teacher.userid}
                onClick={() => logIn(teacher.userid)}
              >
                Impersonate
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
