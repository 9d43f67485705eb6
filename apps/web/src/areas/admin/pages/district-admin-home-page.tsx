import { Button, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  type DistrictSchoolsResponse,
  type SchoolBreakdown,
  schoolYearToDate,
} from "@refrain/domain";
import { IconBuildingCommunity } from "@tabler/icons-react";
import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDistrictSchools } from "../api/list-district-schools.ts";
import { schoolBreakdownOptions, type UsageRange } from "../api/school-breakdown.ts";
import { NotLinked } from "../components/not-linked.tsx";
import { SchoolUsageCard } from "../components/school-usage.tsx";
import { UsageFiguresTable } from "../components/usage-tables.tsx";
import { districtTotals, formatCount } from "../usage-figures.ts";

type School = DistrictSchoolsResponse["data"]["schools"][number];

/**
 * A district admin's home, the district summary (access spec screen 14): the last 30 days
 * against the school year to date, for the district and for each of its schools.
 */
export function DistrictAdminHomePage({ districtId }: { districtId: number | null }) {
  if (districtId === null) {
    return <NotLinked to="district" />;
  }
  return <DistrictSummary districtId={districtId} />;
}

function DistrictSummary({ districtId }: { districtId: number }) {
  const schools = useDistrictSchools(districtId);
  const district = schools.data?.data.district;
  useDocumentTitle(district ? `${district} · Refrain` : "District · Refrain");

  return (
    <QueryState query={schools} loading="Loading schools...">
      {({ data: { schools: list } }) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{district}</Title>
            <Text c="dimmed">
              How your schools use Refrain: the last 30 days against the school year so far.
            </Text>
          </Stack>
          {list.length === 0 ? (
            <EmptyList
              icon={<IconBuildingCommunity />}
              title="No schools yet"
              description="Your district has no schools on Refrain yet."
            />
          ) : (
            <Schools schools={list} />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** Every school's breakdown at once (§4): the totals grow as each one arrives. */
function Schools({ schools }: { schools: School[] }) {
  // Fixed for the page's life, so every school is asked about the same days.
  // UTC days, as time on task is kept: a US evening is already the next day's bucket.
  const [range] = useState<UsageRange>(() => schoolYearToDate(new Date()));
  const queries = useQueries({
    queries: schools.map((school) => schoolBreakdownOptions(school.id, range)),
  });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const loaded = queries.filter((q) => !q.isPending).length;
  const failed = queries.filter((q) => q.isError).length;
  const arrived = queries.flatMap((q): SchoolBreakdown[] => (q.data ? [q.data] : []));
  const totals = districtTotals(arrived);

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <Stack gap={6}>
        <Progress
          value={(loaded / schools.length) * 100}
          size="md"
          animated={loaded < schools.length}
          aria-label="Schools loaded"
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          Loaded {formatCount(loaded)} of {formatCount(schools.length)} schools
          {failed > 0 && ` (${formatCount(failed)} could not be loaded)`}
        </Text>
      </Stack>

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
        {schools.map((school, i) => {
          const query = queries[i];
          return (
            query && (
              <SchoolUsageCard
                key={school.id}
                school={school}
                query={query}
                range={range}
                expanded={expanded.has(school.id)}
                onToggle={() => toggle(school.id)}
              />
            )
          );
        })}
      </Stack>
    </>
  );
}
