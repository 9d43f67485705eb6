import { Stack, Table, Text, Title } from "@mantine/core";
import { IconVideo } from "@tabler/icons-react";
import { ListTable } from "../../../components/list-table.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { dateText } from "../../../lib/date-text.ts";
import { useStudentViews } from "../api/get-student-views.ts";
import { keptUntilText } from "../retention-text.ts";
import { ViewList } from "./view-list.tsx";

const NO_RECORDINGS: EmptyListText = {
  icon: <IconVideo />,
  title: "No recordings",
  description: "This student has not recorded a reading.",
};

/**
 * The student's recordings on their Privacy and data page (issue 19): each with how long its
 * media is kept and everyone who viewed it (the teacher, admins, a family's link).
 */
export function ViewsSection({ studentId }: { studentId: number }) {
  const query = useStudentViews(studentId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="views-heading">
      <div>
        <Title order={2} id="views-heading">
          Recordings and who viewed them
        </Title>
        <Text size="sm" c="dimmed">
          Every start of playback is logged, once per viewer every half hour. When a recording's
          video is removed, its grades stay.
        </Text>
      </div>
      <QueryList query={query} loading="Loading recordings..." empty={NO_RECORDINGS}>
        {(rows) => (
          <ListTable
            minWidth={640}
            label="Recordings and their views"
            columns={["Recording", "Kept", "Viewed by"]}
          >
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.type}: {row.lessonTitle}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Recorded {dateText(row.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.purgedAt ? "orange.9" : undefined}>
                    {keptUntilText(row)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ViewList views={row.views} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryList>
    </Stack>
  );
}
