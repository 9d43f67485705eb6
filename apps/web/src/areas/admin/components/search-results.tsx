import { ActionIcon, Anchor, Group, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  displayLogin,
  type SearchResponse,
  type SearchRole,
  type SearchStudent,
  type SearchTeacher,
} from "@refrain/domain";
import { IconLogin2, IconUserSearch } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import { useTakeImpersonation } from "../../auth/index.ts";

type LogInAs = (userid: number) => void;

/** A row's log-in-as action; its name says whom, for those who cannot see the tooltip. */
function LogInAsButton({
  person,
  busyWith,
  onLogIn,
}: {
  person: SearchTeacher | SearchStudent;
  busyWith: number | null;
  onLogIn: LogInAs;
}) {
  const label = `Log in as ${displayLogin(person.login)}`;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={label}
        loading={busyWith === person.userid}
        disabled={busyWith !== null && busyWith !== person.userid}
        onClick={() => onLogIn(person.userid)}
      >
        <IconLogin2 size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

// Positioned, so the hidden label stays inside the scrolling table at narrow widths.
const actionsHead = (
  <Table.Th>
    <VisuallyHidden>Actions</VisuallyHidden>
  </Table.Th>
);

/**
 * The district search's answer (access spec screen 17): the teachers or students found, each
 * with a way to act as them, or what to do when nothing or too much matched.
 */
export function SearchResults({
  role,
  query,
  answer,
}: {
  role: SearchRole;
  query: string;
  answer: SearchResponse["data"];
}) {
  const impersonate = useTakeImpersonation();
  const [leaving, setLeaving] = useState<number | null>(null);
  const busyWith = leaving ?? (impersonate.isPending ? (impersonate.variables ?? null) : null);

  const logIn: LogInAs = (userid) =>
    impersonate.mutate(userid, {
      onSuccess: (taken) => {
        setLeaving(userid);
        // The session now belongs to that person: a full load shows their pages.
        window.location.assign(taken.redirect);
      },
      onError: (error) =>
        notifications.show({
          color: "red",
          title: "Could not log in as this person",
          message: errorText(error),
        }),
    });

  const people = role === "teacher" ? (answer.teachers ?? []) : (answer.students ?? []);
  if (people.length === 0) {
    return (
      <EmptyList
        icon={<IconUserSearch />}
        title={`No ${role}s match “${query}”`}
        description="Try part of a login, a first or last name, or an email address."
      />
    );
  }

  return (
    <>
      {answer.more && (
        <Text size="sm" c="dimmed" role="status">
          More than {people.length} {role}s match. Showing the first {people.length} — narrow your
          search to find the one you want.
        </Text>
      )}
      {role === "teacher" ? (
        <ListTable
          minWidth={760}
          label="Teachers found"
          head={
            <>
              <Table.Th>Username</Table.Th>
              <Table.Th>First Name</Table.Th>
              <Table.Th>Last Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>School</Table.Th>
              {actionsHead}
            </>
          }
        >
          {(answer.teachers ?? []).map((teacher) => (
            <Table.Tr key={teacher.userid}>
              <Table.Td>{displayLogin(teacher.login)}</Table.Td>
              <Table.Td>{teacher.firstname}</Table.Td>
              <Table.Td>{teacher.lastname}</Table.Td>
              <Table.Td>{teacher.email ?? "—"}</Table.Td>
              <Table.Td>{teacher.school.schoolname}</Table.Td>
              <Table.Td ta="right">
                <LogInAsButton person={teacher} busyWith={busyWith} onLogIn={logIn} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      ) : (
        <ListTable
          minWidth={760}
          label="Students found"
          head={
            <>
              <Table.Th>Username</Table.Th>
              <Table.Th>First Name</Table.Th>
              <Table.Th>Last Name</Table.Th>
              <Table.Th>Teacher</Table.Th>
              <Table.Th>School</Table.Th>
              {actionsHead}
            </>
          }
        >
          {(answer.students ?? []).map((student) => (
            <Table.Tr key={student.userid}>
              <Table.Td>{displayLogin(student.login)}</Table.Td>
              <Table.Td>{student.firstname}</Table.Td>
              <Table.Td>{student.lastname}</Table.Td>
              <Table.Td>
                {student.teacher.firstname} {student.teacher.lastname}
              </Table.Td>
              <Table.Td>{student.school.schoolname}</Table.Td>
              <Table.Td ta="right">
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/privacy/students/${student.userid}`}
                    size="sm"
                    aria-label={`Privacy and data of ${displayLogin(student.login)}`}
                  >
                    Privacy and data
                  </Anchor>
                  <LogInAsButton person={student} busyWith={busyWith} onLogIn={logIn} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </>
  );
}
