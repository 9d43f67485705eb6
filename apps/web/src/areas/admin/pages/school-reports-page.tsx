import { Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { GRAPH_TYPES, schoolBreakdownQuery, schoolYearToDate } from "@refrain/domain";
import { IconBuilding } from "@tabler/icons-react";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { GraphCard, localToday, ReportCriteria, useGraphs } from "../../reports/index.ts";
import { useDistrictSchools } from "../api/list-district-schools.ts";
import { type UsageRange, useSchoolBreakdown } from "../api/school-breakdown.ts";
import { NotLinked } from "../components/not-linked.tsx";
import { ConceptBlocks, GenreTable, UsageFiguresTable } from "../components/usage-tables.tsx";
import { hasNoData, type ReportCategory, schoolReportPath, usageOf } from "../usage-figures.ts";

const REPORTS: Record<ReportCategory, { title: string; about: string }> = {
  usage: {
    title: "School Use and Data",
    about: "Time on Refrain, active students and teachers, and the school's fluency graphs.",
  },
  concepts: {
    title: "Concept Scores",
    about: "How the school's students answer the comprehension questions, grouped three ways.",
  },
};

/** The period the breakdown is about, in the report's chosen dates' own words. */
const PERIOD = "Selected period";

/**
 * The school and dates from the URL (`?school_id=&start_date=&end_date=`, as the district page
 * links them), checked by the call's own schema: anything unreadable falls back to the admin's
 * own school and the school year to date.
 */
function useReportParams(ownSchool: number | null): { schoolId: number | null; range: UsageRange } {
  const [params] = useSearchParams();
  const year = schoolYearToDate(localToday());
  const school = Number(params.get("school_id"));
  const parsed = schoolBreakdownQuery.safeParse({
    start_date: params.get("start_date") ?? year.start_date,
    end_date: params.get("end_date") ?? year.end_date,
  });
  const { start_date, end_date } = parsed.success ? parsed.data : year;
  return {
    schoolId: Number.isInteger(school) && school > 0 ? school : ownSchool,
    range: start_date && end_date ? { start_date, end_date } : year,
  };
}

/** A district admin's school, from their district's list; the report's dates stay as they are. */
function SchoolChoice({
  districtId,
  schoolId,
  category,
  range,
}: {
  districtId: number;
  schoolId: number | null;
  category: ReportCategory;
  range: UsageRange;
}) {
  const schools = useDistrictSchools(districtId);
  const navigate = useNavigate();
  return (
    <Select
      label="School"
      placeholder={schools.isPending ? "Loading..." : "Choose a school"}
      data={(schools.data?.data.schools ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
      value={schoolId === null ? null : String(schoolId)}
      onChange={(id) => id !== null && void navigate(schoolReportPath(category, Number(id), range))}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No school by that name"
      error={schools.isError ? "Your district's schools could not be loaded." : undefined}
      w={{ base: "100%", xs: 320 }}
    />
  );
}

/** The school's fluency graphs over the period (fluency spec §6: aggregated by school). */
function SchoolGraphs({ schoolId, range }: { schoolId: number; range: UsageRange }) {
  const graphs = useGraphs(GRAPH_TYPES, {
    studentId: null,
    from: range.start_date,
    to: range.end_date,
    schoolId,
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="school-graphs">
      <Title order={2} id="school-graphs">
        Fluency graphs
      </Title>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        Loaded {graphs.isPending ? 0 : GRAPH_TYPES.length} of {GRAPH_TYPES.length} graphs
      </Text>
      <QueryState query={graphs} loading="Loading graphs...">
        {(list) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {list.map((graph) => (
              <GraphCard key={graph.type} graph={graph} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

function SchoolReport({
  category,
  schoolId,
  range,
}: {
  category: ReportCategory;
  schoolId: number;
  range: UsageRange;
}) {
  const breakdown = useSchoolBreakdown(schoolId, range);
  return (
    <QueryState query={breakdown} loading="Loading the school's report...">
      {(data) => (
        <>
          <Stack gap="md" component="section" aria-labelledby="school-report">
            <Title order={2} id="school-report">
              {data.school.name}
            </Title>
            {category === "usage" ? (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Stack gap="xs">
                  <Title order={3}>Usage</Title>
                  <UsageFiguresTable
                    label={`Usage of ${data.school.name}`}
                    columns={[
                      { label: "Last 30 days", totals: usageOf(data.last_30_days) },
                      { label: PERIOD, totals: usageOf(data.school_year) },
                    ]}
                  />
                </Stack>
                <Stack gap="xs">
                  <Title order={3}>Lessons by genre</Title>
                  <GenreTable genres={usageOf(data.school_year).genres} period={PERIOD} />
                </Stack>
              </SimpleGrid>
            ) : (
              <ConceptBlocks blocks={data.concepts} noData={hasNoData(data)} headingOrder={3} />
            )}
          </Stack>
          {/* After the breakdown: a school the admin may not see says so once, not five times. */}
          {category === "usage" && <SchoolGraphs schoolId={schoolId} range={range} />}
        </>
      )}
    </QueryState>
  );
}

/**
 * A school's reports for its admins (access spec §2 `/school_admin/reports/{category}/`): its
 * usage with the fluency graphs, or its concept scores, for a school and dates chosen with the
 * report criteria (grading spec §2). A school admin sees their own school; a district admin
 * chooses one of their district's.
 */
export function SchoolReportsPage({ category }: { category: ReportCategory }) {
  const user = useSession().data?.user;
  const report = REPORTS[category];
  useDocumentTitle(`${report.title} · Refrain`);
  const district = user?.role === "district_admin" ? user.districtId : null;
  const { schoolId, range } = useReportParams(
    user?.role === "school_admin" ? (user.schoolId ?? null) : null,
  );
  const target = `/school_admin/reports/${category}?school_id={school_id}&start_date={start_date}&end_date={end_date}`;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{report.title}</Title>
        <Text c="dimmed">{report.about}</Text>
      </Stack>
      {district !== null && (
        <SchoolChoice districtId={district} schoolId={schoolId} category={category} range={range} />
      )}
      <ReportCriteria
        value={{ ...range, ...(schoolId !== null && { school_id: schoolId }) }}
        mode="change"
        target={target}
      />
      {schoolId !== null ? (
        <SchoolReport category={category} schoolId={schoolId} range={range} />
      ) : user?.role === "school_admin" ? (
        <NotLinked to="school" />
      ) : (
        <EmptyList
          icon={<IconBuilding />}
          title="Choose a school"
          description="Pick one of your district's schools to see its report."
        />
      )}
    </Stack>
  );
}
