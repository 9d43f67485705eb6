import { Alert, Anchor, List, Progress, Stack, Text } from "@mantine/core";
import type { ImportDetail } from "@refrain/domain";
import { IconAlertCircle, IconCircleCheck, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { dateTimeText } from "../../../lib/date-text.ts";
import { changeSentences } from "../roster-import-view.ts";
import { ImportSection } from "./import-preview.tsx";

const records = (n: number) => n.toLocaleString("en-US");

/** An import being applied: how many of its records are written, as the job reports them. */
export function ApplyingProgress({ progress }: { progress: ImportDetail["progress"] }) {
  const { done, total } = progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <ImportSection
      title="Applying the import"
      description="School by school, each in one step: a school is never left half imported. You can leave this page; the import goes on."
    >
      <Stack gap="xs" role="status" aria-live="polite">
        <Progress value={percent} size="lg" animated aria-label="Import progress" />
        <Text size="sm">
          {total > 0 ? `Imported ${records(done)} of ${records(total)} records` : "Starting..."}
        </Text>
      </Stack>
    </ImportSection>
  );
}

/**
 * What became of an import that is over: applied (what it changed, and where to find the
 * people), failed (why), discarded, or refused for its errors (nothing changed).
 * `searchPeople`: the district search is a district admin's page; staff have none.
 */
export function ImportOutcome({
  detail,
  searchPeople,
}: {
  detail: ImportDetail;
  searchPeople: boolean;
}) {
  switch (detail.status) {
    case "applied":
      return (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck />}
          title="The import is applied"
          role="status"
        >
          <Stack gap="xs">
            <Text size="sm">
              Imported {records(detail.progress.done)} of {records(detail.progress.total)} records
              {detail.appliedAt && `, finished ${dateTimeText(detail.appliedAt)}`}.
            </Text>
            {detail.preview && (
              <List size="sm" spacing={2}>
                {changeSentences(detail.preview.counts).map((sentence) => (
                  <List.Item key={sentence}>{sentence}</List.Item>
                ))}
              </List>
            )}
            {searchPeople && (
              <Text size="sm">
                Find the district's teachers and students, and log in as them, in{" "}
                <Anchor component={Link} to="/district_admin/search" size="sm">
                  Search Teachers and Students
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        </Alert>
      );
    case "failed":
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title="The import failed"
          role="alert"
        >
          {/* The server's text says what was left as it was and what to do next. */}
          {detail.failure ?? "The import stopped before it finished."}
        </Alert>
      );
    case "invalid":
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title="This package cannot be imported"
          role="alert"
        >
          Nothing was changed. Fix the errors below in your student information system, export the
          package again and upload it.
        </Alert>
      );
    case "discarded":
      return (
        <Alert color="gray" variant="light" icon={<IconTrash />} title="Discarded">
          This import was discarded and its package deleted; nothing in the district changed.
        </Alert>
      );
    default:
      return null;
  }
}
