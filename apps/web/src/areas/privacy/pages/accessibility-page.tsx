import { Anchor, List, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { dateText } from "../../../lib/date-text.ts";
import { CRITERIA, type Criterion, EVALUATED_ON } from "../accessibility-report.ts";
import { usePolicyFacts } from "../api/get-policy-facts.ts";
import { PageSection } from "../components/page-section.tsx";
import classes from "./accessibility-page.module.css";

/** One of the report's two tables, as the VPAT lays them out: one per WCAG level. */
function CriteriaTable({ level, caption }: { level: Criterion["level"]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped verticalSpacing="xs" captionSide="top">
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="30%">
              Criteria
            </Table.Th>
            <Table.Th scope="col" w="17%">
              Conformance Level
            </Table.Th>
            <Table.Th scope="col">Remarks and Explanations</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CRITERIA.filter((c) => c.level === level).map((c) => (
            <Table.Tr key={c.id}>
              <Table.Th scope="row" fw={500}>
                {c.id} {c.name} (Level {c.level})
              </Table.Th>
              <Table.Td>{c.conformance}</Table.Td>
              <Table.Td>{c.remarks}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The criteria the report does not fully support, named once more for a reader in a hurry. */
const exceptions = CRITERIA.filter(
  (c) => c.conformance !== "Supports" && c.conformance !== "Not Applicable",
);

/**
 * The accessibility page (issue 37): Refrain's conformance target and the summary of its
 * accessibility conformance report in the VPAT 2.5 WCAG edition's terms, which districts ask
 * vendors for (WCAG 2.1 AA is what the ADA Title II rule asks of public schools; 2.2 AA covers
 * it). Public, beside the privacy policy; the contact is the deployment's privacy address.
 */
export function AccessibilityPage() {
  const facts = usePolicyFacts();
  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }} maw={1000} mx="auto">
      <Stack gap="xl">
        <div>
          <PageTitle>Accessibility</PageTitle>
          <Text c="dimmed" mt={4}>
            Refrain's accessibility conformance report, in summary, in the form of the VPAT® 2.5
            WCAG edition.
          </Text>
        </div>

        <PageSection id="target" title="Our target">
          <Text>
            Refrain aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at Level AA on
            every page of the web app: teachers', students', families' and administrators' pages and
            the public ones. WCAG 2.2 AA includes WCAG 2.1 AA, which the ADA Title II rule requires
            of public schools' web content.
          </Text>
          <Text>
            It does not fully meet that target yet: the exceptions are listed below, and each has
            its remark in the tables.
          </Text>
        </PageSection>

        <PageSection id="report" title="About this report">
          <Table withTableBorder variant="vertical" layout="fixed" className={classes.facts}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Product</Table.Th>
                <Table.Td>Refrain web app, the version this site runs</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Report format</Table.Th>
                <Table.Td>VPAT 2.5 WCAG edition (summary: WCAG 2.2 Level A and AA)</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Date of evaluation</Table.Th>
                <Table.Td>{dateText(EVALUATED_ON)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Evaluated by</Table.Th>
                <Table.Td>
                  Refrain's developers, from the product's automated tests and its code
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm">
            Terms: <strong>Supports</strong> means the product meets the criterion without known
            defects; <strong>Partially Supports</strong> means some of it does not;{" "}
            <strong>Not Applicable</strong> means nothing in the product is of that kind.
          </Text>
        </PageSection>

        <PageSection id="testing" title="How we test">
          <List spacing={4}>
            <List.Item>
              Automated checks: axe-core checks each page every time one of our browser journeys
              opens it, in Chromium; the journeys walk through what each role does. A serious or
              critical violation fails the build; rules axe rates only minor or moderate are not
              run.
            </List.Item>
            <List.Item>
              Keyboard journeys: grading a reading from the keyboard, moving students between groups
              with Space and the arrow keys, and playing a video with its captions and the tutor
              carousel by keyboard.
            </List.Item>
            <List.Item>
              Screen sizes: journeys and screenshots at 1280 px and at tablet widths (768 to 820
              px).
            </List.Item>
            <List.Item>
              Media: tutorial and tutor videos are made with WebVTT captions, and lessons'
              read-along tracks with WebVTT word timings that light each word as it is read.
            </List.Item>
            <List.Item>
              Not yet done: testing with screen readers by hand, at 320 px, with wider text spacing,
              and of target sizes.
            </List.Item>
          </List>
        </PageSection>

        <PageSection id="exceptions" title="Known exceptions">
          <List spacing={4}>
            {exceptions.map((c) => (
              <List.Item key={c.id}>
                <strong>
                  {c.id} {c.name}:
                </strong>{" "}
                {c.remarks}
              </List.Item>
            ))}
          </List>
          <Text>
            Beyond WCAG: where a student reads (the lesson player and the recorder), a reading view
            offers larger text, a dyslexia-friendly layout (a plain sans-serif, wider letter, word
            and line spacing, left-aligned dark gray text on cream) and a line focus that dims the
            other lines while the read-along highlight moves on. It is kept for each student, and
            their teacher can set it for them.
          </Text>
        </PageSection>

        <PageSection id="criteria" title="WCAG 2.2 report">
          <CriteriaTable level="A" caption="Table 1: Success Criteria, Level A" />
          <CriteriaTable level="AA" caption="Table 2: Success Criteria, Level AA" />
        </PageSection>

        <PageSection id="contact" title="Contact">
          <QueryState query={facts} loading="Loading...">
            {({ data }) => (
              <Text>
                To report a barrier, ask about this report, or ask for something in another format,
                write to <Anchor href={`mailto:${data.contactEmail}`}>{data.contactEmail}</Anchor>,
                or use the{" "}
                <Anchor component={Link} to="/contact">
                  contact page
                </Anchor>
                .
              </Text>
            )}
          </QueryState>
        </PageSection>
      </Stack>
    </Paper>
  );
}
