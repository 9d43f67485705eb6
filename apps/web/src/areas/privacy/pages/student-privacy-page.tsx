import { Stack, Text, Title } from "@mantine/core";
import { classWords, fullName } from "@refrain/domain";
import { useParams } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useStudentPrivacy } from "../api/get-student-privacy.ts";
import { ConsentSection } from "../components/consent-section.tsx";
import { EraseSection } from "../components/erase-section.tsx";
import { ExportSection } from "../components/export-section.tsx";
import { ViewsSection } from "../components/views-section.tsx";

/**
 * Everything Refrain holds about one student, for their class owner and the admins of their
 * school or district (issue 19): the consent to record them, who watched their recordings, an
 * export of all of it, and, for the class owner, erasing it for good.
 */
export function StudentPrivacyPage() {
  const { classOf } = classWords(useViewerRole());
  const studentId = Number(useParams().studentId);
  const query = useStudentPrivacy(studentId);
  const student = query.data?.data.student;
  const name = student ? fullName(student.firstName, student.lastName) || student.username : "";
  useDocumentTitle(name ? `Privacy and data: ${name} · Refrain` : "Privacy and data · Refrain");

  return (
    <QueryState query={query} loading="Loading...">
      {({ data }) => (
        <Stack gap="lg">
          <div>
            <Title order={1}>Privacy and data: {name}</Title>
            <Text c="dimmed" mt={4}>
              Username {data.student.username} · {classOf(data.student.teacherName)}
              {data.student.schoolName ? ` · ${data.student.schoolName}` : ""}
            </Text>
          </div>
          <ConsentSection studentId={data.student.id} name={name} ownsClass={data.ownsClass} />
          <ViewsSection studentId={studentId} />
          <ExportSection studentId={data.student.id} />
          {data.ownsClass && <EraseSection student={data.student} />}
        </Stack>
      )}
    </QueryState>
  );
}
