import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconBook, IconPrinter } from "@tabler/icons-react";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { useCatalogLevels } from "../api/get-catalog.ts";
import { ScopeLevel } from "../components/scope-level.tsx";
import classes from "../components/scope-print.module.css";
import { ScopeProgression } from "../components/scope-progression.tsx";
import {
  type LevelScope,
  rangeText,
  type ScopeAndSequence,
  scopeAndSequence,
} from "../scope-sequence.ts";

const NO_LESSONS: EmptyListText = {
  icon: <IconBook />,
  title: "No lessons yet",
  description: "The catalog has no published lessons yet, so there is no sequence to show.",
};

/** The whole climb in one sentence: from the first level's spans to the last one's. */
function Climb({ levels }: { levels: LevelScope[] }) {
  const first = levels[0];
  const last = levels.at(-1);
  if (!first || !last || first === last) return null;
  return (
    <Text maw={760}>
      Lexile measures rise from {rangeText(first.lexile)} in {first.name} to{" "}
      {rangeText(last.lexile)} in {last.name}, and the songs from {rangeText(first.wpm)} to{" "}
      {rangeText(last.wpm)} words per minute. Each level mixes several story genres and subjects:
      they are listed under its name below.
    </Text>
  );
}

function Catalogue({ scope }: { scope: ScopeAndSequence }) {
  return (
    <Stack gap="lg">
      {scope.levels.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="progression">
          <Title order={2} fz="xl" id="progression">
            Progression by level
          </Title>
          <Climb levels={scope.levels} />
          <ScopeProgression levels={scope.levels} />
        </Stack>
      )}
      {scope.levels.map((level) => (
        <ScopeLevel key={level.id} scope={level} />
      ))}
      {scope.benchmarks && <ScopeLevel scope={scope.benchmarks} benchmarks />}
    </Stack>
  );
}

/**
 * Resources → Scope and Sequence (classroom spec "Navigation menus"): the lesson catalogue by
 * reading level, how difficulty and tempo grow across the levels, and what each level covers.
 * Printable: the print stylesheet leaves out the header, menus and buttons.
 */
export function ScopeAndSequencePage() {
  const levels = useCatalogLevels();
  return (
    <Stack gap="lg" className={classes.page}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <PageTitle>Scope and Sequence</PageTitle>
          <Text maw={760}>
            Every lesson by reading level, from Kindergarten to Fifth Grade, with its Lexile measure
            and its read-along tempo in words per minute. Within a level, lessons are listed from
            the lowest Lexile measure to the highest.
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          className={classes.screenOnly}
          disabled={!levels.isSuccess}
        >
          Print
        </Button>
      </Group>
      <QueryList query={levels} loading="Loading Lessons..." empty={NO_LESSONS}>
        {(list) => <Catalogue scope={scopeAndSequence(list)} />}
      </QueryList>
    </Stack>
  );
}
