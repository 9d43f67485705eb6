import { Button, Group, Progress, Stack, Text, Title } from "@mantine/core";
import type { DistrictSummary } from "@refrain/domain";
import { IconBuildingCommunity } from "@tabler/icons-react";
import { useState } from "react";
import {
  EmptyList,
  LoadError,
  QueryState,
  type QueryView,
} from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { summarySoFar, useDistrictSummary } from "../api/district-summary.ts";
import type { UsageRange } from "../api/school-breakdown.ts";
import { NotLinked } from "../components/not-linked.tsx";
import { SchoolUsageCard } from "../components/school-usage.tsx";
import { UsageFiguresTable } from "../components/usage-tables.tsx";

type School = DistrictSummary["schools"][number];

/**
 * A district admin's home, the district summary (access spec screen 14): the last 30 days
 * against the school year to date, for the district and for each of its schools.
 */
export function DistrictAdminHomePage({ districtId }: { districtId: number | null }) {
  if (districtId === null) {
    return <NotLinked to="district" />;
  }
  return <District districtId={districtId} />;
}

function District({ districtId }: { districtId: number }) {
  const summary = useDistrictSummary(districtId);
  const soFar = summary.data ? summarySoFar(summary.data.pages) : null;
  useDocumentTitle(soFar ? `${soFar.district} · Refrain` : "District · Refrain");
  // Once the first page is in, the page stays: a later page that fails shows below the schools
  // already loaded, with its own "Try again".
  const view: QueryView<NonNullable<typeof soFar>> = soFar
    ? { status: "success", data: soFar }
    : summary.status === "error"
      ? { status: "error", error: summary.error, refetch: summary.refetch }
      : { status: "pending" };

  return (
    <QueryState query={view} loading="Loading schools...">
      {(data) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{data.district}</Title>
            <Text c="dimmed">
              How your schools use Refrain: the last 30 days against the school year so far.
            </Text>
          </Stack>
          {data.school_count === 0 ? (
            <EmptyList
              icon={<IconBuildingCommunity />}
              title="No schools yet"
              description="Your district has no schools on Refrain yet."
            />
          ) : (
            <>
              <Totals totals={data.totals} />
              <Schools
                schools={data.schools}
                count={data.school_count}
                range={data.period}
                failed={summary.isFetchNextPageError ? summary.error : null}
                onRetry={() => void summary.fetchNextPage()}
              />
            </>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function Totals({ totals }: { totals: DistrictSummary["totals"] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="district-totals">
      <Title order={2} id="district-totals">
        District totals
      </Title>
      <UsageFiguresTable
        label="District totals"
        columns={[
          { label: "Last 30 days", totals: totals.last_30_days },
          { label: "School year", totals: totals.school_year },
        ]}
      />
    </Stack>
  );
}

/**
 * The district's schools as they load, a page at a time, each at a glance; an opened school asks
 * for its own breakdown over the same period (`range`, the server's school year to date, so the
 * links and the opened schools agree with the figures). Expand All opens the schools loaded.
 */
function Schools({
  schools,
  count,
  range,
  failed,
  onRetry,
}: {
  schools: School[];
  count: number;
  range: UsageRange;
  failed: unknown;
  onRetry: () => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const loaded = Math.min(schools.length, count);

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2}>Schools</Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => setExpanded(new Set(schools.map((s) => s.id)))}
          >
            Expand All
          </Button>
          <Button size="xs" variant="default" onClick={() => setExpanded(new Set())}>
            Collapse All
          </Button>
        </Group>
      </Group>
      <div>
        {/* Mantine names the bar itself (role, value and its text) from aria-label. */}
        <Progress value={(100 * loaded) / count} aria-label="Schools loaded" />
        <Text size="xs" c="dimmed" mt={4} role="status">
          Loaded {loaded} of {count} {count === 1 ? "school" : "schools"}
        </Text>
      </div>
      {schools.map((school) => (
        <SchoolUsageCard
          key={school.id}
          school={school}
          range={range}
          expanded={expanded.has(school.id)}
          onToggle={() => toggle(school.id)}
        />
      ))}
      {failed !== null && <LoadError error={failed} onRetry={onRetry} />}
    </Stack>
  );
}
