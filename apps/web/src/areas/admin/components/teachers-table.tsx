import { Button, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SchoolTeacher } from "@refrain/domain";
import { IconKey, IconLogin2 } from "@tabler/icons-react";
import { useState } from "react";
import { ListTable } from "../../../components/list-table.tsx";
import { errorText } from "../../../lib/api.ts";
import { useTakeImpersonation } from "../../auth/index.ts";
import { useTeacherPasswordLink } from "../api/teacher-password-link.ts";
import { teacherListErrorText } from "./teacher-list-error.ts";

const fullName = (teacher: SchoolTeacher) => `${teacher.firstname} ${teacher.lastname}`;

/**
 * The school's teachers (access spec screen 16). Adults' passwords are kept only as hashes, so
 * the Password column says whose turn it is and offers a link to choose a new one instead.
 */
export function TeachersTable({ teachers }: { teachers: SchoolTeacher[] }) {
  const impersonate = useTakeImpersonation();
  const passwordLink = useTeacherPasswordLink();
  const [leaving, setLeaving] = useState(false);
  const busy = impersonate.isPending || leaving;

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
      head={
        <>
          <Table.Th>First Name</Table.Th>
          <Table.Th>Last Name</Table.Th>
          <Table.Th>Login</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Password</Table.Th>
          {/* Positioned, so the hidden label stays inside the scrolling table at narrow widths. */}
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
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
                loading={busy && impersonate.variables === teacher.userid}
                disabled={busy && impersonate.variables !== teacher.userid}
                onClick={() => takeOver(teacher.userid)}
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
