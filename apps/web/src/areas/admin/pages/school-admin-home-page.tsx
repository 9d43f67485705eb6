import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { schoolYearToDate } from "@refrain/domain";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { type UsageRange, useSchoolBreakdown } from "../api/school-breakdown.ts";
import { NotLinked } from "../components/not-linked.tsx";
import { SchoolReportLinks, SchoolUsageDetails } from "../components/school-usage.tsx";

/** The way to the school's teacher accounts, which used to be this page (access spec screen 16). */
function TeachersLink() {
  return (
    <Button component={Link} to="/school_admin/teachers" leftSection={<IconKey size={16} />}>
      Teacher Usernames and Passwords
    </Button>
  );
}

/**
 * A school admin's home: their school's use of Refrain this school year against the last 30
 * days, its concept summary, and the way to their teachers' accounts.
 */
export function SchoolAdminHomePage() {
  const schoolId = useSession().data?.user?.schoolId ?? null;
  if (schoolId === null) {
    return (
      <Stack gap="md" align="flex-start">
        <NotLinked to="school" />
        <TeachersLink />
      </Stack>
    );
  }
  return <SchoolUsage schoolId={schoolId} />;
}

function SchoolUsage({ schoolId }: { schoolId: number }) {
  // UTC days, as time on task is kept: a US evening is already the next day's bucket.
  const [range] = useState<UsageRange>(() => schoolYearToDate(new Date()));
  const breakdown = useSchoolBreakdown(schoolId, range);
  const name = breakdown.data?.school.name;
  useDocumentTitle(name ? `${name} · Refrain` : "School · Refrain");

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{name ?? "Your school"}</Title>
          <Text c="dimmed">
            How your school uses Refrain: the last 30 days against the school year so far.
          </Text>
        </Stack>
        <TeachersLink />
      </Group>
      <QueryState query={breakdown} loading="Loading your school's usage...">
        {(data) => (
          <Stack gap="lg">
            <SchoolReportLinks schoolId={schoolId} schoolName={data.school.name} range={range} />
            <SchoolUsageDetails breakdown={data} headingOrder={2} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
