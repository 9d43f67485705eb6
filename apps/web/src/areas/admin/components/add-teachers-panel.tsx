import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type NewTeacherInput, newTeacherRequest, type SchoolTeacher } from "@refrain/domain";
import { IconAlertCircle, IconArmchair, IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { EmailInput, NameInput } from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useInviteTeacher } from "../api/invite-teacher.ts";
import { teacherListErrorText } from "./teacher-list-error.ts";

const FIELDS = ["email", "firstname", "lastname"] as const;
const EMPTY: NewTeacherInput = { email: "", firstname: "", lastname: "" };

/**
 * Add New Teachers (access spec screen 16, §4): the invitation form while the school has a free
 * seat, otherwise how to get more seats; and the teachers invited during this visit.
 */
export function AddTeachersPanel({ used, seats }: { used: number; seats: number }) {
  const invite = useInviteTeacher();
  const [recent, setRecent] = useState<SchoolTeacher[]>([]);
  const form = useForm<NewTeacherInput>({
    resolver: zodResolver(newTeacherRequest),
    defaultValues: EMPTY,
    // Messages once a field is left, but the button follows every keystroke.
    mode: "onTouched",
  });
  const { isValid } = form.formState;
  const room = used < seats;

  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    invite.mutate(values, {
      onSuccess: (answer) => {
        setRecent((list) => [answer.data, ...list]);
        form.reset(EMPTY);
        notifications.show({ color: "teal", title: "Invitation sent", message: answer.message });
      },
      // What was typed stays; a field's refusal goes under it, anything else in the alert.
      onError: (error) => {
        if (!applyFieldErrors(form, error, FIELDS)) setFailure(teacherListErrorText(error));
      },
    });
  });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="add-teachers-title">
      <Stack gap="md">
        {/* The spec offers Add New Teachers only below the seats; a full school sees why not. */}
        <Title order={2} fz="lg" id="add-teachers-title">
          {room ? "Add New Teachers" : "Teacher Seats"}
        </Title>
        {room ? (
          <form onSubmit={onSubmit} noValidate aria-labelledby="add-teachers-title">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Each teacher gets an email with a link to choose their own password.
              </Text>
              {failure && (
                <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                  {failure}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <EmailInput form={form} name="email" label="Email" autoComplete="off" />
                <NameInput form={form} name="firstname" label="First Name" autoComplete="off" />
                <NameInput form={form} name="lastname" label="Last Name" autoComplete="off" />
              </SimpleGrid>
              <div>
                <Button
                  type="submit"
                  leftSection={<IconMailForward size={16} />}
                  disabled={!isValid || invite.isPending}
                >
                  {invite.isPending ? "Adding Teacher..." : "Send Invitation"}
                </Button>
              </div>
            </Stack>
          </form>
        ) : (
          <Alert color="blue" variant="light" icon={<IconArmchair />} title="All seats are used">
            All {seats} teacher seats of your school are in use. To add more teachers,{" "}
            <Anchor component={Link} to="/quote">
              get a quote for more seats
            </Anchor>
            .
          </Alert>
        )}
        {recent.length > 0 && (
          <div>
            <Text fw={600} size="sm" mb={4}>
              Recently Added:
            </Text>
            <List size="sm" spacing={2}>
              {recent.map((teacher) => (
                <List.Item key={teacher.userid}>
                  {teacher.email} — {teacher.firstname} {teacher.lastname}
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
