import { Button, FileInput, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconFileZip, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { type SampleVariant, useDownloadRosterSample } from "../api/download-roster-sample.ts";
import { useUploadRosterPackage } from "../api/upload-roster-package.ts";
import { importPath, packageFileProblem, UPLOAD_MB } from "../roster-import-view.ts";

const SAMPLES: { variant: SampleVariant; label: string }[] = [
  { variant: "valid", label: "Sample package" },
  { variant: "errors", label: "The same with errors" },
];

/**
 * Upload a OneRoster package to be checked: the file is checked here first for what the server
 * would refuse, then sent, and the page of the new import opens while a job checks it.
 */
export function RosterUploadForm({ districtId }: { districtId?: number }) {
  const navigate = useNavigate();
  const upload = useUploadRosterPackage();
  const sample = useDownloadRosterSample();
  const [file, setFile] = useState<File | null>(null);
  const problem = file && packageFileProblem(file);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="roster-upload-title">
      <form
        aria-labelledby="roster-upload-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file || problem) return;
          upload.mutate(
            { file, districtId },
            { onSuccess: (answer) => navigate(importPath(answer.data.id)) },
          );
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="roster-upload-title">
            Upload a package
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            The OneRoster 1.2 export of your student information system: a .zip of CSV files.
            Refrain checks it and shows what it would change; nothing changes until you apply it.
          </Text>
          <Group align="flex-start" gap="sm">
            <FileInput
              label="OneRoster package (.zip)"
              description={`Up to ${UPLOAD_MB} MB`}
              accept=".zip,application/zip,application/x-zip-compressed"
              leftSection={<IconFileZip size={18} />}
              value={file}
              onChange={(picked) => {
                setFile(picked);
                upload.reset();
              }}
              clearable
              error={problem}
              w={360}
              maw="100%"
            />
            <Button
              type="submit"
              mt={46}
              leftSection={<IconUpload size={16} />}
              disabled={!file || Boolean(problem)}
              loading={upload.isPending}
            >
              Upload and check
            </Button>
          </Group>
          <ErrorAlert error={upload.error} />
          <Stack gap={4}>
            <Text size="sm">
              A fictional district's package, to see the format or try the import:
            </Text>
            <Group gap="md">
              {SAMPLES.map(({ variant, label }) => (
                <Button
                  key={variant}
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={16} />}
                  loading={sample.isPending && sample.variables === variant}
                  onClick={() => sample.mutate(variant)}
                >
                  {label}
                </Button>
              ))}
            </Group>
          </Stack>
          <ErrorAlert error={sample.error} prefix="The sample could not be downloaded: " />
        </Stack>
      </form>
    </Paper>
  );
}
