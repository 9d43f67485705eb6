import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { ENTITIES, type FileMode, type ImportPreview } from "@refrain/domain";
import { type ReactNode, useId } from "react";
import { ListTable, numberColumn } from "../../../components/list-table.tsx";
import { ENTITY_WORDS, overwriteWords } from "../roster-import-view.ts";

/** One part of an import's page: a bordered section named by its heading. */
export function ImportSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4} maw={720}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

const CHANGES = [
  ["create", "Create"],
  ["update", "Update"],
  ["deactivate", "Deactivate"],
  ["unchanged", "Unchanged"],
] as const;

/** How many of each kind of record the import creates, updates, deactivates or leaves. */
export function ImportCountsTable({ counts }: { counts: ImportPreview["counts"] }) {
  return (
    <ListTable
      minWidth={520}
      label="Changes per kind of record"
      columns={["Records", ...CHANGES.map(([, label]) => numberColumn(label))]}
    >
      {ENTITIES.map((entity) => (
        <Table.Tr key={entity}>
          <Table.Th scope="row" fw={500}>
            {ENTITY_WORDS[entity].title}
          </Table.Th>
          {CHANGES.map(([key]) => {
            const n = counts[entity][key];
            return (
              <Table.Td key={key} ta="right" c={n === 0 ? "dimmed" : undefined}>
                {n.toLocaleString("en-US")}
              </Table.Td>
            );
          })}
        </Table.Tr>
      ))}
    </ListTable>
  );
}

const MODE_WORDS: Record<FileMode, string> = {
  bulk: "Bulk: the whole list",
  delta: "Delta: changes only",
  absent: "Absent",
};

/** The package's files the import read, how, and those it passed over. */
export function FilesRead({ preview }: { preview: ImportPreview }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Files in the package
      </Text>
      <ListTable
        minWidth={480}
        label="Files in the package"
        columns={["File", "Mode", numberColumn("Rows")]}
      >
        {preview.files.map((f) => (
          <Table.Tr key={f.file}>
            <Table.Td>
              {f.file}
              {!f.used && (
                <Text span size="xs" c="dimmed">
                  {" "}
                  (read, not used)
                </Text>
              )}
            </Table.Td>
            <Table.Td>{MODE_WORDS[f.mode]}</Table.Td>
            <Table.Td ta="right">{f.rows.toLocaleString("en-US")}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {preview.passedOver.length > 0 && (
        <Text size="sm" c="dimmed">
          Passed over (Refrain does not use them): {preview.passedOver.join(", ")}
        </Text>
      )}
    </Stack>
  );
}

/** Changes a teacher made in Refrain that the package's values replace. */
export function OverwritesTable({ preview }: { preview: ImportPreview }) {
  return (
    <Stack gap="xs">
      {preview.overwritesTotal > preview.overwrites.length && (
        <Text size="sm" c="dimmed">
          The first {preview.overwrites.length} of {preview.overwritesTotal} are listed.
        </Text>
      )}
      <ListTable
        minWidth={640}
        label="Teacher edits this import overwrites"
        columns={["Student", "Teacher", "Field", "In Refrain now", "In the package"]}
      >
        {preview.overwrites.map((o) => {
          const words = overwriteWords(o);
          return (
            <Table.Tr key={`${o.student}|${o.teacher}|${o.field}|${o.current}`}>
              <Table.Td>{o.student}</Table.Td>
              <Table.Td>{o.teacher}</Table.Td>
              <Table.Td>{words.field}</Table.Td>
              <Table.Td>{words.current}</Table.Td>
              <Table.Td>{words.incoming}</Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
    </Stack>
  );
}
