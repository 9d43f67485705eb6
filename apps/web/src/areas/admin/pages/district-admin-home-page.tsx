import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { DistrictSummary } from "@refrain/domain";
import { IconBuildingCommunity } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDistrictSummary } from "../api/district-summary.ts";
import type { UsageRange } from "../api/school-breakdown.ts";
import { NotLinked } from "../components/not-linked.tsx";
import { SchoolUsageCard } from "../components/school-usage.tsx";
import { UsageFiguresTable } from "../components/usage-tables.tsx";
import { districtTotals } from "../usage-figures.ts";

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
  const district = summary.data?.data.district;
  useDocumentTitle(district ? `${district} · Refrain` : "District · Refrain");

  return (
    <QueryState query={summary} loading="Loading schools...">
      {({ data }) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{data.district}</Title>
            <Text c="dimmed">
              How your schools use Refrain: the last 30 days against the school year so far.
            </Text>
          </Stack>
          {data.schools.length === 0 ? (
            <EmptyList
              icon={<IconBuildingCommunity />}
              title="No schools yet"
              description="Your district has no schools on Refrain yet."
            />
          ) : (
            <Schools schools={data.schools} range={data.period} />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/**
 * The district's totals and every school at a glance, from the summary's one answer; an opened
 * school asks for its own breakdown over the same period (`range`, the server's school year to
 * date, so the links and the opened schools agree with the figures).
 */
function Schools({ schools, range }: { schools: School[]; range: UsageRange }) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const totals = districtTotals(schools);

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
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
        {schools.map((school) => (
          <SchoolUsageCard
            key={school.id}
            school={school}
            range={range}
            expanded={expanded.has(school.id)}
            onToggle={() => toggle(school.id)}
          />
        ))}
      </Stack>
    </>
  );
}
