import { Alert, Anchor, Divider, List, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title.ts";

/**
 * The research page (classroom spec "Navigation menus", school admin Resources): our own
 * summary of the evidence on repeated reading, of the one published study of a song-lyric
 * fluency program, and of how a principal checks that the program is used as intended. Public,
 * so a principal can read it from a teacher's e-mail before signing in.
 */

interface Source {
  id: string;
  text: string;
  url?: string;
}

const SOURCES: Source[] = [
  {
    id: "nrp",
    text: "National Institute of Child Health and Human Development (2000). Report of the National Reading Panel. Teaching children to read: An evidence-based assessment of the scientific research literature on reading and its implications for reading instruction (NIH Publication No. 00-4769). Washington, DC: U.S. Government Printing Office.",
  },
  {
    id: "samuels",
    text: "Samuels, S. J. (1979). The method of repeated readings. The Reading Teacher, 32(4), 403–408.",
  },
  {
    id: "therrien",
    text: "Therrien, W. J. (2004). Fluency and comprehension gains as a result of repeated reading: A meta-analysis. Remedial and Special Education, 25(4), 252–261.",
  },
  {
    id: "germeroth",
    text: "Germeroth, C., Kelleman, B., & Spartz, J. (2018). Lyrics2Learn: Teaching fluency through music and technology. Education Sciences, 8(3), 91.",
    url: "https://doi.org/10.3390/educsci8030091",
  },
];

/** A bracketed number that jumps to its entry in the sources. */
function Cite({ id }: { id: string }) {
  const n = SOURCES.findIndex((source) => source.id === id) + 1;
  return (
    <Anchor href={`#source-${id}`} aria-label={`Source ${n}`}>
      [{n}]
    </Anchor>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const Paragraph = ({ children }: { children: ReactNode }) => <Text lh={1.65}>{children}</Text>;

export function ResearchPage() {
  useDocumentTitle(`Research · ${COMPANY.product}`);
  return (
    <Stack gap="xl" maw={760} component="article">
      <div>
        <Title order={1}>Repeated reading: what the research says</Title>
        <Text c="dimmed" mt={4}>
          A short, plain summary for principals and teachers deciding whether and how to use{" "}
          {COMPANY.product}.
        </Text>
      </div>

      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle />}
        title={`${COMPANY.product} itself has not been studied`}
      >
        No independent study has measured the effect of {COMPANY.product} on students' reading. What
        follows is the research on the teaching method it is built on, and on a similar program. It
        tells you what to expect when the method is used well, not what {COMPANY.product} will do in
        your school.
      </Alert>

      <Section title="What repeated reading is">
        <Paragraph>
          In repeated reading, a student reads the same short text aloud several times, usually with
          a model to listen to and someone to give feedback, until it sounds smooth and natural.
          Then they move on to a new text. Samuels described the method in 1979{" "}
          <Cite id="samuels" />: students practice a passage until they reach a set reading rate,
          then take the next one. The idea behind it is that once words are recognized without
          effort, a reader's attention is free for meaning.
        </Paragraph>
        <Paragraph>
          {COMPANY.product} follows the same pattern with song lyrics. A student reads along with a
          lesson's song three times, then answers questions about it on three days. Students can
          record a first "cold" reading and a later "hot" reading, which their teacher grades in
          words read correctly per minute, so progress within a lesson is visible.
        </Paragraph>
      </Section>

      <Section title="The evidence for the method">
        <List spacing="sm" lh={1.65}>
          <List.Item>
            <Text span fw={600}>
              National Reading Panel (2000).
            </Text>{" "}
            The panel reviewed the experimental studies of fluency teaching available at the time{" "}
            <Cite id="nrp" />. It concluded that guided, repeated oral reading, where a teacher,
            parent or peer listens and helps, had a clear positive effect on word recognition,
            fluency and comprehension, across a range of grades and for both typical and struggling
            readers. It did not find the same support for simply encouraging more independent silent
            reading.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Therrien (2004).
            </Text>{" "}
            This meta-analysis combined the results of studies of repeated reading{" "}
            <Cite id="therrien" />. Repeated reading improved fluency and comprehension for students
            with and without learning disabilities. The gains were largest when an adult ran the
            practice, when students were corrected on the words they missed, and when students
            reread to a set goal rather than a fixed number of times. Gains on the practiced
            passages were larger than gains on new passages.
          </List.Item>
        </List>
        <Paragraph>
          In short: repeated reading is one of the better-supported ways to build fluency, and how
          it is done matters. Practice that is regular, guided and aimed at a goal does better than
          occasional rereading.
        </Paragraph>
      </Section>

      <Section title="A study of a song-lyric fluency program">
        <Paragraph>
          One published study has looked at a reading program built on song lyrics, which, like{" "}
          {COMPANY.product}, asks students to read lyrics repeatedly <Cite id="germeroth" />. The
          study followed 463 students from kindergarten to third grade and compared the reading
          results of students who used the program with those of students who did not.
        </Paragraph>
        <List spacing="xs" lh={1.65}>
          <List.Item>
            Overall, there was no statistically significant difference in reading achievement
            between the two groups.
          </List.Item>
          <List.Item>
            Implementation fidelity was low: few teachers used the program as intended, so most
            students got far less practice than its design called for.
          </List.Item>
        </List>
        <Paragraph>
          A result like this does not show that the method fails, nor that it works. When most
          students receive only a small part of the planned practice, a study mostly measures the
          practice they did not get.
        </Paragraph>
      </Section>

      <Section title="What this means for a principal">
        <Paragraph>
          The research points the same way from both sides: the benefit of repeated reading comes
          from doing it regularly and well. Buying a program is not the same as students using it.
          The most useful thing a school leader can do is agree with teachers on how often students
          will practice each week, and then check that it happens, early in the year and every few
          weeks after, while there is still time to help a class that has fallen behind.
        </Paragraph>
      </Section>

      <Section title="Checking use with your reports">
        <Paragraph>
          {COMPANY.product}'s usage reports are there to make that check quick. The school reports
          show the school year so far next to the last 30 days:
        </Paragraph>
        <List spacing="xs" lh={1.65}>
          <List.Item>
            <Text span fw={600}>
              District summary
            </Text>{" "}
            (district admins): the same figures for every school, side by side, so a school with
            little use stands out.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/school_admin/reports/usage" fw={600}>
              School Use and Data
            </Anchor>
            : student learning time, minutes spent reading, teacher investment time (time teachers
            spend grading and reading reports), and the number of active students and active
            teachers. Active students far below enrolled students, or reading minutes that stall,
            are the early signs of a program used less than intended.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/school_admin/reports/concepts" fw={600}>
              Concept Scores
            </Anchor>
            : how students do on the comprehension questions, by exam day, subject and story genre,
            to see whether the practice is turning into understanding.
          </List.Item>
        </List>
        <Paragraph>
          Teachers see the same picture for their own class on the class summary, including each
          student's cold and hot reading rates and progress toward fluency goals.
        </Paragraph>
      </Section>

      <Divider />

      <Stack gap="sm" component="section" aria-labelledby="sources">
        <Title order={2} size="h4" id="sources">
          Sources
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          {SOURCES.map((source) => (
            <List.Item key={source.id} id={`source-${source.id}`}>
              {source.text}
              {source.url && (
                <>
                  {" "}
                  <Anchor href={source.url} target="_blank" rel="noreferrer">
                    {source.url}
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
