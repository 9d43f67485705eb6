import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { ImportDetail } from "@refrain/domain";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { PageLoader, QueryState } from "../../../components/page-states.tsx";
import { dateTimeText } from "../../../lib/date-text.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useRosterImport } from "../api/get-roster-import.ts";
import { DiscardImportButton } from "../components/discard-import-button.tsx";
import { ApplyingProgress, ImportOutcome } from "../components/import-outcome.tsx";
import { ImportProblems } from "../components/import-problems.tsx";
import { ImportStatusBadge } from "../components/import-status-badge.tsx";
import { ReadyImport } from "../components/ready-import.tsx";
import { fileSize } from "../roster-import-view.ts";

/**
 * One roster import (issue 21): checked by a job while the page waits, then its preview to
 * apply or discard, or its problems; while it is applied, how far it got; then what it did.
 */
export function RosterImportDetailPage() {
  useDocumentTitle("Roster Import · Refrain");
  const importId = Number(useParams().importId);
  const query = useRosterImport(importId);
  const staff = useViewerRole() === "staff";

  return (
    <Stack gap="lg">
      <QueryState query={query} loading="Loading the import...">
        {({ data }) => (
          <>
            <Anchor
              component={Link}
              to={staff ? `/staff/roster?districtId=${data.districtId}` : "/district_admin/roster"}
              size="sm"
            >
              <Group gap={4} component="span">
                <IconArrowLeft size={14} />
                Roster Import
              </Group>
            </Anchor>
            <Stack gap={4}>
              <Group gap="sm" align="center">
                <Title order={1} style={{ overflowWrap: "anywhere" }}>
                  {data.fileName}
                </Title>
                <ImportStatusBadge status={data.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {staff ? `${data.districtName}: ` : ""}
                {fileSize(data.sizeBytes)}, uploaded {dateTimeText(data.createdAt)}
                {data.uploadedBy ? ` by ${data.uploadedBy}` : ""}
              </Text>
            </Stack>
            <ImportBody detail={data} staff={staff} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function ImportBody({ detail, staff }: { detail: ImportDetail; staff: boolean }) {
  const problems = detail.problems.length > 0 && <ImportProblems detail={detail} />;
  switch (detail.status) {
    case "validating":
      return <PageLoader label="Checking the package..." />;
    case "ready":
      return detail.preview ? (
        // A new preview (counted again with other choices) starts the choices afresh from it.
        <ReadyImport
          key={JSON.stringify(detail.preview.choices)}
          detail={detail}
          preview={detail.preview}
          problems={problems}
        />
      ) : null;
    case "applying":
      return <ApplyingProgress progress={detail.progress} />;
    default:
      return (
        <>
          <ImportOutcome detail={detail} searchPeople={!staff} />
          {detail.status !== "discarded" && problems}
          {(detail.status === "invalid" || detail.status === "failed") && (
            <Group>
              <DiscardImportButton importId={detail.id} />
            </Group>
          )}
        </>
      );
  }
}
