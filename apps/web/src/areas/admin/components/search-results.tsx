import { ActionIcon, Anchor, Group, Table, Text, Tooltip } from "@mantine/core";
import {
  displayLogin,
  type SearchResponse,
  type SearchRole,
  type SearchStudent,
  type SearchTeacher,
} from "@refrain/domain";
import { IconLogin2, IconUserSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import { ACTIONS_COLUMN, ListTable } from "../../../components/list-table.tsx";
import { EmptyList } from "../../../components/page-states.tsx";
import { useLogInAs } from "./use-log-in-as.ts";

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
  const { logIn, busyWith } = useLogInAs("Could not log in as this person");

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
      <ListTable
        minWidth={760}
        label={role === "teacher" ? "Teachers found" : "Students found"}
        columns={[
          "Username",
          "First Name",
          "Last Name",
          role === "teacher" ? "Email" : "Teacher",
          "School",
          ACTIONS_COLUMN,
        ]}
      >
        {people.map((person) => (
          <Table.Tr key={person.userid}>
            <Table.Td>{displayLogin(person.login)}</Table.Td>
            <Table.Td>{person.firstname}</Table.Td>
            <Table.Td>{person.lastname}</Table.Td>
            <Table.Td>
              {"teacher" in person
                ? `${person.teacher.firstname} ${person.teacher.lastname}`
                : (person.email ?? "—")}
            </Table.Td>
            <Table.Td>{person.school.schoolname}</Table.Td>
            <Table.Td ta="right">
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {"teacher" in person && (
                  <Anchor
                    component={Link}
                    to={`/privacy/students/${person.userid}`}
                    size="sm"
                    aria-label={`Privacy and data of ${displayLogin(person.login)}`}
                  >
                    Privacy and data
                  </Anchor>
                )}
                <LogInAsButton person={person} busyWith={busyWith} onLogIn={logIn} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </>
  );
}
