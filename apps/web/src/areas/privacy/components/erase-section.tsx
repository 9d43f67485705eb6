import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type PrivacyStudent, rosterMessages } from "@refrain/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { confirmDanger, notifyFailure } from "../../../components/notices.tsx";
import { useDeleteStudent } from "../../roster/index.ts";
import { studentPrivacyQuery } from "../api/get-student-privacy.ts";

/**
 * Erasing the student for good, for their class owner (issue 19): the roster's own delete and
 * its confirmation (classroom spec §8), then back to the roster, where the student is gone.
 */
export function EraseSection({ student }: { student: PrivacyStudent }) {
  const remove = useDeleteStudent();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = () =>
    confirmDanger({
      title: rosterMessages.deleteTitle(student.firstName, student.lastName),
      message: rosterMessages.deleteBody,
      confirm: "Delete",
      onConfirm: () =>
        remove.mutate(student.id, {
          onSuccess: (answer) => {
            queryClient.removeQueries({ queryKey: studentPrivacyQuery(student.id).queryKey });
            notifications.show({ color: "teal", message: answer.message });
            void navigate("/teacher/roster");
          },
          onError: notifyFailure("This student could not be deleted"),
        }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="erase-student-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="erase-student-title">
          Delete this student
        </Title>
        <Text size="sm">
          Deleting a student removes everything Refrain holds about them: their account, lessons,
          answers, recordings and their files, grades, shared links, consent records, exports and
          the emails about them. Only a record that a student was deleted, without their name, is
          kept. This cannot be undone.
        </Text>
        <Button color="red" variant="outline" onClick={confirm} loading={remove.isPending}>
          Delete this student
        </Button>
      </Stack>
    </Card>
  );
}
