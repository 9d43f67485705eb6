import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Radio,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import {
  ACCOUNT_LIMITS,
  type ClassConsentCounts,
  type SavedPreferences,
  type StudentPreferences,
  savedPreferences,
} from "@refrain/domain";
import { IconCircleCheck, IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { type Control, Controller, type FieldPath, useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormRadioGroup, FormTextarea } from "../../../components/form-fields.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useDownloadPermissionSlip, useSavePreferences } from "../api/settings.ts";
import { ClassCodeLine } from "./class-code-line.tsx";
import { SaveFooter, SettingsCard } from "./settings-card.tsx";

type Form = z.input<typeof savedPreferences>;
type BooleanField = {
  [K in FieldPath<Form>]: Form[K] extends boolean ? K : never;
}[FieldPath<Form>];

/** A preference as a switch; `inverted` when the field says the opposite of the label. */
function PreferenceSwitch(props: {
  control: Control<Form>;
  name: BooleanField;
  label: string;
  description?: string;
  inverted?: boolean;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Switch
          label={props.label}
          description={props.description}
          checked={props.inverted ? !field.value : field.value}
          onChange={(event) =>
            field.onChange(
              props.inverted ? !event.currentTarget.checked : event.currentTarget.checked,
            )
          }
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

/** One consent's standing in the class: "on file for 12 of 14 students". */
function ConsentLine({
  label,
  count,
  students,
}: {
  label: string;
  count: number;
  students: number;
}) {
  const all = students > 0 && count === students;
  return (
    <Group gap={6} wrap="nowrap">
      {all ? (
        <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
      ) : (
        <IconInfoCircle size={18} color="var(--mantine-color-yellow-8)" aria-hidden />
      )}
      <Text size="sm">
        {label} on file for {count} of {students} {students === 1 ? "student" : "students"}
      </Text>
    </Group>
  );
}

/**
 * Student Accountability Preferences (classroom spec §2, §3, §4 "Settings forms"): the class
 * defaults the roster's student settings inherit, fluency recording, and the class message.
 * Consent to record is kept per student (issue 19): the card shows how much of the class has it
 * and links to the consent page. Save shows once something changed.
 */
export function PreferencesCard({
  teacherId,
  saved,
  fluencyRecordingPossible,
  consent,
  classCode,
}: {
  teacherId: number;
  saved: StudentPreferences;
  fluencyRecordingPossible: boolean;
  consent: ClassConsentCounts;
  classCode: string;
}) {
  const save = useSavePreferences(teacherId);
  const slip = useDownloadPermissionSlip();
  // The two consent fields are derived from the students' records: the form never holds them.
  const {
    student_fluency_have_parent_permission: _p,
    student_fluency_have_admin_approval: _a,
    ...savedValues
  } = saved;
  const form = useForm<Form, unknown, SavedPreferences>({
    resolver: zodResolver(savedPreferences),
    values: savedValues,
    mode: "onChange",
  });
  const { control, formState } = form;
  const recording = form.watch("record_student_fluency");
  const everyoneConsented =
    consent.students > 0 &&
    consent.parent_permission === consent.students &&
    consent.admin_approval === consent.students;
  const welcomeLength = form.watch("welcome_message")?.length ?? 0;

  const onSubmit = form.handleSubmit((values) => {
    save.reset();
    const clearWelcome = values.welcome_message === "" && saved.welcome_message !== "";
    save.mutate(
      { values, clearWelcome },
      {
        onSuccess: (answer) => {
          const {
            success: _s,
            message: _m,
            reload_nav: _r,
            student_fluency_have_parent_permission: _pp,
            student_fluency_have_admin_approval: _aa,
            ...kept
          } = answer;
          form.reset(kept);
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  });

  return (
    <SettingsCard
      id="accountability"
      title="Student Accountability Preferences"
      description={
        <>
          Your class's defaults. A student set to "inherit" in Add or Edit Students follows these; a
          student with their own setting keeps it.
        </>
      }
      onSubmit={onSubmit}
    >
      <Stack gap="sm">
        <PreferenceSwitch
          control={control}
          name="unlink_video"
          inverted
          label="Read along three times before the exams"
          description="The day's exam opens only after the student has read along with the song three times."
        />
        <PreferenceSwitch
          control={control}
          name="retake_exm"
          label="Retake a day scored under 75%"
          description="The next day opens only once the day before is passed."
        />
        <PreferenceSwitch
          control={control}
          name="complete_lessons_extensions"
          label="Hand in day 4 to complete a lesson"
          description="When off, days 1 to 3 complete a lesson; the written answer stays optional."
        />
        <PreferenceSwitch control={control} name="slow_video" label="Play lesson songs slower" />
        <PreferenceSwitch
          control={control}
          name="send_weekly_report"
          label="Send families a weekly progress report"
        />
        <FormRadioGroup form={form} name="student_username" label="How students sign in">
          <Group gap="lg" mt={6}>
            <Radio value="select" label="Pick their name from tiles" />
            <Radio value="input" label="Type their username" />
          </Group>
        </FormRadioGroup>
        {saved.student_username === "select" && (
          <ClassCodeLine teacherId={teacherId} code={classCode} />
        )}
      </Stack>

      {fluencyRecordingPossible && (
        <>
          <Divider />
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Fluency recording
            </Title>
            <PreferenceSwitch
              control={control}
              name="record_student_fluency"
              label="Students record themselves reading"
              description="A cold read before the first read-along and a hot read after the third."
            />
            {recording && (
              <Stack gap="sm" pl={{ base: 0, sm: "xl" }}>
                <Group gap="xs">
                  <Text size="sm">Send the permission slip home before students record.</Text>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconDownload size={16} />}
                    loading={slip.isPending}
                    onClick={() => slip.mutate()}
                  >
                    Download the permission slip (.docx)
                  </Button>
                </Group>
                <ErrorAlert
                  error={slip.error}
                  prefix="The permission slip could not be downloaded: "
                />
                <Stack gap={4}>
                  <ConsentLine
                    label="Parent permission"
                    count={consent.parent_permission}
                    students={consent.students}
                  />
                  <ConsentLine
                    label="Admin approval"
                    count={consent.admin_approval}
                    students={consent.students}
                  />
                  <Anchor component={Link} to="/teacher/consent" size="sm">
                    Record or review consent per student
                  </Anchor>
                </Stack>
                <Controller
                  control={control}
                  name="student_record_fluency_lyrics_only"
                  render={({ field }) => (
                    <Radio.Group
                      label="What is recorded"
                      value={field.value ? "lyrics" : "video"}
                      onChange={(value) => field.onChange(value === "lyrics")}
                    >
                      <Group gap="lg" mt={6}>
                        <Radio value="video" label="Video Only (camera and sound)" />
                        <Radio value="lyrics" label="Lyrics Only (sound, no picture)" />
                      </Group>
                    </Radio.Group>
                  )}
                />
                {!everyoneConsented && (
                  <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
                    A student records only once both their parents' permission and your
                    administrator's approval are on file for them.
                  </Alert>
                )}
              </Stack>
            )}
          </Stack>
        </>
      )}

      <Divider />
      <FormTextarea
        form={form}
        name="welcome_message"
        label="Message to the class"
        description="Shown on every student's home page. Clear it to show none."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={ACCOUNT_LIMITS.welcomeMessage}
      />
      <Text size="xs" c="dimmed" mt={-8}>
        {welcomeLength} / {ACCOUNT_LIMITS.welcomeMessage}
      </Text>

      <SaveFooter
        save={save}
        changed={formState.isDirty}
        label="Save preferences"
        onUndo={() => form.reset(savedValues)}
        valid={formState.isValid}
      />
    </SettingsCard>
  );
}
