import { Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import type { ManagedStudent } from "@refrain/domain";
import { IconMail, IconSearch, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { useParents } from "../api/list-parents.ts";
import { ParentRow } from "../components/parent-row.tsx";
import { WeeklyReportPreview } from "../components/weekly-report-preview.tsx";
import { matchesSearch, SEARCH_FROM } from "../parent-rows.ts";

const PARENT_CONNECT_PATH = "/teacher/parentConnect/home";
const LOADING = "Loading Students...";

/** The rows, with a search once the class is longer than a screen. */
function ParentTable({ students }: { students: ManagedStudent[] }) {
  const [search, setSearch] = useState("");
  const shown = students.filter((s) => matchesSearch(s, search));
  return (
    <Stack gap="sm">
      {students.length >= SEARCH_FROM && (
        <TextInput
          aria-label="Search for a student"
          placeholder="Search for a student..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
        />
      )}
      <ListTable
        minWidth={700}
        label="Students and their parents' email"
        head={
          <>
            <Table.Th>Student</Table.Th>
            <Table.Th>Parent email</Table.Th>
            {/* These two may wrap, so a tablet's narrow table leaves the address room. */}
            <Table.Th ta="center" w={84} style={{ whiteSpace: "normal" }}>
              Weekly report
            </Table.Th>
            <Table.Th ta="center" w={84} style={{ whiteSpace: "normal" }}>
              Parent emails
            </Table.Th>
            <Table.Th w={130}>Language</Table.Th>
          </>
        }
      >
        {/* Rows a search hides stay mounted, so an address being typed is not lost. */}
        {students.map((student) => (
          <ParentRow key={student.id} student={student} hidden={!shown.includes(student)} />
        ))}
      </ListTable>
      {shown.length === 0 && (
        <Text c="dimmed" size="sm" role="status">
          No student matches “{search.trim()}”.
        </Text>
      )}
    </Stack>
  );
}

const NO_STUDENTS: EmptyListText = {
  icon: <IconUsers />,
  title: "No students yet",
  description: "Add your students first; then you can enter their parents' email addresses here.",
  action: (
    <Button component={Link} to="/teacher/roster" mt="md">
      Add Students
    </Button>
  ),
};

/** Email Parents (classroom spec §2 "Parent email manager"): each family's address and mail. */
export function ParentEmailPage() {
  const parents = useParents();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <PageTitle>Email Parents</PageTitle>
        <Button
          component={Link}
          to={PARENT_CONNECT_PATH}
          variant="light"
          leftSection={<IconMail size={18} />}
        >
          Parent Connect
        </Button>
      </Group>
      <Text maw={720}>
        Enter each student's parent email address. The weekly report tells the family how their
        child is reading; parent emails are the messages you send them. Choose what each family
        receives and in which language; changes save as you go.
      </Text>
      <QueryList query={parents} loading={LOADING} empty={NO_STUDENTS}>
        {(students) => (
          <Stack gap="xl">
            <ParentTable students={students} />
            <WeeklyReportPreview students={students} />
          </Stack>
        )}
      </QueryList>
    </Stack>
  );
}
