import {
  Accordion,
  Button,
  CloseButton,
  Group,
  Mark,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconMessage, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { EmptyList } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { ProductLink } from "../components/product-link.tsx";
import { QUESTION_GROUPS, type QuestionGroup } from "../content/questions.ts";
import { filterQuestions, groupsFor, highlightParts } from "../questions-filter.ts";

/** `text` with the runs the search found marked. */
function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return highlightParts(text, terms).map((part, i) =>
    part.match ? (
      // The runs of one text never move: their place is their identity.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Mark key={i}>{part.text}</Mark>
    ) : (
      part.text
    ),
  );
}

function GroupAnswers({
  group,
  terms,
  opened,
  onChange,
}: {
  group: QuestionGroup;
  terms: readonly string[];
  opened: string[];
  onChange: (ids: string[]) => void;
}) {
  const headingId = `questions-${group.id}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="xl" id={headingId}>
        {group.title}
      </Title>
      {/* On white, like the other pages' panels; the open answer is shaded. */}
      <Paper radius="md">
        <Accordion
          multiple
          variant="contained"
          radius="md"
          order={3}
          value={opened}
          onChange={onChange}
        >
          {group.questions.map((q) => (
            <Accordion.Item key={q.id} value={q.id}>
              <Accordion.Control>
                <Text fw={500} inherit>
                  <Highlighted text={q.question} terms={terms} />
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs" maw={760}>
                  <Text size="sm">
                    <Highlighted text={q.answer} terms={terms} />
                  </Text>
                  {q.see && (
                    <Text size="sm" c="dimmed">
                      See{" "}
                      {q.see.map((ref, i) => (
                        <span key={ref.to}>
                          {i > 0 && ", "}
                          <ProductLink label={ref.label} to={ref.to} />
                        </span>
                      ))}
                      .
                    </Text>
                  )}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Paper>
    </Stack>
  );
}

const answersText = (count: number) => (count === 1 ? "1 answer" : `${count} answers`);
const groupsText = (count: number) => (count === 1 ? "1 group" : `${count} groups`);

/**
 * Help → Q and A: the answers the reader's role reads (`groupsFor`), their own group first, with
 * a search that filters as it is typed and opens and marks what it finds.
 */
export function QuestionsPage() {
  const role = useViewerRole();
  const [query, setQuery] = useState("");
  const groups = useMemo(() => (role ? groupsFor(QUESTION_GROUPS, role) : []), [role]);
  const search = useMemo(() => filterQuestions(groups, query), [groups, query]);
  const searching = search.terms.length > 0;

  // A search opens every answer it found; what the reader opens or closes then holds until the
  // search changes.
  const [toggled, setToggled] = useState<{ query: string; ids: string[] }>({ query, ids: [] });
  const found = searching ? search.groups.flatMap((g) => g.questions.map((q) => q.id)) : [];
  const opened = toggled.query === query ? toggled.ids : found;
  const changeGroup = (group: QuestionGroup) => (ids: string[]) => {
    const mine = new Set(group.questions.map((q) => q.id));
    setToggled({ query, ids: [...opened.filter((id) => !mine.has(id)), ...ids] });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Q and A</PageTitle>
        <Text maw={760}>
          Our answers to the questions we are asked most. Search them, or open a question below.
        </Text>
      </Stack>
      <Stack gap={6}>
        <TextInput
          type="search"
          label="Search the answers"
          placeholder="For example: password, lesson"
          leftSection={<IconSearch size={16} />}
          rightSection={
            query && <CloseButton aria-label="Clear the search" onClick={() => setQuery("")} />
          }
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maw={520}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {searching
            ? `${search.count === 0 ? "No answers" : answersText(search.count)} found`
            : `${answersText(search.count)} in ${groupsText(search.groups.length)}`}
        </Text>
      </Stack>
      {search.count === 0 ? (
        <EmptyList
          icon={<IconSearch />}
          title={`No answers match “${query.trim()}”`}
          description="Try other words, or ask us: every message is read by our team."
        >
          <Group justify="center" mt="sm">
            <Button component={Link} to="/feedback" leftSection={<IconMessage size={16} />}>
              Ask us through Feedback
            </Button>
          </Group>
        </EmptyList>
      ) : (
        search.groups.map((group) => (
          <GroupAnswers
            key={group.id}
            group={group}
            terms={search.terms}
            opened={opened.filter((id) => group.questions.some((q) => q.id === id))}
            onChange={changeGroup(group)}
          />
        ))
      )}
    </Stack>
  );
}
