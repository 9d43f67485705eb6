import {
  Anchor,
  Box,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  allows,
  gradeName,
  type ReachScreening,
  SCREENING_SCHOOLS_PAGE_SIZE,
  type Season,
  TIERS,
  type TierCounts,
  tierShare,
  WINDOW_NAMES,
} from "@refrain/domain";
import { IconSchool, IconSearch, IconUsers } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigationType, useSearchParams } from "react-router";
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
 * classes, each opening its students; a district lists its schools a page at a time
 * (`?page=`, `?search=`) and opens one at a time (`?school=`).
 */

/** How long the school search waits for the typing to pause before it asks. */
const SEARCH_DELAY_MS = 300;
/** The history state of an address the school search box asked for. */
const FROM_SEARCH_BOX = "screening school search";
export function ScreeningOverviewPage() {
  const choice = useWindowChoice();
  const [params, setParams] = useSearchParams();
  const school = Number(params.get("school")) || undefined;
  // A district's list (its page and search) is in the address, so that going back from a school
  // finds it as it was.
  const list = {
    search: params.get("search") ?? "",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const query = useReachScreening(choice.year, choice.season, school, list);
  const role = useViewerRole();
  const district = role !== null && allows("districtAdmins", role);
  const opened = school === undefined ? undefined : query.data?.schools[0]?.name;
  const listAddress = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change))
      if (value) next.set(key, value);
      else next.delete(key);
    return next;
  };
  // Opening a school (a link low in the district's list) or going back reads as a new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the school changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [school]);
  return (
    <Stack gap="lg">
      {district && school !== undefined && (
        <Anchor
          component={Link}
          to={`/screening/overview?${listAddress({ school: null })}`}
          size="sm"
        >
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
        {(data) => (
          <Overview
            data={data}
            schools={
              // A district of one school lists its classes, as the school's own page does.
              district && school === undefined && (data.schoolCount > 1 || list.search !== "")
                ? {
                    ...list,
                    loading: query.isPlaceholderData,
                    linkTo: (id) => `/screening/overview?${listAddress({ school: String(id) })}`,
                    onSearch: (search) =>
                      setParams(listAddress({ search: search || null, page: null }), {
                        replace: true,
                        state: FROM_SEARCH_BOX,
                      }),
                    onPage: (page) =>
                      setParams(listAddress({ page: page > 1 ? String(page) : null })),
                  }
                : null
            }
          />
        )}
      </QueryState>
    </Stack>
  );
}

/** A district's list of schools: which page, the search, and how to change them. */
interface SchoolListing {
  search: string;
  page: number;
  /** A page or search asked for is loading (the list shown is the one before). */
  loading: boolean;
  linkTo: (schoolId: number) => string;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
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

function Overview({ data, schools }: { data: ReachScreening; schools: SchoolListing | null }) {
  const window = data.windows.find((w) => w.season === data.season);
  const before: Season | null = data.previousSeason;
  const change: Column[] = before ? [numberColumn(`At or above, ${before} → now`)] : [];
  return (
    <Stack gap="lg">
      {window && (
        <Text>
          {WINDOW_NAMES[data.season]} window: {dateRangeText(window.start, window.end)}
          {schools ? " (a school with windows of its own is read in those)" : ""}. Shares are of the
          students with a score.
        </Text>
      )}
      <TierCards counts={data.counts} previous={data.previous} previousSeason={before} />
      <SchoolSummaryDownload data={data} pick={schools !== null} />
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
      {schools && (
        <Section title="By school">
          <DistrictSchools data={data} listing={schools} change={change} />
        </Section>
      )}
      {!schools && (
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

/**
 * A district's schools, a page at a time by name (issue 40: a district of 400 schools is not
 * read whole), with a search by name that waits for the typing to pause.
 */
function DistrictSchools({
  data,
  listing,
  change,
}: {
  data: ReachScreening;
  listing: SchoolListing;
  change: Column[];
}) {
  const { onSearch, search } = listing;
  const [typed, setTyped] = useState(search);
  const [settled] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  // The search the address has, or will have once the box's last ask lands. The router moves to
  // a new address in a transition, which a slow device renders well after the box's own state:
  // the page's `search` can still be the old one after the box has asked for another.
  const wanted = useRef(search);
  // An address changed by Back, Forward or a link puts its search in the box; the box's own
  // search landing leaves what was typed since alone.
  const location = useLocation();
  const own = useNavigationType() === "REPLACE" && location.state === FROM_SEARCH_BOX;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the address's search changes
  useEffect(() => {
    if (own) return;
    wanted.current = search;
    setTyped(search);
  }, [search]);
  // Only a pause in the typing asks for a search.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled === wanted.current) return;
    wanted.current = settled;
    onSearch(settled);
  }, [settled, onSearch]);
  const pages = Math.ceil(data.schoolCount / SCREENING_SCHOOLS_PAGE_SIZE);
  const first = (listing.page - 1) * SCREENING_SCHOOLS_PAGE_SIZE + 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Find a school"
          placeholder="Part of its name"
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={300}
          maxLength={100}
        />
        <Text size="sm" c="dimmed" role="status">
          {listing.loading
            ? "Loading schools..."
            : data.schools.length === 0
              ? ""
              : `${first}–${first + data.schools.length - 1} of ${data.schoolCount} ${
                  data.schoolCount === 1 ? "school" : "schools"
                }${search ? ` matching “${search}”` : ""}`}
        </Text>
      </Group>
      {data.schools.length === 0 ? (
        <EmptyList
          icon={<IconSchool />}
          title={search ? "No schools match" : "No schools on this page"}
          description={
            search
              ? `No school of the district has “${search}” in its name. Try fewer letters.`
              : `The district has ${data.schoolCount} schools; go back to the first page.`
          }
        >
          {!search && listing.page > 1 && (
            <Button variant="light" onClick={() => listing.onPage(1)}>
              First page
            </Button>
          )}
        </EmptyList>
      ) : (
        <Box style={{ opacity: listing.loading ? 0.6 : 1 }} aria-busy={listing.loading}>
          <ListTable
            minWidth={640}
            label="Screening by school"
            columns={["School", ...TIER_COLUMNS, ...change]}
          >
            {data.schools.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={listing.linkTo(s.id)}>
                    {s.name}
                  </Anchor>
                </Table.Th>
                <CountCells
                  counts={s.counts}
                  previous={s.previous}
                  withChange={data.previousSeason !== null}
                />
              </Table.Tr>
            ))}
          </ListTable>
        </Box>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(listing.page, pages)}
            onChange={listing.onPage}
            getControlProps={(control) => ({
              "aria-label": control === "next" ? "Next page" : "Previous page",
            })}
            getItemProps={(page) => ({ "aria-label": `Page ${page}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
