import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  DECISION_FLAG_TEXT,
  DECISION_FOR_FLAG,
  DECISION_KINDS,
  DECISION_LABELS,
  type DecisionKind,
  decisionBody,
  GRADE_NAMES,
  type PlanDetail,
  type StudentMonitoring,
} from "@refrain/domain";
import { IconChartLine, IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import type { z } from "zod";
import { DismissibleError } from "../../../components/form-alerts.tsx";
import {
  FormNumberInput,
  FormRadioChoice,
  FormTextarea,
} from "../../../components/form-fields.tsx";
import { ListTable, numberColumn } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { errorText } from "../../../lib/api.ts";
import { dateText, dateTimeText } from "../../../lib/date-text.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useDecide, useEditPlan, useStudentMonitoring } from "../api/monitoring.ts";
import { CADENCE_OPTIONS } from "../components/cadence-options.ts";
import { MonitoringChart } from "../components/monitoring-chart.tsx";
import { TierBadge } from "../components/tier-cards.tsx";

/**
 * One student's progress monitoring (issue 39): the graph with its aim and trend lines, the
 * rate of improvement beside the norms', the four-point flag, and the decisions made.
 */
export function StudentMonitoringPage() {
  const studentId = Number(useParams().studentId) || 0;
  const query = useStudentMonitoring(studentId);
  return (
    <Stack gap="lg">
      <PageTitle>Progress Monitoring</PageTitle>
      <QueryState query={query} loading="Loading the student's monitoring...">
        {(data) => <StudentView data={data} />}
      </QueryState>
    </Stack>
  );
}

function StudentView({ data }: { data: StudentMonitoring }) {
  const { student, plan, canManage } = data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {student.name}, {GRADE_NAMES[student.grade] ?? student.grade} grade level
        </Title>
        {canManage && (
          <Anchor component={Link} to="/screening/monitoring" size="sm">
            Back to the class's monitoring
          </Anchor>
        )}
      </Group>
      {plan === null ? (
        <EmptyList
          icon={<IconChartLine />}
          title="Not monitored"
          description={
            canManage
              ? "Start a plan from Progress Monitoring once a screening places the student below benchmark."
              : "The student's teacher has not started a monitoring plan."
          }
        />
      ) : (
        <Plan plan={plan} canManage={canManage} />
      )}
    </Stack>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Plan({ plan, canManage }: { plan: PlanDetail; canManage: boolean }) {
  const open = plan.endedOn === null;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text>
          {open
            ? `Monitored since ${dateText(plan.startedOn)}`
            : `Monitored from ${dateText(plan.startedOn)} to ${dateText(plan.endedOn as string)}`}
        </Text>
        <TierBadge tier={plan.tier} />
      </Group>
      {plan.flag && (
        <Alert
          color={plan.flag === "change_intervention" ? "red" : "teal"}
          icon={<IconFlag size={18} />}
          title={DECISION_LABELS[DECISION_FOR_FLAG[plan.flag]]}
        >
          {DECISION_FLAG_TEXT[plan.flag]}
          {canManage ? " Record what you decide below." : ""}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure
          label="Baseline"
          value={`${plan.baseline.wcpm} WCPM`}
          hint={dateText(plan.baseline.day)}
        />
        <Figure
          label="Goal"
          value={`${plan.goal.wcpm} WCPM`}
          hint={`by ${dateText(plan.goal.day)}`}
        />
        <Figure
          label="Growth a week"
          value={plan.roi === null ? "--" : `${plan.roi} WCPM`}
          hint={plan.roi === null ? "From six readings on" : "The trend line's slope"}
        />
        <Figure
          label="Expected a week"
          value={plan.expectedRoi === null ? "--" : `${plan.expectedRoi} WCPM`}
          hint="The norms' 50th percentile"
        />
      </SimpleGrid>
      {plan.pointRows.length === 0 ? (
        <EmptyList
          icon={<IconChartLine />}
          title="No readings yet"
          description="Each graded cold read of a new lesson at the student's level adds a point."
        />
      ) : (
        <Paper withBorder p="md">
          <MonitoringChart plan={plan} />
        </Paper>
      )}
      {open && canManage && <CadenceForm plan={plan} />}
      {open && canManage && <DecisionForm plan={plan} />}
      <Decisions plan={plan} />
      {plan.pointRows.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Readings
          </Title>
          <ListTable
            minWidth={520}
            label="Monitoring readings"
            columns={["Day", "Lesson", numberColumn("WCPM"), numberColumn("Accuracy")]}
          >
            {plan.pointRows.map((p) => (
              <Table.Tr key={p.recordingId}>
                <Table.Td>{dateText(p.day)}</Table.Td>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td ta="right">{p.wcpm}</Table.Td>
                <Table.Td ta="right">{p.accuracy}%</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Stack>
      )}
    </Stack>
  );
}

function CadenceForm({ plan }: { plan: PlanDetail }) {
  const edit = useEditPlan(plan.id);
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="How often the student reads"
        data={CADENCE_OPTIONS}
        value={String(plan.cadenceDays)}
        allowDeselect={false}
        w={240}
        disabled={edit.isPending}
        onChange={(value) =>
          edit.mutate(Number(value), {
            onSuccess: (answer) =>
              notifications.show({ color: "teal", title: "Saved", message: answer.message }),
            onError: (error) =>
              notifications.show({ color: "red", title: "Not saved", message: errorText(error) }),
          })
        }
      />
      <Text size="sm" c="dimmed" pb={8}>
        {plan.due.status === "not_due"
          ? `Next reading due ${dateText(plan.due.next)}`
          : `A reading is ${plan.due.status} since ${dateText(plan.due.next)}`}
      </Text>
    </Group>
  );
}

type DecisionValues = z.input<typeof decisionBody>;

function DecisionForm({ plan }: { plan: PlanDetail }) {
  const decide = useDecide(plan.id);
  const [failure, setFailure] = useState<string | null>(null);
  const suggested: DecisionKind = plan.flag ? DECISION_FOR_FLAG[plan.flag] : "continue";
  const form = useForm<DecisionValues, unknown, z.output<typeof decisionBody>>({
    resolver: zodResolver(decisionBody),
    defaultValues: { kind: suggested, note: "" },
    mode: "onTouched",
  });
  const kind = form.watch("kind");
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    decide.mutate(
      { ...values, ...(values.kind === "raise_goal" ? {} : { goal_wcpm: undefined }) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: "teal", title: "Saved", message: answer.message });
          form.reset({ kind: "continue", note: "" });
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error, ["kind", "goal_wcpm", "note"]))
            setFailure(errorText(error));
        },
      },
    );
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate aria-label="Record a decision">
        <Stack gap="md">
          <Title order={2} size="h4">
            Record a decision
          </Title>
          <DismissibleError message={failure} onDismiss={() => setFailure(null)} />
          <FormRadioChoice
            form={form}
            name="kind"
            label="Decision"
            options={DECISION_KINDS}
            labels={DECISION_LABELS}
            stacked
          />
          {kind === "raise_goal" && (
            <FormNumberInput
              form={form}
              name="goal_wcpm"
              label="New goal (WCPM)"
              description={`Above the current goal of ${plan.goal.wcpm}`}
              w={240}
            />
          )}
          <FormTextarea
            form={form}
            name="note"
            label="Note"
            description="What changes, e.g. a smaller group or more minutes a day"
            autosize
            minRows={2}
            maxLength={500}
          />
          <Group>
            <Button type="submit" loading={decide.isPending}>
              Record the decision
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Decisions({ plan }: { plan: PlanDetail }) {
  if (plan.decisions.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Decisions
      </Title>
      <Timeline bulletSize={14} lineWidth={2}>
        {[...plan.decisions].reverse().map((d) => (
          <Timeline.Item
            key={d.id}
            title={
              d.kind === "raise_goal" && d.goal !== null
                ? `${DECISION_LABELS[d.kind]} to ${d.goal} WCPM`
                : DECISION_LABELS[d.kind]
            }
          >
            <Text size="sm" c="dimmed">
              {dateTimeText(d.decidedAt)} by {d.decidedBy}
            </Text>
            {d.note && <Text size="sm">{d.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
