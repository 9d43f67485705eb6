import { Anchor, List, Paper, Stack, Table, Text } from "@mantine/core";
import type { PrivacyPolicyFacts } from "@refrain/domain";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { usePolicyFacts } from "../api/get-policy-facts.ts";
import { PageSection } from "../components/page-section.tsx";

const COLLECTED: [string, string, string][] = [
  [
    "Teachers, parents and admins",
    "Name, username, email address, school, the password (stored only as an argon2id hash), mailing address and How I Teach answers if given, subscription and card brand, last four digits and expiry (never the card number).",
    "To run the account, sign in, bill it and write to its owner.",
  ],
  [
    "Students",
    "First and last name (a teacher may use initials), username, reading level, lesson settings, the parent's email address if the teacher gives one, and the student's password, encrypted (AES-256-GCM) so the teacher can print login cards.",
    "To let the student sign in and learn, and the teacher run the class.",
  ],
  [
    "Learning records",
    "Lessons assigned and read along, exam answers and scores, the day 4 written answers, time on task, feedback messages from the teacher.",
    "To show the student their work and the teacher and school their reports.",
  ],
  [
    "Reading recordings",
    "Video (or audio only, if the teacher chose lyrics only) of the student reading, their words-correct-per-minute, missed words, expression and feedback, who viewed each recording and when, and the links shared with the family.",
    "Fluency practice and grading. A recording's voice and face are a child's personal information: recording needs a parent's permission and an admin's approval on file.",
  ],
  [
    "Consent records",
    "Who recorded a parent's permission or an admin's approval, when it was given, how (a signed slip, whose scan may be kept, an email reply, or the school's policy) and when it was withdrawn.",
    "To prove consent, and to stop recording when it is withdrawn.",
  ],
  [
    "Technical records",
    "A session record per sign-in (with the address and browser it came from), an audit record of sign-ins as someone else and of every deletion or export, and a server log line per request that names the route and the user's number, never a name, password or link token.",
    "Security: to keep accounts safe and answer for who did what.",
  ],
];

/** The default retention of recordings' media, in the words of the configured rule. */
function recordingRetention(facts: PrivacyPolicyFacts): string {
  const days = facts.recordingRetentionDays;
  if (days === null)
    return `Recordings' media are kept until the end of the school year in which they were made (June 30), plus ${facts.graceDays} days.`;
  if (days === 0)
    return "Recordings' media are kept only until the teacher has graded them (an ungraded one at most until the end of its school year).";
  return `Recordings' media are kept ${days} days after they were made.`;
}

