import { Group, SegmentedControl, Select } from "@mantine/core";
import {
  currentSchoolYear,
  SEASONS,
  type Season,
  schoolYearLabel,
  WINDOW_SHORT,
} from "@refrain/domain";
import { useState } from "react";

/** The school year and window a screening page shows: this year's current one to begin with. */
export function useWindowChoice() {
  const [year, setYear] = useState(currentSchoolYear());
  const [season, setSeason] = useState<Season | null>(null);
  return { year, season, setYear, setSeason };
}

/**
 * The school year (this one or the last) and the window of it a screening page shows; `shown`
 * is the window the answer is about (the current one until another is chosen).
 */
export function WindowPicker({
  choice,
  shown,
}: {
  choice: ReturnType<typeof useWindowChoice>;
  shown: Season | undefined;
}) {
  const thisYear = currentSchoolYear();
  return (
    <Group align="flex-end" gap="md">
      <Select
        label="School year"
        w={160}
        data={[thisYear - 1, thisYear].map((y) => ({
          value: String(y),
          label: schoolYearLabel(y),
        }))}
        value={String(choice.year)}
        onChange={(value) => {
          if (!value) return;
          choice.setYear(Number(value));
          choice.setSeason(null);
        }}
        allowDeselect={false}
      />
      {shown && (
        <SegmentedControl
          aria-label="Benchmark window"
          data={SEASONS.map((s) => ({ value: s, label: `${WINDOW_SHORT[s]} (${s})` }))}
          value={shown}
          onChange={(value) => choice.setSeason(value as Season)}
        />
      )}
    </Group>
  );
}
