// The charts' own styles load with the first page that draws one, not with every page.
import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Box, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue, useElementSize } from "@mantine/hooks";
import type { GraphResponse, GraphType } from "@refrain/domain";
import { useId } from "react";
import { QueryState } from "../../../components/page-states.tsx";
import { type GraphCriteria, useGraph } from "./api.ts";
import { chartConfig, latestSummary, RESIZE_DEBOUNCE_MS } from "./chart-config.ts";

/**
 * The width a chart is drawn at: the first measure at once, later ones 200 ms after the width
 * stops changing (§9). Mantine's charts wrap recharts' ResponsiveContainer without passing its
 * `debounce` prop on, so the chart gets a fixed width that only this settled value changes.
 */
function useSettledWidth() {
  const { ref, width } = useElementSize();
  const [settled] = useDebouncedValue(Math.floor(width), RESIZE_DEBOUNCE_MS);
  return { ref, width: settled || Math.floor(width) };
}

/** Room on both sides for the axes' turned labels, which recharts would clip. */
const CHART_MARGIN = { top: 8, right: 24, bottom: 0, left: 16 };

/** The graph's numbers as a table for screen readers: the answer's own header and rows. */
function DataTable({ graph }: { graph: GraphResponse }) {
  return (
    <VisuallyHidden>
      <Table>
        <Table.Caption>{graph.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {graph.header.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {graph.tableData.map((row, i) => (
            // Rows have no id of their own; their order is the answer's and never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed header
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/** One answer drawn: the chart, or the server's no-data message for a header-only answer (§8). */
export function GraphView({
  graph,
  height,
  compact = false,
}: {
  graph: GraphResponse;
  height: number;
  /** A small graph: no legend or axis labels, the title smaller. */
  compact?: boolean;
}) {
  const { ref, width } = useSettledWidth();
  const summaryId = useId();
  const config = chartConfig(graph);
  const shared = {
    w: width,
    h: height,
    data: graph.data,
    dataKey: graph.dataKey,
    series: config.series,
    referenceLines: config.referenceLines,
    withLegend: !compact,
    // Below the chart, and as tall as its rows: four series wrap to two rows in a half column.
    legendProps: { verticalAlign: "bottom" as const },
    xAxisProps: { tickFormatter: config.tick },
    yAxisProps: { domain: config.left.domain, allowDataOverflow: false },
    yAxisLabel: compact ? undefined : config.left.label,
    withRightYAxis: config.right !== null,
    rightYAxisProps: config.right ? { domain: config.right.domain } : undefined,
    rightYAxisLabel: compact || !config.right ? undefined : config.right.label,
    "aria-describedby": summaryId,
  };
  return (
    <Stack gap="xs">
      <Title order={compact ? 3 : 2} fz={compact ? "md" : "lg"}>
        {graph.title}
      </Title>
      {graph.noDataMessage !== null ? (
        <Text c="dimmed" py="md">
          {graph.noDataMessage}
        </Text>
      ) : (
        <>
          <Box ref={ref} style={{ overflow: "hidden" }} data-graph={graph.type}>
            {width > 0 &&
              (config.kind === "line" ? (
                <LineChart
                  {...shared}
                  curveType="linear"
                  connectNulls
                  lineChartProps={{ margin: CHART_MARGIN }}
                />
              ) : (
                <BarChart {...shared} maxBarWidth={48} barChartProps={{ margin: CHART_MARGIN }} />
              ))}
          </Box>
          <Text id={summaryId} size="sm" c="dimmed">
            {latestSummary(graph)}
          </Text>
          <DataTable graph={graph} />
        </>
      )}
    </Stack>
  );
}

/** One graph of a report, loading on its own. */
export function GraphCard({
  query,
  height = 320,
  compact = false,
}: {
  query: Parameters<typeof QueryState<GraphResponse>>[0]["query"];
  height?: number;
  compact?: boolean;
}) {
  return (
    <Paper withBorder p={compact ? "sm" : "lg"}>
      <QueryState query={query} loading="Loading graph...">
        {(graph) => <GraphView graph={graph} height={height} compact={compact} />}
      </QueryState>
    </Paper>
  );
}

/** A small graph another report embeds (grading spec §2 "Small graphs embedded in reports"). */
export function SmallGraph({ type, criteria }: { type: GraphType; criteria: GraphCriteria }) {
  return <GraphCard query={useGraph(type, criteria)} height={180} compact />;
}
