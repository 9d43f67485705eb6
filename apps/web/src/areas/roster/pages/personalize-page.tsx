import { Anchor, Button, Stack, Text } from "@mantine/core";
import { classWords, type RosterStudent, rosterMessages } from "@refrain/domain";
import { IconUserPlus, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyList, QueryState, type QueryView } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { SETTINGS_PATH } from "../../account/index.ts";
import { useRosterParameters } from "../api/get-roster-parameters.ts";
import { useStudents } from "../api/list-students.ts";
import { PersonalizeTable } from "../components/personalize-table.tsx";

const ROSTER_PATH = "/teacher/roster";

interface ClassView {
  students: RosterStudent[];
  fluencyVideosEnabled: boolean;
}

/**
 * Personalize Learning (classroom spec "Navigation menus", Manage Students): every student's
 * reading level and the five settings of the roster's More Settings, in one table, changed one
 * at a time or for several students at once.
 */
export function PersonalizePage() {
  const role = useViewerRole();
  const words = classWords(role);
  const user = useSession().data?.user;
  const students = useStudents();
  const parameters = useRosterParameters();
  // Which columns show depends on both answers: the page waits for both.
  const view: QueryView<ClassView> =
    students.status === "error" || parameters.status === "error"
      ? {
          status: "error",
          error: students.error ?? parameters.error,
          refetch: () => Promise.all([students.refetch(), parameters.refetch()]),
        }
      : students.status === "pending" || parameters.status === "pending"
        ? { status: "pending" }
        : {
            status: "success",
            data: {
              students: students.data.students,
              fluencyVideosEnabled: parameters.data.fluencyVideosEnabled,
            },
          };

  return (
    <Stack gap="md">
      <div>
        <PageTitle>Personalize Learning</PageTitle>
        <Text c="dimmed" mt={4} maw={820}>
          Each {words.student}'s reading level and lesson settings. A change in the table is saved
          at once. To change several {words.students}, tick them, then choose the change above the
          table.{" "}
          {role === "parent" ? (
            // A parent's Settings and Preferences has no class preferences (they are a school
            // teacher's card), so their Default is what a class that never set its own has.
            "A setting at Default follows Refrain's standard setting."
          ) : (
            <>
              A setting at Default follows your class's defaults in{" "}
              {user ? (
                <Anchor component={Link} to={SETTINGS_PATH.replace(":teacherId", String(user.id))}>
                  Settings and Preferences
                </Anchor>
              ) : (
                "Settings and Preferences"
              )}
              .
            </>
          )}
        </Text>
      </div>
      <QueryState
        query={view}
        loading={rosterMessages.loading}
        isEmpty={(data) => data.students.length === 0}
        empty={
          <EmptyList icon={<IconUsers />} title={words.empty} description={words.emptyHint}>
            <Button
              component={Link}
              to={ROSTER_PATH}
              mt="md"
              leftSection={<IconUserPlus size={16} />}
            >
              Add or Edit Students
            </Button>
          </EmptyList>
        }
      >
        {(data) => (
          <PersonalizeTable
            students={data.students}
            fluencyVideosEnabled={data.fluencyVideosEnabled}
            count={words.count}
          />
        )}
      </QueryState>
    </Stack>
  );
}
