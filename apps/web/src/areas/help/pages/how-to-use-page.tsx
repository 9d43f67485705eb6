import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { HelpSentence } from "../components/product-link.tsx";
import { guideFor } from "../content/how-to-use.ts";
import type { GuideSection } from "../content/types.ts";

const CONTENTS_ID = "contents";
// The header stays on top while the page scrolls: a heading reached by its anchor shows below it.
const BELOW_HEADER = { scrollMarginTop: 80 };

/** The table of contents: each part and its tasks, as links to their headings. */
function Contents({ guide }: { guide: GuideSection[] }) {
  return (
    <Paper withBorder p="md" component="nav" aria-labelledby={CONTENTS_ID}>
      <Title order={2} fz="lg" mb="sm" id={CONTENTS_ID} style={BELOW_HEADER}>
        Contents
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        {guide.map((section, i) => (
          <div key={section.id}>
            <Anchor href={`#${section.id}`} fw={600}>
              {i + 1}. {section.title}
            </Anchor>
            {/* Links of one line each, 24 px apart at least: WCAG 2.2's target size (2.5.8). */}
            <List size="sm" spacing={6} mt={4} listStyleType="none">
              {section.tasks.map((task) => (
                <List.Item key={task.id}>
                  <Anchor href={`#${task.id}`} size="sm">
                    {task.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function Section({ section, number }: { section: GuideSection; number: number }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={section.id}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" id={section.id} style={BELOW_HEADER}>
            {number}. {section.title}
          </Title>
          <Text c="dimmed" mt={4} maw={760}>
            {section.intro}
          </Text>
        </div>
        {section.tasks.map((task) => (
          <div key={task.id}>
            <Title order={3} fz="md" mb="xs" id={task.id} style={BELOW_HEADER}>
              {task.title}
            </Title>
            <List type="ordered" spacing="xs" maw={760} withPadding>
              {task.steps.map((step, i) => (
                // Steps are fixed text in a fixed order.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <List.Item key={i}>
                  <HelpSentence parts={step} />
                </List.Item>
              ))}
            </List>
          </div>
        ))}
        <Anchor href={`#${CONTENTS_ID}`} size="sm" w="fit-content">
          Back to contents
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * Help → How to Use (classroom spec "Navigation menus", Help menu): the reader's own tasks, step
 * by step, with links into the pages they describe. Each role reads its own guide (`guideFor`):
 * a teacher's class, a parent's children, an admin's teachers and schools, staff's company pages.
 */
export function HowToUsePage() {
  useDocumentTitle("How to Use · Refrain");
  const role = useViewerRole();
  const guide = role ? guideFor(role) : [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>How to Use Refrain</Title>
        <Text maw={760}>
          What to do on each of your pages, step by step, with links to the pages it names.
        </Text>
      </Stack>
      <Contents guide={guide} />
      {guide.map((section, i) => (
        <Section key={section.id} section={section} number={i + 1} />
      ))}
    </Stack>
  );
}
