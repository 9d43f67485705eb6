import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack } from "@mantine/core";
import {
  type GroupNameForm,
  groupNameForm,
  ROSTER_LIMITS,
  type StudentGroup,
} from "@refrain/domain";
import { IconPlus } from "@tabler/icons-react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { notifyFailure } from "../../../components/notices.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useCreateGroup } from "../api/create-group.ts";
import { useRenameGroup } from "../api/rename-group.ts";

type NameForm = UseFormReturn<z.input<typeof groupNameForm>, unknown, GroupNameForm>;

function useNameForm(name: string): NameForm {
  return useForm<z.input<typeof groupNameForm>, unknown, GroupNameForm>({
    resolver: zodResolver(groupNameForm),
    defaultValues: { name },
  });
}

/** A refused name goes under the field; anything else is a notification. */
const showError = (form: NameForm, title: string) => (error: unknown) => {
  if (!applyFieldErrors(form, error, ["name"])) notifyFailure(title)(error);
};

export function CreateGroupForm() {
  const create = useCreateGroup();
  const form = useNameForm("");
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values.name, {
      onSuccess: () => form.reset({ name: "" }),
      onError: showError(form, "The group could not be created"),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <FormTextInput
          form={form}
          name="name"
          aria-label="New group name"
          placeholder="New group name"
          maxLength={ROSTER_LIMITS.groupName}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
          Create Group
        </Button>
      </Group>
    </form>
  );
}

export function RenameGroupModal({ group, onClose }: { group: StudentGroup; onClose: () => void }) {
  const rename = useRenameGroup();
  const form = useNameForm(group.details.name);
  const onSubmit = form.handleSubmit((values) =>
    rename.mutate(
      { groupId: group.details.id, name: values.name },
      { onSuccess: onClose, onError: showError(form, "The group could not be renamed") },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Rename ${group.details.name}`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormTextInput
            form={form}
            name="name"
            label="Group name"
            maxLength={ROSTER_LIMITS.groupName}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