function SubProcessors({ facts }: { facts: PrivacyPolicyFacts }) {
  const rows: [string, string][] = [];
  if (facts.subProcessors.payments === "stripe")
    rows.push([
      "Stripe",
      "Takes card payments for subscriptions. It receives the card directly in the browser on billing pages only; we keep the brand, last four digits and expiry.",
    ]);
  if (facts.subProcessors.smtp)
    rows.push([
      "Our mail server",
      "Delivers the emails the product sends (login cards, reports to families, password links).",
    ]);
  if (facts.subProcessors.objectStorage)
    rows.push([
      "Our object storage",
      "Keeps recordings' media and exports, encrypted in transit, in a bucket only the product's servers reach.",
    ]);
  for (const provider of facts.subProcessors.signOn)
    rows.push([
      provider,
      "Confirms who is signing in when a person chooses to sign in with it; we receive their name and email address.",
    ]);
  if (rows.length === 0)
    return (
      <Text>
        None. As set up here, every part of Refrain runs on its own servers: no other company
        receives any personal information.
      </Text>
    );
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Who</Table.Th>
          <Table.Th scope="col">What for</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([who, what]) => (
          <Table.Tr key={who}>
            <Table.Td>{who}</Table.Td>
            <Table.Td>{what}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The published privacy policy (issue 19): what Refrain collects and why, how long it keeps it,
 * who sees what, how export and deletion work, and who else receives anything. Written by us
 * and kept true to the code: the numbers and the sub-processors come from the server's
 * configuration (GET /privacy/policy).
 */
export function PrivacyPolicyPage() {
  const facts = usePolicyFacts();
  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }} maw={900} mx="auto">
      <Stack gap="lg">
        <div>
          <PageTitle>Privacy Policy</PageTitle>
          <Text c="dimmed" mt={4}>
            How Refrain handles the information of students, families, teachers and schools.
          </Text>
        </div>
        <QueryState query={facts} loading="Loading...">
          {({ data }) => <PolicyText facts={data} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function PolicyText({ facts }: { facts: PrivacyPolicyFacts }) {
  return (
    <Stack gap="xl">
      <PageSection id="promise" title="Our promise">
        <List spacing={4}>
          <List.Item>We never sell anyone's information, and never show advertising.</List.Item>
          <List.Item>
            We build no profile of a student beyond what their school uses Refrain for.
          </List.Item>
          <List.Item>
            No trackers, analytics or outside fonts: every page loads only from Refrain's own
            address (billing pages also load the payment provider's card form, when one is set up).
            Our tests load every page of every role and fail if anything else is asked for.
          </List.Item>
          <List.Item>
            For a school, Refrain acts on the school's behalf and under its control: we use
            students' information only to provide Refrain to that school, and give it to no one
            else.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="collected" title="What we collect and why">
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">About</Table.Th>
              <Table.Th scope="col">What</Table.Th>
              <Table.Th scope="col">Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {COLLECTED.map(([about, what, why]) => (
              <Table.Tr key={about}>
                <Table.Th scope="row">{about}</Table.Th>
                <Table.Td>{what}</Table.Td>
                <Table.Td>{why}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PageSection>

      <PageSection id="who-sees" title="Who can see what">
        <List spacing={4}>
          <List.Item>A student sees their own lessons, answers and feedback.</List.Item>
          <List.Item>
            A teacher (or a parent teaching at home) sees their own class: its students, their work,
            their recordings and the view log of those recordings.
          </List.Item>
          <List.Item>
            A school admin sees their school's teachers and students; a district admin their
            district's. Admins may sign in as their staff to help them; every such sign-in is
            recorded, and what they view then is logged under their own name.
          </List.Item>
          <List.Item>
            Every time a recording starts playing for a teacher, an admin (or an admin signed in as
            the teacher) or a family's link, we note who and when (once per half hour). The teacher
            and the school's and district's admins can see that log for each recording.
          </List.Item>
          <List.Item>
            A family sees a graded reading only through a link the teacher sends to them. The link
            works for {facts.shareLinkDays} days unless the teacher ends it sooner, and each viewing
            through it is logged.
          </List.Item>
          <List.Item>
            Refrain's own staff see sales requests and the mail the product sends, to answer them;
            they do not browse classes.
          </List.Item>
          <List.Item>
            Someone who is not signed in sees no one's information. Knowing a teacher's username
            does not show their class: a class whose students pick their names from a list shows
            first names and last initials only on a computer where someone of the class signed in,
            or where the class code from the login cards was typed. The teacher can change the code
            at any time.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="consent" title="Consent to record">
        <Text>
          A student's readings are recorded only when their teacher turned recording on and the
          teacher has recorded, for that student, both a parent's permission and an admin's
          approval. Each is a record of who entered it, when it was given and how: a signed slip (a
          scan of it may be kept), an email reply, or the school's policy. A school may consent for
          parents only when the recording serves the student's education and nothing else. Every
          recording checks both when it starts and again when it arrives.
        </Text>
        <Text>
          When a parent or the school withdraws consent, recording stops at once, the record stays
          as history, and the teacher is offered to delete that student's recordings. Admins of the
          student's school or district can see these records and slips.
        </Text>
      </PageSection>

      <PageSection id="retention" title="How long we keep it">
        <List spacing={4}>
          <List.Item>{recordingRetention(facts)}</List.Item>
          <List.Item>
            A district can keep recordings for less time than that for all its schools; the earlier
            date applies. The teacher sees on each recording the day it will be removed.
          </List.Item>
          <List.Item>
            Then the video, sound and pictures are deleted. The grade's numbers (words correct per
            minute, missed words, expression) stay in the reports until the student is deleted.
          </List.Item>
          <List.Item>
            Copies of the emails the product sent are kept {facts.outboxDays} days. A reading whose
            upload was never finished is removed after a day. An export can be downloaded within{" "}
            {facts.exportLinkHours} hours, then its file is deleted.
          </List.Item>
          <List.Item>
            Accounts and students' learning records are kept while the account is in use, and
            deleted when the teacher deletes the student or their own account, or when the school or
            district asks us to.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="export" title="Seeing everything we hold">
        <Text>
          A teacher (for their students) and a school or district admin (for theirs) can export
          everything Refrain holds about one student as a ZIP file: a readable summary, the records
          as JSON and CSV, and the recordings and consent slips. A parent may ask their child's
          school for it (under FERPA the school answers within 45 days); the teacher can send the
          download link to the parent's address on file. Each export is recorded. Its download link
          works once.
        </Text>
      </PageSection>

      <PageSection id="deletion" title="Deletion">
        <Text>
          When a teacher deletes a student, or a school or district asks us to, everything that
          names the student goes: their records, their recordings and every file made from them,
          exports, consent slips, the emails about them, and the links shared with their family.
          Files are removed by a background job that tries again until they are gone. What stays is
          a note that a deletion happened, with numbers only and no name. A teacher or parent can
          delete their own account, with their students, from Settings and Preferences.
        </Text>
        <Text>
          Backups: copies of the database are kept for at most 30 days. If one must be restored,
          every deletion made since is applied again before Refrain opens, so nothing deleted comes
          back.
        </Text>
      </PageSection>

      <PageSection id="security" title="How we keep it safe">
        <List spacing={4}>
          <List.Item>
            Passwords of adults are stored only as argon2id hashes; students' passwords are
            encrypted.
          </List.Item>
          <List.Item>
            Sessions live in our database behind an httpOnly cookie, with a check against forged
            requests; sign-ins and public forms are rate limited. A second cookie, holding only a
            random number, remembers which accounts signed in on a browser, so that others' wrong
            guesses never lock a person out of their own computer.
          </List.Item>
          <List.Item>
            Every request is checked against what the signed-in person may see: a teacher's
            students, a school's, a district's.
          </List.Item>
        </List>
      </PageSection>

      <PageSection id="others" title="Who else receives information">
        <SubProcessors facts={facts} />
      </PageSection>

      <PageSection id="contact" title="Contact">
        <Text>
          Questions, requests to see or delete information, or a concern: write to{" "}
          <Anchor href={`mailto:${facts.contactEmail}`}>{facts.contactEmail}</Anchor>, or use the{" "}
          <Anchor component={Link} to="/contact">
            contact form
          </Anchor>
          . A parent's request about a school account goes through the school, which controls its
          students' information; we help the school answer.
        </Text>
      </PageSection>
    </Stack>
  );
}
