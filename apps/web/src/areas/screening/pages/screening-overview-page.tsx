import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import {
  allows,
  gradeName,
  type ReachScreening,
  type Season,
  TIERS,
  type TierCounts,
  tierShare,
  WINDOW_NAMES,
} from "@refrain/domain";
import { IconUsers } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { type Column, ListTable, numberColumn } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { dateRangeText } from "../../../lib/date-text.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useReachScreening } from "../api/class-screening.ts";
import { DistrictExportPanel } from "../components/district-export-panel.tsx";
import { SchoolSummaryDownload } from "../components/school-summary-download.tsx";
import { TierCards } from "../components/tier-cards.tsx";
import { useWindowChoice, WindowPicker } from "../components/window-picker.tsx";

/**
 * Screening for a school or district admin (issue 39): how many students are in each tier in a
 * benchmark window, per grade and per school, beside the window before. A school lists its
 * classes, each opening its students; a district opens one school at a time (`?school=`).
 */
export function ScreeningOverviewPage() {
  const choice = useWindowChoice();
  const [params] = useSearchParams();
  const school = Number(params.get("school")) || undefined;
  const query = useReachScreening(choice.year, choice.season, school);
  const role = useViewerRole();
  const district = role !== null && allows("districtAdmins", role);
  const opened = school === undefined ? undefined : query.data?.schools[0]?.name;
  // Opening a school (a link low in the district's list) or going back reads as a new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the school changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [school]);
  return (
    <Stack gap="lg">
      {district && school !== undefined && (
        <Anchor component={Link} to="/screening/overview" size="sm">
          ← All schools
        </Anchor>
      )}
      <PageTitle>{opened ? `Screening: ${opened}` : "Screening"}</PageTitle>
      <WindowPicker choice={choice} shown={query.data?.season} />
      {district && school === undefined && <DistrictExportPanel year={choice.year} />}
      <QueryState
        query={query}
        loading="Loading screening..."
        isEmpty={(data) => data.students === 0}
        empty={
          <EmptyList
            icon={<IconUsers />}
            title="No students to screen yet"
            description="Once teachers add students, their screening shows here."
          />
        }
      >
        {(data) => <Overview data={data} />}
      </QueryState>
    </Stack>
  );
}

const TIER_COLUMNS: Column[] = [
  numberColumn("At or above"),
  numberColumn("Below"),
  numberColumn("Well below"),
  numberColumn("Incomplete"),
];

/** A tier's count and share: "3 (25%)". */
const countText = (counts: TierCounts, tier: (typeof TIERS)[number]) => {
  const share = tierShare(counts, tier);
  return share === null ? String(counts[tier]) : `${counts[tier]} (${share}%)`;
};

/** The share at or above benchmark now and in the window before: "40% → 55%". */
function changeText(counts: TierCounts, previous: TierCounts | null): string {
  const now = tierShare(counts, "at_or_above");
  const before = previous ? tierShare(previous, "at_or_above") : null;
  if (now === null) return "--";
  return before === null ? `${now}%` : `${before}% → ${now}%`;
}

function CountCells({
  counts,
  previous,
  withChange,
}: {
  counts: TierCounts;
  previous: TierCounts | null;
  withChange: boolean;
}) {
  return (
    <>
      {TIERS.map((tier) => (
        <Table.Td key={tier} ta="right">
          {countText(counts, tier)}
        </Table.Td>
      ))}
      <Table.Td ta="right">{counts.incomplete}</Table.Td>
      {withChange && <Table.Td ta="right">{changeText(counts, previous)}</Table.Td>}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Overview({ data }: { data: ReachScreening }) {
  const window = data.windows.find((w) => w.season === data.season);
  const before: Season | null = data.previousSeason;
  const change: Column[] = before ? [numberColumn(`At or above, ${before} → now`)] : [];
  const district = data.schools.length > 1;
  return (
    <Stack gap="lg">
      {window && (
        <Text>
          {WINDOW_NAMES[data.season]} window: {dateRangeText(window.start, window.end)}
          {district ? " (a school with windows of its own is read in those)" : ""}. Shares are of
          the students with a score.
        </Text>
      )}
      <TierCards counts={data.counts} previous={data.previous} previousSeason={before} />
      <SchoolSummaryDownload data={data} />
      <Section title="By grade">
        <ListTable
          minWidth={640}
          label="Screening by grade"
          columns={["Grade", ...TIER_COLUMNS, ...change]}
        >
          {data.grades.map((g) => (
            <Table.Tr key={g.grade}>
              <Table.Th scope="row" fw={500}>
                {gradeName(g.grade)}
              </Table.Th>
              <CountCells counts={g.counts} previous={g.previous} withChange={before !== null} />
            </Table.Tr>
          ))}
        </ListTable>
      </Section>
      {district && (
        <Section title="By school">
          <ListTable
            minWidth={640}
            label="Screening by school"
            columns={["School", ...TIER_COLUMNS, ...change]}
          >
            {data.schools.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/screening/overview?school=${s.id}`}>
                    {s.name}
                  </Anchor>
                </Table.Th>
                <CountCells counts={s.counts} previous={s.previous} withChange={before !== null} />
              </Table.Tr>
            ))}
          </ListTable>
        </Section>
      )}
      {!district && (
        <Section title="By class">
          <ListTable
            minWidth={720}
            label="Screening by class"
            columns={["Teacher", ...TIER_COLUMNS, ...change]}
          >
            {data.classes.map((c) => (
              <Table.Tr key={c.teacherId}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={`/screening/classes/${c.teacherId}`}>
                    {c.name}
                  </Anchor>
                </Table.Th>
                <CountCells counts={c.counts} previous={c.previous} withChange={before !== null} />
              </Table.Tr>
            ))}
          </ListTable>
        </Section>
      )}
    </Stack>
  );
}
