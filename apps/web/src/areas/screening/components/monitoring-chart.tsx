import { Box, ColorSwatch, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { aimAt, type PlanDetail } from "@refrain/domain";
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { dateText } from "../../../lib/date-text.ts";
import { monthTicks, timeOf, wcpmTicks } from "./chart-ticks.ts";

const COLORS = {
  points: "var(--mantine-color-blue-7)",
  aim: "var(--mantine-color-gray-7)",
  trend: "var(--mantine-color-orange-8)",
};

const dayLabel = (t: number) => dateText(new Date(t).toISOString().slice(0, 10));
const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/**
 * A plan's graph: its points, the aim line from the baseline to the goal, and the trend line
 * through the points (from six on). Days on a time axis, so a missed week shows as a gap.
 */
export function MonitoringChart({ plan, height = 320 }: { plan: PlanDetail; height?: number }) {
  const aim = { from: plan.baseline, to: plan.goal };
  const points = plan.pointRows.map((p) => ({ t: timeOf(p.day), wcpm: p.wcpm }));
  const aimLine = [aim.from, aim.to].map((p) => ({ t: timeOf(p.day), wcpm: p.wcpm }));
  const trendLine = plan.trend
    ? [plan.trend.from, plan.trend.to].map((p) => ({ t: timeOf(p.day), wcpm: p.wcpm }))
    : [];
  const yTicks = wcpmTicks(Math.max(plan.goal.wcpm, ...plan.pointRows.map((p) => p.wcpm)));
  const xTicks = monthTicks(aim.from.day, aim.to.day);
  return (
    <Box>
      <Box h={height} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            margin={{ top: 8, right: 24, bottom: 8, left: 0 }}
            // The table below says what the chart shows; the chart itself takes no focus.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[timeOf(aim.from.day), timeOf(aim.to.day)]}
              ticks={xTicks}
              tickFormatter={(t: number) => monthLabel.format(t)}
              tick={{ fontSize: 12 }}
              allowDuplicatedCategory={false}
            />
            <YAxis
              dataKey="wcpm"
              domain={[0, yTicks.at(-1) ?? 100]}
              ticks={yTicks}
              tick={{ fontSize: 12 }}
              label={{ value: "WCPM", angle: -90, position: "insideLeft", fontSize: 12 }}
            />
            <Tooltip
              labelFormatter={(t) => dayLabel(Number(t))}
              formatter={(value) => [`${value} WCPM`]}
            />
            <Line
              data={aimLine}
              dataKey="wcpm"
              name="Aim line"
              stroke={COLORS.aim}
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
            />
            {trendLine.length > 0 && (
              <Line
                data={trendLine}
                dataKey="wcpm"
                name="Trend"
                stroke={COLORS.trend}
                strokeDasharray="2 3"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            )}
            <Line
              data={points}
              dataKey="wcpm"
              name="Readings"
              stroke={COLORS.points}
              strokeWidth={2}
              dot={{ r: 4, fill: COLORS.points }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <Group gap="md" justify="center" wrap="wrap" mt="xs">
        <Key color={COLORS.points} label="Readings (WCPM)" />
        <Key color={COLORS.aim} label="Aim line" dashed />
        {trendLine.length > 0 && <Key color={COLORS.trend} label="Trend" dashed />}
      </Group>
      <VisuallyHidden>
        <Table>
          <Table.Caption>Monitoring readings against the aim line</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>WCPM</Table.Th>
              <Table.Th>Aim line</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.pointRows.map((p) => (
              <Table.Tr key={p.recordingId}>
                <Table.Td>{dateText(p.day)}</Table.Td>
                <Table.Td>{p.wcpm}</Table.Td>
                <Table.Td>{Math.round(aimAt(aim, p.day))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}

function Key({ color, label, dashed = false }: { color: string; label: string; dashed?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      {dashed ? (
        <Box w={18} style={{ borderTop: `2px dashed ${color}` }} aria-hidden />
      ) : (
        <ColorSwatch color={color} size={12} withShadow={false} aria-hidden />
      )}
      <Text size="sm">{label}</Text>
    </Group>
  );
}
