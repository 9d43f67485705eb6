import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ImportDetail, ImportPreview } from "@refrain/domain";
import { IconDatabaseImport, IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { useApplyRosterImport } from "../api/apply-roster-import.ts";
import { useRecountRosterImport } from "../api/recount-roster-import.ts";
import {
  changeSentences,
  changesAnything,
  type SchoolMatches as Matches,
  matchesChanged,
  proposedMatches,
} from "../roster-import-view.ts";
import { DiscardImportButton } from "./discard-import-button.tsx";
import { FilesRead, ImportCountsTable, ImportSection, OverwritesTable } from "./import-preview.tsx";
import { SchoolMatches } from "./school-matches.tsx";

/**
 * A checked package, ready to apply: what it changes, where its schools go, the teachers' edits
 * it replaces, then the admin's choices and Apply. `problems` (its warnings) show before Apply.
 */
export function ReadyImport({
  detail,
  preview,
  problems,
}: {
  detail: ImportDetail;
  preview: ImportPreview;
  problems: ReactNode;
}) {
  const [matches, setMatches] = useState<Matches>(() => proposedMatches(preview));
  const [levelsFromGrades, setLevelsFromGrades] = useState(preview.choices.levelsFromGrades);
  const [inviteTeachers, setInviteTeachers] = useState(true);
  const [confirming, { open, close }] = useDisclosure(false);
  const apply = useApplyRosterImport(detail.id);
  const recount = useRecountRosterImport(detail.id);
  // The preview's counts were made with its own matches and its choice of levels.
  const choicesDiffer =
    levelsFromGrades !== preview.choices.levelsFromGrades || matchesChanged(preview, matches);

  return (
    <>
      <ImportSection
        title="What this import changes"
        description="Counted against the district as it is now. Schools, teachers and students an earlier import brought in that this package no longer lists are deactivated: they can no longer sign in."
      >
        <ImportCountsTable counts={preview.counts} />
        <FilesRead preview={preview} />
      </ImportSection>
      <ImportSection
        title="Schools"
        description="Each school of the package goes to one of the district's schools, or becomes a new one."
      >
        <SchoolMatches
          schools={preview.schools}
          districtSchools={detail.districtSchools}
          matches={matches}
          onChange={setMatches}
        />
      </ImportSection>
      {preview.overwrites.length > 0 && (
        <ImportSection
          title="Teacher edits this import overwrites"
          description="Teachers changed these in Refrain; the package's values replace them."
        >
          <OverwritesTable preview={preview} />
        </ImportSection>
      )}
      {problems}
      <ImportSection
        title="Apply"
        description={
          changesAnything(preview.counts)
            ? undefined
            : "The district already matches this package: applying it changes nothing."
        }
      >
        <Stack gap="sm">
          <Checkbox
            label="Set existing students' reading levels from their grades"
            description="New students start at their grade's level; otherwise students already in Refrain keep theirs."
            checked={levelsFromGrades}
            onChange={(event) => setLevelsFromGrades(event.currentTarget.checked)}
          />
          <Checkbox
            label="Email new teachers an invitation"
            description="A link to choose their password and sign in."
            checked={inviteTeachers}
            onChange={(event) => setInviteTeachers(event.currentTarget.checked)}
          />
        </Stack>
        {choicesDiffer && (
          <Alert color="blue" title="Your choices can change these counts">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Count again to see what this import does with the schools and levels you chose.
              </Text>
              <ErrorAlert error={recount.error} />
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                loading={recount.isPending}
                onClick={() => recount.mutate({ schoolMatches: matches, levelsFromGrades })}
              >
                Count again with these choices
              </Button>
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconDatabaseImport size={16} />}
            onClick={() => {
              apply.reset();
              open();
            }}
          >
            Apply import
          </Button>
          <DiscardImportButton importId={detail.id} />
        </Group>
      </ImportSection>
      <Modal opened={confirming} onClose={close} title="Apply this import?" centered size="lg">
        <Stack gap="md">
          <List size="sm" spacing={4}>
            {changeSentences(preview.counts).map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List>
          {choicesDiffer && (
            <Text size="sm" c="dimmed">
              These are the preview's counts; your choices since can change some of them.
            </Text>
          )}
          <Text size="sm">
            It runs in the background, school by school; this page shows how far it got.
          </Text>
          <ErrorAlert error={apply.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(
                  { schoolMatches: matches, levelsFromGrades, inviteTeachers },
                  { onSuccess: close },
                )
              }
            >
              Apply import
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
