import {
  Alert,
  Button,
  FileButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  type CutScoresInput,
  type CutScoreTable,
  cutScoreMessages,
  cutScoresBody,
  type FieldErrors,
  fieldErrors,
  parseCutScoreCsv,
  SCREENED_GRADES,
  SEASONS,
  type Season,
  WINDOW_SHORT,
} from "@refrain/domain";
import { IconAlertCircle, IconDeviceFloppy, IconFileUpload } from "@tabler/icons-react";
import { useState } from "react";
import { HeadAndRows, TableFrame } from "../../../components/list-table.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useCutScores, useSaveCutScores } from "../api/cut-scores.ts";

/** One grade and season of the form: both scores, or neither (the norms' then apply). */
interface Slot {
  grade: number;
  season: Season;
  benchmark: number | string;
  wellBelow: number | string;
}

const SLOTS = SCREENED_GRADES.flatMap((grade) => SEASONS.map((season) => ({ grade, season })));
const slotKey = (grade: number, season: string) => `${grade} ${season}`;

/**
 * A district admin's own cut scores (issue 39): per grade and season, the lowest score at or
 * above benchmark and the highest well below it, typed or read from a CSV file; a row left
 * blank keeps the norms' (shown as the placeholder).
 */
export function CutScoresPanel() {
  const query = useCutScores();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="cut-scores-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="cut-scores-heading">
            Cut scores
          </Title>
          <Text size="sm" c="dimmed">
            Tiers come from the Hasbrouck–Tindal norms unless your district sets its own: a student
            at or above the benchmark score is at benchmark, at or under the well-below score well
            below it, and in between below it. Percentiles always come from the norms.
          </Text>
        </div>
        <QueryState query={query} loading="Loading cut scores...">
          {(data) => <CutScoresForm current={data} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

const slotsOf = (table: CutScoreTable): Slot[] => {
  const own = new Map(table.rows.map((r) => [slotKey(r.grade, r.season), r]));
  return SLOTS.map(({ grade, season }) => {
    const row = own.get(slotKey(grade, season));
    return { grade, season, benchmark: row?.benchmark ?? "", wellBelow: row?.wellBelow ?? "" };
  });
};

/** The filled slots as the call's body, and each body row's slot. */
function bodyOf(slots: readonly Slot[]) {
  const filled = slots.flatMap((slot, i) =>
    slot.benchmark === "" && slot.wellBelow === "" ? [] : [{ slot, i }],
  );
  const number = (value: number | string) => (value === "" ? undefined : value);
  return {
    body: {
      rows: filled.map(({ slot }) => ({
        grade: slot.grade,
        season: slot.season,
        benchmark: number(slot.benchmark),
        wellBelow: number(slot.wellBelow),
      })),
    },
    slotOf: filled.map(({ i }) => i),
  };
}

/** A refusal's messages by slot and field ("3.wellBelow"), from the body's row numbers. */
function bySlot(errors: FieldErrors, slotOf: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(key);
    const slot = match ? slotOf[Number(match[1])] : undefined;
    if (match && slot !== undefined && messages[0]) out[`${slot}.${match[2]}`] = messages[0];
  }
  return out;
}

function CutScoresForm({ current }: { current: CutScoreTable }) {
  const save = useSaveCutScores();
  const [slots, setSlots] = useState(() => slotsOf(current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const norms = new Map(current.norms.map((n) => [slotKey(n.grade, n.season), n]));

  const send = (input: CutScoresInput, slotOf: readonly number[]) => {
    setFailure(null);
    save.mutate(input, {
      onSuccess: (answer) => {
        setSlots(slotsOf(answer.data));
        setErrors({});
        notifications.show({ color: "teal", title: "Saved", message: answer.message });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(bySlot(error.errors, slotOf));
        else setFailure(errorText(error));
      },
    });
  };

  const onSave = () => {
    const { body, slotOf } = bodyOf(slots);
    const checked = cutScoresBody.safeParse(body);
    if (!checked.success) {
      setErrors(bySlot(fieldErrors(checked.error), slotOf));
      return;
    }
    setErrors({});
    send(checked.data, slotOf);
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    const rows = parseCutScoreCsv(await file.text());
    if (!rows) {
      setFailure(cutScoreMessages.file);
      return;
    }
    setFailure(null);
    const read = new Map(rows.map((r) => [slotKey(Number(r.grade), String(r.season)), r]));
    setSlots((before) =>
      before.map((slot) => {
        const row = read.get(slotKey(slot.grade, slot.season));
        const value = (v: unknown) => (typeof v === "number" ? v : "");
        return row
          ? { ...slot, benchmark: value(row.benchmark), wellBelow: value(row.wellBelow) }
          : slot;
      }),
    );
  };

  const change = (i: number, field: "benchmark" | "wellBelow", value: number | string) =>
    setSlots((before) => before.map((slot, j) => (j === i ? { ...slot, [field]: value } : slot)));

  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      )}
      <TableFrame minWidth={520} label="Cut scores by grade and season">
        <Table verticalSpacing={4} horizontalSpacing="xs">
          <HeadAndRows columns={["Grade", "Window", "At benchmark from", "Well below at or under"]}>
            {slots.map((slot, i) => {
              const norm = norms.get(slotKey(slot.grade, slot.season));
              const name = `grade ${slot.grade} ${slot.season}`;
              return (
                <Table.Tr key={slotKey(slot.grade, slot.season)}>
                  <Table.Td>{slot.grade}</Table.Td>
                  <Table.Td>{`${WINDOW_SHORT[slot.season]} (${slot.season})`}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`At benchmark from, ${name}`}
                      placeholder={
                        norm?.benchmark === null ? "no norm" : `${norm?.benchmark} (norms)`
                      }
                      value={slot.benchmark}
                      onChange={(value) => change(i, "benchmark", value)}
                      allowDecimal={false}
                      allowNegative={false}
                      error={errors[`${i}.benchmark`]}
                      size="xs"
                      w={150}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Well below at or under, ${name}`}
                      placeholder={
                        norm?.wellBelow === null ? "no norm" : `${norm?.wellBelow} (norms)`
                      }
                      value={slot.wellBelow}
                      onChange={(value) => change(i, "wellBelow", value)}
                      allowDecimal={false}
                      allowNegative={false}
                      error={
                        errors[`${i}.wellBelow`] ?? errors[`${i}.grade`] ?? errors[`${i}.season`]
                      }
                      size="xs"
                      w={150}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </HeadAndRows>
        </Table>
      </TableFrame>
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={save.isPending}
          onClick={onSave}
        >
          Save cut scores
        </Button>
        <FileButton onChange={(file) => void onFile(file)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />}>
              Read a CSV file
            </Button>
          )}
        </FileButton>
        {current.rows.length > 0 && (
          <Button variant="subtle" color="gray" onClick={() => send({ rows: [] }, [])}>
            Use the norms' cut scores
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        A CSV file has a header row with the columns grade, season, benchmark and well_below, then a
        row per grade (1–5) and season (fall, winter, spring).
      </Text>
    </Stack>
  );
}
