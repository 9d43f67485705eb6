// The charts' own styles load with the first page that draws one, not with every page.
import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import {
  Box,
  ColorSwatch,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue, useElementSize } from "@mantine/hooks";
import type { GraphResponse } from "@refrain/domain";
import { useId } from "react";
import {
  barLayout,
  type ChartConfig,
  chartConfig,
  latestSummary,
  RESIZE_DEBOUNCE_MS,
  TURNED_ANGLE,
} from "./chart-config.ts";

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

/** A dashed line's key: the target and the goal are lines, not filled shapes. */
function DashKey({ color }: { color: string }) {
  return <Box w={18} style={{ borderTop: `2px dashed ${color}` }} aria-hidden />;
}

/**
 * The series' colours and the goal line's words, under the chart and outside its box: a chart
 * wider than its box scrolls, and the key stays in sight. The goal is said here rather than on
 * the plot, where the lines crossed it.
 */
function ChartKey({ config }: { config: ChartConfig }) {
  return (
    <Group gap="md" justify="center" wrap="wrap">
      {config.series.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          {s.strokeDasharray ? (
            <DashKey color={s.color} />
          ) : (
            <ColorSwatch color={s.color} size={12} withShadow={false} aria-hidden />
          )}
          <Text size="sm">{s.label ?? s.name}</Text>
        </Group>
      ))}
      {config.goal && (
        <Group gap={6} wrap="nowrap">
          <DashKey color={config.goal.color} />
          <Text size="sm">{config.goal.label}</Text>
        </Group>
      )}
    </Group>
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
  const bars = config.kind === "bar" ? barLayout(graph, width) : null;
  const scrolls = bars !== null && bars.width > width;
  const shared = {
    w: bars?.width ?? width,
    h: height + (bars?.axisHeight ?? 30) - 30,
    data: graph.data,
    dataKey: graph.dataKey,
    series: config.series,
    referenceLines: config.referenceLines,
    withLegend: false,
    xAxisProps: bars
      ? {
          tickFormatter: bars.tick,
          interval: bars.interval,
          height: bars.axisHeight,
          // Mantine's own tick nudges the text with a transform, which would undo the turn.
          ...(bars.turned && {
            angle: TURNED_ANGLE,
            textAnchor: "end" as const,
            tick: { fontSize: 12, fill: "currentColor", dy: 6 },
          }),
        }
      : { tickFormatter: config.tick },
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
          <Stack gap="xs" data-graph={graph.type}>
            {scrolls && (
              <Text size="xs" c="dimmed">
                Scroll sideways to see every column.
              </Text>
            )}
            {/* A chart wider than its box scrolls, by keyboard too: the box takes focus. */}
            <Box
              ref={ref}
              style={{ overflowX: scrolls ? "auto" : "hidden", overflowY: "hidden" }}
              {...(scrolls && {
                tabIndex: 0,
                role: "group",
                "aria-label": `${graph.title}, scrolls sideways`,
              })}
            >
              {width > 0 &&
                (config.kind === "line" ? (
                  <LineChart
                    {...shared}
                    curveType="linear"
                    connectNulls
                    lineChartProps={{ margin: CHART_MARGIN }}
                  />
                ) : (
                  <BarChart
                    {...shared}
                    maxBarWidth={48}
                    barChartProps={{
                      margin: { ...CHART_MARGIN, left: CHART_MARGIN.left + (bars?.left ?? 0) },
                    }}
                  />
                ))}
            </Box>
            {!compact && <ChartKey config={config} />}
          </Stack>
          <Text id={summaryId} size="sm" c="dimmed">
            {latestSummary(graph)}
          </Text>
          <DataTable graph={graph} />
        </>
      )}
    </Stack>
  );
}

/** One graph of a report, drawn from the view's one answer (`useGraphs`). */
export function GraphCard({
  graph,
  height = 320,
  compact = false,
}: {
  graph: GraphResponse;
  height?: number;
  compact?: boolean;
}) {
  return (
    <Paper withBorder p={compact ? "sm" : "lg"}>
      <GraphView graph={graph} height={height} compact={compact} />
    </Paper>
  );
}
