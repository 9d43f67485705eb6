import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Paper, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  DISTRICT_NAME,
  DISTRICT_UPDATED,
  type DistrictSettingsInput,
  districtSettingsRequest,
} from "@refrain/domain";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { DismissibleError } from "../../../components/form-alerts.tsx";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { DistrictRetentionPanel } from "../../privacy/index.ts";
import { useDistrict, useUpdateDistrict } from "../api/district-settings.ts";
import { NotLinked } from "../components/not-linked.tsx";

/** Edit My District (access spec screen 15): the district's name, and its recordings' retention. */
export function DistrictSettingsPage() {
  useDocumentTitle("Edit My District · Refrain");
  const districtId = useSession().data?.user?.districtId ?? null;
  if (districtId === null) {
    return <NotLinked to="district" />;
  }
  return <DistrictSettings districtId={districtId} />;
}

function DistrictSettings({ districtId }: { districtId: number }) {
  const district = useDistrict(districtId);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Edit My District</Title>
      <QueryState query={district} loading="Loading district...">
        {({ data }) => <DistrictForm districtId={districtId} name={data.name} />}
      </QueryState>
      <DistrictRetentionPanel districtId={districtId} />
    </Stack>
  );
}

function DistrictForm({ districtId, name }: { districtId: number; name: string }) {
  const update = useUpdateDistrict(districtId);
  const form = useForm<DistrictSettingsInput>({
    resolver: zodResolver(districtSettingsRequest),
    values: { name },
    mode: "onChange",
  });
  const { isDirty, isValid } = form.formState;
  // A refusal of the name shows under the field; any other failure in the dismissible alert.
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: (answer) => {
        // The saved name is the form's new starting point, so Save goes away again.
        form.reset({ name: answer.data.name });
        notifications.show({
          color: "teal",
          title: "Saved",
          message: answer.message ?? DISTRICT_UPDATED,
        });
      },
      // The spec puts the server's refusal, a 422 too, in the dismissible alert (§8); the
      // form's own checks stay under the field.
      onError: (error) => setFailure(errorText(error)),
    });
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate aria-label="District settings">
        <Stack gap="md">
          <DismissibleError message={failure} onDismiss={() => setFailure(null)} />
          <FormTextInput
            form={form}
            name="name"
            label="District Name"
            description={`${DISTRICT_NAME.min} to ${DISTRICT_NAME.max} characters`}
            maxLength={DISTRICT_NAME.max}
          />
          {isDirty && (
            <div>
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!isValid}
                loading={update.isPending}
              >
                Save
              </Button>
            </div>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
