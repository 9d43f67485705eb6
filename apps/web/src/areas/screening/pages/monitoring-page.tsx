import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  CADENCE_LABELS,
  type ClassMonitoring,
  cadenceFor,
  DECISION_FOR_FLAG,
  DECISION_LABELS,
  DECISION_POINTS,
  GRADE_NAMES,
  type MonitoringCandidate,
  type PlanSummary,
  type Season,
  type StartPlanBody,
  startPlanBody,
  WINDOW_NAMES,
} from "@refrain/domain";
import { IconChartLine, IconFlag, IconPlayerPlay, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { DismissibleError } from "../../../components/form-alerts.tsx";
import { FormNumberInput } from "../../../components/form-fields.tsx";
import { ListTable, numberColumn } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { WholeBadge } from "../../../components/whole-badge.tsx";
import { errorText } from "../../../lib/api.ts";
import { dateText } from "../../../lib/date-text.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useClassMonitoring, useStartPlan } from "../api/monitoring.ts";
import { CADENCE_OPTIONS } from "../components/cadence-options.ts";
import { GroupGraphs } from "../components/group-graphs.tsx";
import { TierBadge } from "../components/tier-cards.tsx";

/**
 * Progress monitoring of the class (issue 39): who is due or overdue for a monitoring reading,
 * whose plan the four-point rule flags, and who is below benchmark without a plan yet.
 */
export function MonitoringPage() {
  const query = useClassMonitoring();
  return (
    <Stack gap="lg">
      <PageTitle>Progress Monitoring</PageTitle>
      <Text>
        A student on a plan reads a new lesson of their level cold as often as the plan says; each
        graded cold read is a point on their graph, drawn against the aim line to their goal.
      </Text>
      <QueryState query={query} loading="Loading progress monitoring...">
        {(data) => <Monitoring data={data} />}
      </QueryState>
    </Stack>
  );
}

/** Whom a plan is being started for, and what the form suggests. */
interface Starting {
  student: MonitoringCandidate["student"];
  goal: number | null;
  cadenceDays: number;
  /** The screening's median and its window, where the student has one below benchmark. */
  screening: { wcpm: number; season: Season } | null;
}

function Monitoring({ data }: { data: ClassMonitoring }) {
  const [starting, setStarting] = useState<Starting | null>(null);
  const [otherId, setOtherId] = useState<string | null>(null);
  const other = data.others.find((o) => String(o.id) === otherId);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Plans
        </Title>
        {data.plans.length === 0 ? (
          <EmptyList
            icon={<IconChartLine />}
            title="No monitoring plans yet"
            description="Start a plan for a student below benchmark: the list below suggests them from the latest screening."
          />
        ) : (
          <PlanTable plans={data.plans} />
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Below benchmark without a plan
        </Title>
        {data.candidates.length === 0 ? (
          <EmptyList
            icon={<IconUsers />}
            title="Nobody to add"
            description="Students scored below benchmark in the latest screening appear here until they have a plan."
          >
            <Anchor component={Link} to="/screening/class" size="sm">
              Open Screening
            </Anchor>
          </EmptyList>
        ) : (
          <ListTable
            minWidth={720}
            label="Students below benchmark"
            columns={[
              "Student",
              "Grade",
              "Window",
              numberColumn("Median WCPM"),
              "Tier",
              { name: "Actions", hiddenName: true },
            ]}
          >
            {data.candidates.map((c) => (
              <Table.Tr key={c.student.id}>
                <Table.Th scope="row" fw={500}>
                  {c.student.name}
                </Table.Th>
                <Table.Td>{GRADE_NAMES[c.student.grade] ?? c.student.grade}</Table.Td>
                <Table.Td>{WINDOW_NAMES[c.season]}</Table.Td>
                <Table.Td ta="right">{c.wcpm}</Table.Td>
                <Table.Td>
                  <TierBadge tier={c.tier} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} />}
                    onClick={() =>
                      setStarting({
                        student: c.student,
                        goal: c.goal,
                        cadenceDays: c.cadenceDays,
                        screening: { wcpm: c.wcpm, season: c.season },
                      })
                    }
                    aria-label={`Start a plan for ${c.student.name}`}
                  >
                    Start a plan
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
      {data.others.length > 0 && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Monitor another student"
            description="One the screening did not place below benchmark, or not screened yet"
            placeholder="Choose a student"
            data={data.others.map((o) => ({ value: String(o.id), label: o.name }))}
            value={otherId}
            onChange={setOtherId}
            searchable
            w={320}
          />
          <Button
            variant="default"
            disabled={!other}
            onClick={() =>
              other &&
              setStarting({
                student: { id: other.id, name: other.name, grade: other.grade },
                goal: other.goal,
                cadenceDays: cadenceFor("below"),
                screening: null,
              })
            }
          >
            Start a plan
          </Button>
        </Group>
      )}
      <GroupGraphs />
      <Modal
        opened={starting !== null}
        onClose={() => setStarting(null)}
        title={starting ? `Monitoring plan for ${starting.student.name}` : ""}
      >
        {starting && (
          <StartPlanForm
            starting={starting}
            onDone={() => {
              setStarting(null);
              setOtherId(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

const DUE_TEXT = { due: "Due", overdue: "Overdue", not_due: "Next" } as const;

function DueCell({ plan }: { plan: PlanSummary }) {
  const { status, next } = plan.due;
  if (status === "not_due") return <Text size="sm">{dateText(next)}</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <WholeBadge color={status === "overdue" ? "red" : "blue"} variant="light">
        {DUE_TEXT[status]}
      </WholeBadge>
      <Text size="sm" c="dimmed">
        since {dateText(next)}
      </Text>
    </Group>
  );
}

function PlanTable({ plans }: { plans: PlanSummary[] }) {
  return (
    <ListTable
      minWidth={720}
      label="Monitoring plans"
      columns={[
        "Student",
        "Grade",
        "How often",
        "Last reading",
        "Next reading",
        numberColumn("WCPM a week"),
        "Decision rule",
      ]}
    >
      {plans.map((p) => (
        <Table.Tr key={p.id}>
          <Table.Th scope="row" fw={500}>
            <Anchor component={Link} to={`/screening/monitoring/students/${p.student.id}`}>
              {p.student.name}
            </Anchor>
          </Table.Th>
          <Table.Td>{GRADE_NAMES[p.student.grade] ?? p.student.grade}</Table.Td>
          <Table.Td>
            {CADENCE_LABELS[p.cadenceDays as keyof typeof CADENCE_LABELS] ??
              `Every ${p.cadenceDays} days`}
          </Table.Td>
          <Table.Td>
            {p.last ? (
              <Text size="sm">
                {p.last.wcpm} WCPM, {dateText(p.last.day)}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                None yet
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <DueCell plan={p} />
          </Table.Td>
          <Table.Td ta="right">{p.roi ?? "--"}</Table.Td>
          <Table.Td>
            {p.flag ? (
              <WholeBadge
                color={p.flag === "change_intervention" ? "red" : "teal"}
                variant="light"
                leftSection={<IconFlag size={12} />}
              >
                {DECISION_LABELS[DECISION_FOR_FLAG[p.flag]]}
              </WholeBadge>
            ) : (
              <Text size="sm" c="dimmed">
                {p.sinceDecision < DECISION_POINTS
                  ? `${p.sinceDecision} of ${DECISION_POINTS} points`
                  : "On course"}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The plan's baseline, goal and cadence, suggested from the screening and the norms. */
function StartPlanForm({ starting, onDone }: { starting: Starting; onDone: () => void }) {
  const start = useStartPlan();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StartPlanBody>({
    resolver: zodResolver(startPlanBody),
    defaultValues: {
      student_id: starting.student.id,
      baseline_wcpm: starting.screening?.wcpm,
      goal_wcpm: starting.goal ?? undefined,
      cadence_days: starting.cadenceDays,
    },
    mode: "onTouched",
  });
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    start.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: "teal", title: "Plan started", message: answer.message });
        onDone();
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error, ["baseline_wcpm", "goal_wcpm", "cadence_days"]))
          setFailure(errorText(error));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Start a monitoring plan">
      <Stack gap="md">
        <DismissibleError message={failure} onDismiss={() => setFailure(null)} />
        <Text size="sm">
          The aim line runs from the baseline today to the goal at the end of the spring window.
        </Text>
        <FormNumberInput
          form={form}
          name="baseline_wcpm"
          label="Baseline (WCPM)"
          description={
            starting.screening
              ? `The ${WINDOW_NAMES[starting.screening.season].toLowerCase()} screening median`
              : "Words correct per minute on a grade-level passage today"
          }
        />
        <FormNumberInput
          form={form}
          name="goal_wcpm"
          label="End-of-year goal (WCPM)"
          description="The spring benchmark for the grade"
        />
        <Controller
          control={form.control}
          name="cadence_days"
          render={({ field, fieldState }) => (
            <Select
              label="How often the student reads"
              data={CADENCE_OPTIONS}
              value={String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={start.isPending}>
            Start the plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
