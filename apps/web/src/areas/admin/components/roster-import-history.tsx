import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { Link } from "react-router";
import { ListTable, numberColumn } from "../../../components/list-table.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { dateTimeText } from "../../../lib/date-text.ts";
import { useRosterImportList } from "../api/list-roster-imports.ts";
import { importPath } from "../roster-import-view.ts";
import { ImportStatusBadge } from "./import-status-badge.tsx";

const NO_IMPORTS: EmptyListText = {
  icon: <IconHistory />,
  title: "No imports yet",
  description: "Each package uploaded here is listed, with what it changed or why it could not.",
};

/** The district's past imports, newest first; each opens its page. */
export function RosterImportHistory({ districtId }: { districtId?: number }) {
  const query = useRosterImportList(districtId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="roster-history-title">
      <Title order={2} size="h3" id="roster-history-title">
        Past imports
      </Title>
      <QueryList query={query} loading="Loading imports..." empty={NO_IMPORTS}>
        {(imports) => (
          <ListTable
            minWidth={640}
            label="Past imports"
            columns={[
              "File",
              "Uploaded by",
              "Uploaded",
              "Status",
              numberColumn("Errors"),
              numberColumn("Warnings"),
            ]}
          >
            {imports.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <Anchor component={Link} to={importPath(item.id)} size="sm">
                    {item.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{item.uploadedBy ?? "—"}</Table.Td>
                <Table.Td>{dateTimeText(item.createdAt)}</Table.Td>
                <Table.Td>
                  <ImportStatusBadge status={item.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={item.errors > 0 ? "red.8" : undefined}>
                    {item.errors}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{item.warnings}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryList>
    </Stack>
  );
}
