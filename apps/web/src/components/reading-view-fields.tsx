import { SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import { type ReadingView, TEXT_SIZE_LABELS, TEXT_SIZES, type TextSize } from "@refrain/domain";
import { useId } from "react";

/**
 * The choices of a reading view: text size, dyslexia-friendly layout and line focus. Shared by
 * the student's player and recorder (learning) and the teacher's student settings (roster).
 */
export function ReadingViewFields({
  value,
  onChange,
}: {
  value: ReadingView;
  onChange: (view: ReadingView) => void;
}) {
  const sizeLabel = useId();
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={600} size="sm" id={sizeLabel}>
          Text size
        </Text>
        <SegmentedControl
          aria-labelledby={sizeLabel}
          value={value.textSize}
          onChange={(size) => onChange({ ...value, textSize: size as TextSize })}
          data={TEXT_SIZES.map((size) => ({ value: size, label: TEXT_SIZE_LABELS[size] }))}
        />
      </Stack>
      <Switch
        label="Dyslexia-friendly layout"
        description="A clear font, more space between letters and lines, cream paper"
        checked={value.dyslexiaFriendly}
        onChange={(event) => onChange({ ...value, dyslexiaFriendly: event.currentTarget.checked })}
      />
      <Switch
        label="Line focus"
        description="Dims every line but the one being read"
        checked={value.lineFocus}
        onChange={(event) => onChange({ ...value, lineFocus: event.currentTarget.checked })}
      />
    </Stack>
  );
}
