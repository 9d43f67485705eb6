import { zodResolver } from "@hookform/resolvers/zod";
import { Button, FileInput, Group, Modal, Select, Stack, Text } from "@mantine/core";
import {
  CONSENT_KIND_LABELS,
  CONSENT_KINDS,
  CONSENT_LIMITS,
  CONSENT_METHOD_LABELS,
  CONSENT_METHODS,
  consentMessages,
  recordConsentRequest,
  type SlipExtension,
  sniffSlip,
} from "@refrain/domain";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormRadioChoice, FormTextarea, FormTextInput } from "../../../components/form-fields.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { newId } from "../../../lib/new-id.ts";
import { base64Of, useRecordConsent } from "../api/record-consent.ts";

type Form = z.input<typeof recordConsentRequest>;

const localToday = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The slip's type by its first bytes, as the server checks it, or a message why not. */
async function checkSlip(file: File): Promise<SlipExtension | string> {
  if (file.size > CONSENT_LIMITS.slipBytes) return consentMessages.slipSize;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffSlip(head) ?? consentMessages.slipType;
}

/**
 * Record consent for the students ticked on the consent page: which kind, how it came, the day
 * it was given, a note and, optionally, a scan of the signed slip (kept once per student).
 */
export function RecordConsentModal({
  opened,
  onClose,
  students,
}: {
  opened: boolean;
  onClose: () => void;
  students: { id: number; name: string }[];
}) {
  const record = useRecordConsent();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // This form's id, sent with every submit of it (a double click, a retry after an error) so the
  // server records each student once; a new one once the form is closed.
  const [submission, setSubmission] = useState(newId);
  const form = useForm<Form>({
    resolver: zodResolver(recordConsentRequest),
    values: {
      studentIds: students.map((s) => s.id),
      kind: "parent_permission",
      method: "signed_slip",
      givenOn: localToday(),
      note: "",
      submission,
    },
    mode: "onTouched",
  });
  const { control, formState } = form;
  const close = () => {
    record.reset();
    setFile(null);
    setFileError(null);
    setSubmission(newId());
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    record.reset();
    if (fileError) return;
    const slip = file ? await base64Of(file) : undefined;
    record.mutate(
      { ...values, ...(slip && { slip }) },
      {
        onSuccess: close,
        onError: (error) => {
          const slipError = error instanceof ApiError ? error.errors?.slip?.[0] : undefined;
          if (slipError) setFileError(slipError);
          applyFieldErrors(form, error, ["kind", "method", "givenOn", "note"]);
        },
      },
    );
  });

  const names = students.map((s) => s.name).join(", ");
  return (
    <Modal opened={opened} onClose={close} title="Record consent" size="lg" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">
            For {students.length} {students.length === 1 ? "student" : "students"}: {names}
          </Text>
          <FormRadioChoice
            form={form}
            name="kind"
            label="Consent"
            options={CONSENT_KINDS}
            labels={CONSENT_KIND_LABELS}
          />
          <Controller
            control={control}
            name="method"
            render={({ field }) => (
              <Select
                label="How it was given"
                data={CONSENT_METHODS.map((m) => ({ value: m, label: CONSENT_METHOD_LABELS[m] }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                error={formState.errors.method?.message}
              />
            )}
          />
          <FormTextInput
            form={form}
            name="givenOn"
            type="date"
            label="Given on"
            max={localToday()}
          />
          <FormTextarea
            form={form}
            name="note"
            label="Note"
            description="Optional: who signed, where the original is kept."
            autosize
            minRows={2}
            maxLength={CONSENT_LIMITS.note}
          />
          <FileInput
            label="Signed slip (optional)"
            description="A scan or photo: PDF, JPEG or PNG, at most 5 MB. Kept for each student."
            placeholder="Choose a file"
            accept="application/pdf,image/jpeg,image/png"
            leftSection={<IconUpload size={16} />}
            clearable
            value={file}
            error={fileError}
            onChange={async (chosen) => {
              setFile(chosen);
              setFileError(null);
              if (!chosen) return;
              const checked = await checkSlip(chosen);
              if (checked !== "pdf" && checked !== "jpg" && checked !== "png")
                setFileError(checked);
            }}
          />
          <ErrorAlert error={record.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record consent
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
