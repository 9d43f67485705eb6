import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { allows } from "@refrain/domain";
import { useSession } from "../../../lib/session.ts";
import { HelpSentence, ProductLink } from "../components/product-link.tsx";
import { GUIDE, type GuideSection } from "../content/how-to-use.ts";

const CONTENTS_ID = "contents";
// The header stays on top while the page scrolls: a heading reached by its anchor shows below it.
const BELOW_HEADER = { scrollMarginTop: 80 };

/** The table of contents: each part and its tasks, as links to their headings. */
function Contents() {
  return (
    <Paper withBorder p="md" component="nav" aria-labelledby={CONTENTS_ID}>
      <Title order={2} fz="lg" mb="sm" id={CONTENTS_ID} style={BELOW_HEADER}>
        Contents
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        {GUIDE.map((section, i) => (
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
 * Help → How to Use: the teacher's guide, task by task (classroom spec "Navigation menus", Help
 * menu), with links into the pages it describes. Admins read it too: pages they cannot open
 * are named rather than linked, and their own answers are in Q and A.
 */
export function HowToUsePage() {
  useDocumentTitle("How to Use · Refrain");
  const role = useSession().data?.user?.role;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>How to Use Refrain</Title>
        <Text maw={760}>
          A guide for teachers, and for parents teaching at home: what to do on the first day, how a
          week with a lesson goes, and how to grade, read the reports and keep families in the loop.
        </Text>
        {role && !allows("classOwners", role) && (
          <Text maw={760} c="dimmed" size="sm">
            The pages named without a link belong to a teacher's account. Answers for admins are in{" "}
            <ProductLink label="Q and A" to="/help/questions" />.
          </Text>
        )}
      </Stack>
      <Contents />
      {GUIDE.map((section, i) => (
        <Section key={section.id} section={section} number={i + 1} />
      ))}
    </Stack>
  );
}
