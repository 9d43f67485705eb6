import { Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  classWords,
  dateRangeMessages,
  GRAPH_TYPES,
  type GraphType,
  graphTypesFor,
} from "@refrain/domain";
import { useSearchParams } from "react-router";
import { LoadError, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useCriteriaStudents } from "../api/criteria.ts";
import { ReportPdfButton } from "../conference/pdf-button.tsx";
import { DEFAULT_GRAPH_RANGE, type GraphCriteria, useGraphs } from "./api.ts";
import { GraphCard } from "./graph-chart.tsx";

const WHOLE_CLASS = "class";
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The date fields keep to the spec's range (§5). */
const DATE_FIELD = {
  type: "date",
  min: DEFAULT_GRAPH_RANGE.from,
  max: DEFAULT_GRAPH_RANGE.to,
} as const;

/**
 * The criteria from the URL (`?student=12&from=YYYY-MM-DD&to=YYYY-MM-DD`), so a report can be
 * bookmarked and the back button steps through the choices. Anything unreadable falls back to
 * the whole class and the spec's default range (§5: 2000-01-01 to 2500-01-01), which the date
 * fields show as blank: "every reading", not two dates no one chose.
 */
function useCriteria() {
  const [params, setParams] = useSearchParams();
  const student = Number(params.get("student"));
  const chosen = (key: "from" | "to") => {
    const value = params.get(key) ?? "";
    return ISO_DAY.test(value) ? value : "";
  };
  const shown = { from: chosen("from"), to: chosen("to") };
  const criteria: GraphCriteria = {
    studentId: Number.isInteger(student) && student > 0 ? student : null,
    from: shown.from || DEFAULT_GRAPH_RANGE.from,
    to: shown.to || DEFAULT_GRAPH_RANGE.to,
  };
  // From the address as it is now, not as this render saw it: react-router's updater gets the
  // last render's params, so of two quick changes (From, then To) the first was lost.
  const change = (key: "student" | "from" | "to", value: string | null) =>
    setParams(() => {
      const p = new URLSearchParams(window.location.search);
      if (value === null || value === "" || value === WHOLE_CLASS) p.delete(key);
      else p.set(key, value);
      return p;
    });
  return { criteria, shown, change };
}

/**
 * The student selector and date range of this page. The shared report criteria selector
 * (grading spec §2) replaces this once it lands; until then this page keeps its own.
 */
function Criteria({
  criteria,
  shown,
  change,
  reversed,
}: ReturnType<typeof useCriteria> & { reversed: boolean }) {
  const user = useSession().data?.user;
  const words = classWords(useViewerRole());
  const students = useCriteriaStudents(user?.id ?? null);
  if (students.isError)
    return <LoadError error={students.error} onRetry={() => void students.refetch()} />;
  const options = [
    { value: WHOLE_CLASS, label: words.overall },
    ...(students.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Select
        label="Student"
        data={options}
        value={criteria.studentId === null ? WHOLE_CLASS : String(criteria.studentId)}
        onChange={(value) => change("student", value)}
        searchable
        allowDeselect={false}
        disabled={students.isPending}
        w={{ base: "100%", xs: 260 }}
      />
      <TextInput
        {...DATE_FIELD}
        label="From"
        description="Blank: from the start"
        value={shown.from}
        onChange={(e) => change("from", e.currentTarget.value)}
      />
      <TextInput
        {...DATE_FIELD}
        label="To"
        description="Blank: up to today"
        value={shown.to}
        onChange={(e) => change("to", e.currentTarget.value)}
        error={reversed ? dateRangeMessages.reversed : undefined}
      />
    </Group>
  );
}

/**
 * The graphs of the criteria, asked for in one call, with how many have arrived (§4): the
 * first across the page, the others two to a row.
 */
function Graphs({ types, criteria }: { types: readonly GraphType[]; criteria: GraphCriteria }) {
  const graphs = useGraphs(types, criteria);
  const loaded = graphs.isPending ? 0 : types.length;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          Loaded {loaded} of {types.length} {types.length === 1 ? "graph" : "graphs"}
        </Text>
        {/* §2 "PDF report button": a student's report, offered once every graph is collected. */}
        {criteria.studentId !== null && graphs.isSuccess && (
          <ReportPdfButton
            studentId={criteria.studentId}
            range={{ start_date: criteria.from, end_date: criteria.to }}
          />
        )}
      </Group>
      <QueryState query={graphs} loading="Loading graphs...">
        {([first, ...rest]) => (
          <>
            {first && <GraphCard graph={first} height={340} />}
            {rest.length > 0 && (
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                {rest.map((graph) => (
                  <GraphCard key={graph.type} graph={graph} />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * Class Scores and Data → Fluency Reports (grading spec §2 "Fluency graphs"): a student's or
 * the whole class's benchmark progress against the published norms, cold against hot reads,
 * correct words per minute per reading, and quiz scores. A home class records no readings
 * (`graphTypesFor`): a parent sees the quiz scores alone, in their words.
 */
export function FluencyReportsPage() {
  const role = useViewerRole();
  const types = role === null ? GRAPH_TYPES : graphTypesFor(role);
  const readings = types.includes("fluency_benchmark");
  const { criteria, shown, change } = useCriteria();
  const reversed = criteria.from > criteria.to;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <PageTitle>Fluency Reports</PageTitle>
        <Text maw={720}>
          {readings
            ? "How reading fluency grows over time. The benchmark chart sets correct words per minute against the 50th percentile of published oral reading fluency norms for the reader's grade and season."
            : `How your ${classWords(role).classNoun} do on each lesson's day 1, 2 and 3 exams over time. Your lessons at home record no reading videos, so there are no reading speed or benchmark graphs here.`}
        </Text>
      </Stack>
      <Criteria criteria={criteria} shown={shown} change={change} reversed={reversed} />
      {!reversed && <Graphs types={types} criteria={criteria} />}
    </Stack>
  );
}
