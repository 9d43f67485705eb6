import { Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { DEFAULT_MAXIMUM_STUDENTS, rosterMessages } from "@refrain/domain";
import { IconLayoutDashboard } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { useRosterParameters } from "../api/get-roster-parameters.ts";
import { useStudents } from "../api/list-students.ts";
import { ClassListDialog } from "../components/class-list-dialog.tsx";
import { CreateStudentsPanel } from "../components/create-students-panel.tsx";
import { RosterEditor } from "../components/roster-editor.tsx";

/** Add or Edit Students (classroom spec "Teacher student roster"). */
export function RosterPage() {
  useDocumentTitle("Add or Edit Students · Refrain");
  const students = useStudents();
  const parameters = useRosterParameters();
  const maximum = parameters.data?.maximumStudents ?? DEFAULT_MAXIMUM_STUDENTS;
  const list = students.data?.students;
  // "Started empty": the class had no students when the page opened, or after Delete All.
  const [startedEmpty, setStartedEmpty] = useState<boolean | null>(null);
  const [savedOne, setSavedOne] = useState(false);
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const [classListOpen, classList] = useDisclosure(false);
  // A class list's students come named and complete, as a saved row does: they are not "new"
  // rows asking for a name, and a class that started empty is ready to use.
  const onListCreated = useCallback(() => setSavedOne(true), []);
  useEffect(() => {
    if (list && startedEmpty === null) setStartedEmpty(list.length === 0);
  }, [list, startedEmpty]);
  const onSaved = useCallback(() => setSavedOne(true), []);
  const onAllDeleted = useCallback(() => {
    setStartedEmpty(true);
    setSavedOne(false);
    setNewIds(new Set());
  }, []);

  return (
    <WithTour name="roster">
      <Stack gap="md">
        <TutorialPopup name="roster" />
        <Group justify="space-between" align="center">
          <Title order={1}>
            {students.isPending ? rosterMessages.loading : "Add or Edit Students"}
          </Title>
          {startedEmpty && savedOne && (
            <Button
              component={Link}
              to="/"
              variant="light"
              leftSection={<IconLayoutDashboard size={18} />}
            >
              Take Me to My Dashboard
            </Button>
          )}
        </Group>
        <QueryState
          query={students}
          loading={rosterMessages.loading}
          isEmpty={(answer) => answer.students.length === 0}
          empty={
            <CreateStudentsPanel
              maximum={maximum}
              onCreated={(ids) => setNewIds(new Set(ids))}
              onPasteList={classList.open}
            />
          }
        >
          {(answer) => (
            <RosterEditor
              students={answer.students}
              maximum={maximum}
              fluencyVideosEnabled={parameters.data?.fluencyVideosEnabled ?? false}
              newIds={newIds}
              onSaved={onSaved}
              onAllDeleted={onAllDeleted}
              onPasteList={classList.open}
            />
          )}
        </QueryState>
        {list && (
          <ClassListDialog
            opened={classListOpen}
            onClose={classList.close}
            students={list}
            maximum={maximum}
            onCreated={onListCreated}
          />
        )}
      </Stack>
    </WithTour>
  );
}
