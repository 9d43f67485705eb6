import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  currentSchoolYear,
  PASSAGES_PER_WINDOW,
  SCREENED_GRADES,
  schoolYearLabel,
  WINDOW_NAMES,
  type WindowSource,
  type WindowsAnswer,
  type WindowsInput,
  windowsBody,
} from "@refrain/domain";
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { errorText } from "../../../lib/api.ts";
import { dateText } from "../../../lib/date-text.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useSession } from "../../../lib/session.ts";
import { useSaveWindows, useWindows } from "../api/windows.ts";
import { CutScoresPanel } from "../components/cut-scores-panel.tsx";

const SOURCE_TEXT: Record<WindowSource, string> = {
  district: "Your district set these windows.",
  school: "Your school set these windows.",
  class: "You set these windows for your class.",
  default: "These are Refrain's usual screening months; nobody has changed them for this year.",
};

/**
 * Benchmark Windows (issue 39): when a school year's fall, winter and spring screenings run and
 * which three passages each grade reads in each. A district admin sets them for the district, a
 * school admin for a school its district leaves them to, a teacher with no school for the
 * class; everyone else sees the windows their students read in.
 */
export function WindowsPage() {
  const thisYear = currentSchoolYear();
  const [year, setYear] = useState(thisYear);
  const query = useWindows(year);
  const isDistrictAdmin = useSession().data?.user?.role === "district_admin";
  return (
    <Stack gap="lg" maw={880}>
      <PageTitle>Benchmark Windows</PageTitle>
      <Text>
        Students are screened three times a year. In each window every student reads the{" "}
        {PASSAGES_PER_WINDOW} benchmark passages of their grade for one minute each, and their
        benchmark score is the median of the three.
      </Text>
      <Select
        label="School year"
        w={200}
        data={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({
          value: String(y),
          label: schoolYearLabel(y),
        }))}
        value={String(year)}
        onChange={(value) => value && setYear(Number(value))}
        allowDeselect={false}
      />
      <QueryState query={query} loading="Loading windows...">
        {(data) => <WindowsForm key={data.year} current={data} />}
      </QueryState>
      {isDistrictAdmin && <CutScoresPanel />}
    </Stack>
  );
}

/** The form's values from an answer: the windows with their passages as the form edits them. */
const valuesOf = (answer: WindowsAnswer): WindowsInput => ({
  year: answer.year,
  windows: answer.windows,
});

function WindowsForm({ current }: { current: WindowsAnswer }) {
  const save = useSaveWindows();
  const form = useForm<WindowsInput>({
    resolver: zodResolver(windowsBody),
    values: valuesOf(current),
    mode: "onChange",
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isDirty } = form.formState;
  const readOnly = !current.editable;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (answer) => {
        form.reset(valuesOf(answer.data));
        notifications.show({ color: "teal", title: "Saved", message: answer.message });
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error)) setFailure(errorText(error));
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Benchmark windows ${schoolYearLabel(current.year)}`}
    >
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
          {SOURCE_TEXT[current.source]}
          {current.updatedAt &&
            ` Last saved ${dateText(current.updatedAt)}${current.updatedBy ? ` by ${current.updatedBy}` : ""}.`}
          {readOnly && " Only they can change them."}
        </Alert>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        )}
        {current.windows.map((window, i) => {
          const windowErrors = errors.windows?.[i];
          return (
            <Paper
              key={window.season}
              withBorder
              p="lg"
              component="fieldset"
              disabled={readOnly}
              aria-labelledby={`window-${window.season}`}
            >
              <Stack gap="md">
                <Title order={2} size="h3" id={`window-${window.season}`}>
                  {WINDOW_NAMES[window.season]}
                </Title>
                <Group align="flex-start" grow maw={480}>
                  <TextInput
                    type="date"
                    label="First day"
                    {...form.register(`windows.${i}.start`)}
                    error={windowErrors?.start?.message}
                  />
                  <TextInput
                    type="date"
                    label="Last day"
                    {...form.register(`windows.${i}.end`)}
                    error={windowErrors?.end?.message}
                  />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {SCREENED_GRADES.map((grade) => (
                    <Controller
                      key={grade}
                      control={form.control}
                      name={`windows.${i}.passages.${grade}`}
                      render={({ field }) => (
                        <MultiSelect
                          label={`Grade ${grade} passages`}
                          data={(current.choices[grade] ?? []).map((c) => ({
                            value: String(c.id),
                            label: c.title.replace(/^Grade \d Benchmark: /, ""),
                          }))}
                          value={field.value.map(String)}
                          onChange={(ids) => field.onChange(ids.map(Number))}
                          onBlur={field.onBlur}
                          maxValues={PASSAGES_PER_WINDOW}
                          disabled={readOnly}
                          error={windowErrors?.passages?.[grade]?.message}
                        />
                      )}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        })}
        {!readOnly && (
          <Group>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={!isDirty}
            >
              Save windows
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
