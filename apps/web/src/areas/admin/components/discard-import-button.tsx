import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { useDiscardRosterImport } from "../api/discard-roster-import.ts";

/** Drops an import that was not applied, and deletes its package (it holds people's names). */
export function DiscardImportButton({ importId }: { importId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const discard = useDiscardRosterImport(importId);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconTrash size={16} />}
        onClick={() => {
          discard.reset();
          open();
        }}
      >
        Discard
      </Button>
      <Modal opened={opened} onClose={close} title="Discard this import?" centered>
        <Stack gap="md">
          <Text size="sm">
            The uploaded package is deleted and nothing in the district changes. Its line stays in
            the list of past imports.
          </Text>
          <ErrorAlert error={discard.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={discard.isPending}
              onClick={() => discard.mutate(undefined, { onSuccess: close })}
            >
              Discard import
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
