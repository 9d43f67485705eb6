import { ActionIcon, Button, Stack, Table, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SchoolTeacher } from "@refrain/domain";
import { IconKey, IconLogin2 } from "@tabler/icons-react";
import { ACTIONS_COLUMN, ListTable } from "../../../components/list-table.tsx";
import { useTeacherPasswordLink } from "../api/teacher-password-link.ts";
import { teacherListErrorText } from "./teacher-list-error.ts";
import { useLogInAs } from "./use-log-in-as.ts";

const fullName = (teacher: SchoolTeacher) => `${teacher.firstname} ${teacher.lastname}`;

/**
 * Log in as the teacher: a labelled button on a wide screen, its icon alone (named, with a
 * tooltip) on a tablet, where the label pushed the column out of the table's width.
 */
function ImpersonateButton({
  name,
  busy,
  disabled,
  onClick,
}: {
  name: string;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const action = { "aria-label": `Impersonate ${name}`, loading: busy, disabled, onClick };
  return (
    <>
      <Button
        visibleFrom="lg"
        size="xs"
        variant="light"
        leftSection={<IconLogin2 size={14} />}
        {...action}
      >
        Impersonate
      </Button>
      <Tooltip label={`Impersonate ${name}`} withArrow>
        <ActionIcon hiddenFrom="lg" variant="light" size="lg" {...action}>
          <IconLogin2 size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** A long address breaks where it must rather than widen the table past the page. */
const BREAK_IF_NEEDED = { overflowWrap: "anywhere" } as const;
/**
 * A login (20 characters at most) stays whole: breaking "anywhere" let the table squeeze it to
 * one letter's width, "mr.okafo" over "r", with room to spare in the e-mail column.
 */
const WHOLE_LOGIN = { whiteSpace: "nowrap" } as const;

/** An address that may break onto a second line after its "@" (and copies whole). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

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
    // Fits a tablet held upright (756 px inside the page): logins and e-mails break when they
    // must and Impersonate is an icon there; wider, its buttons sat off to the right of a
    // sideways-scrolling table.
    <ListTable
      minWidth={700}
      label="Teachers"
      columns={["First Name", "Last Name", "Login", "Email", "Password", ACTIONS_COLUMN]}
    >
      {teachers.map((teacher) => (
        <Table.Tr key={teacher.userid}>
          <Table.Td>{teacher.firstname}</Table.Td>
          <Table.Td>{teacher.lastname}</Table.Td>
          <Table.Td style={WHOLE_LOGIN}>{teacher.login}</Table.Td>
          <Table.Td style={BREAK_IF_NEEDED}>
            {teacher.email ? <BreakableEmail email={teacher.email} /> : <Text c="dimmed">—</Text>}
          </Table.Td>
          <Table.Td>
            <Stack gap={4} align="flex-start">
              <Text size="sm" c="dimmed">
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
              <ImpersonateButton
                name={fullName(teacher)}
                busy={busyWith === teacher.userid}
                disabled={busyWith !== null && busyWith !== teacher.userid}
                onClick={() => logIn(teacher.userid)}
              />
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
