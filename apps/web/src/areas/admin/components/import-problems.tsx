import { Badge, Button, Group, Table, Text } from "@mantine/core";
import type { ImportDetail } from "@refrain/domain";
import { IconDownload } from "@tabler/icons-react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { useDownloadRosterProblems } from "../api/download-roster-problems.ts";
import { ImportSection } from "./import-preview.tsx";

const NO_WRAP = { whiteSpace: "nowrap" } as const;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the check found, errors first (the server sends them so): where each is in the package
 * and what is wrong. The page lists the first ones; the CSV report has them all.
 */
export function ImportProblems({ detail }: { detail: ImportDetail }) {
  const report = useDownloadRosterProblems();
  const total = detail.errors + detail.warnings;
  const summary = [
    detail.errors > 0 && count(detail.errors, "error", "errors"),
    detail.warnings > 0 && count(detail.warnings, "warning", "warnings"),
  ]
    .filter(Boolean)
    .join(" and ");
  return (
    <ImportSection
      title="Problems"
      description={`${summary} found. Errors stop the import; warnings say what the import does about a row.`}
    >
      <Group justify="space-between" gap="sm">
        {total > detail.problems.length && (
          <Text size="sm" c="dimmed">
            The first {detail.problems.length} are listed; the report has all {total}.
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={report.isPending}
          onClick={() => report.mutate(detail.id)}
          ml="auto"
        >
          Download the full report (CSV)
        </Button>
      </Group>
      <ErrorAlert error={report.error} prefix="The report could not be downloaded: " />
      <ListTable
        minWidth={640}
        label="Problems found"
        columns={["Severity", "File, line", "Record, field", "Problem"]}
      >
        {detail.problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id; the list is replaced whole, never reordered.
          <Table.Tr key={i}>
            <Table.Td>
              <Badge
                variant="light"
                color={p.severity === "error" ? "red" : "yellow"}
                tt="none"
                miw="max-content"
              >
                {p.severity === "error" ? "Error" : "Warning"}
              </Badge>
            </Table.Td>
            {/* Where it is, as a spreadsheet opened on the file shows it; the message is the widest. */}
            <Table.Td>
              <Text size="sm" style={NO_WRAP}>
                {p.file}
              </Text>
              {p.line !== null && (
                <Text size="xs" c="dimmed" style={NO_WRAP}>
                  line {p.line}
                </Text>
              )}
            </Table.Td>
            <Table.Td miw={120} style={{ overflowWrap: "anywhere" }}>
              <Text size="sm">{p.sourcedId ?? "—"}</Text>
              {p.field && (
                <Text size="xs" c="dimmed">
                  {p.field}
                </Text>
              )}
            </Table.Td>
            <Table.Td miw={240}>{p.message}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </ImportSection>
  );
}
