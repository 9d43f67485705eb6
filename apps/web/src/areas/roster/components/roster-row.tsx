import {
  ActionIcon,
  Anchor,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  type FieldErrors,
  fieldErrors,
  fullName,
  INHERIT_LABEL,
  isRowComplete,
  isUsernameTaken,
  namePrompts,
  PLACEHOLDER_FIRST_NAME,
  ROSTER_LIMITS,
  type RosterStudent,
  type RosterRow as Row,
  rosterMessages,
  rosterStudentInput,
  STUDENT_LEVEL_OPTIONS,
  settingsShown,
  shouldSaveRow,
  TRI_STATE_LABELS,
  type TriState,
} from "@refrain/domain";
import { IconSettings, IconX } from "@tabler/icons-react";
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { SavedCue } from "../../../components/saved-cue.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useSavesInTurn } from "../../../lib/saves-in-turn.ts";
import { useSaveStudent } from "../api/save-student.ts";
import { FeedbackForm } from "./feedback-form.tsx";
import classes from "./roster-row.module.css";

/** The table's columns: the spec's seven, plus the saved cue's; fewer where fields stack. */
const ROSTER_COLUMNS = { wide: 8, compact: 4 } as const;
/** A username is checked against the classmates' this long after typing stops. */
const USERNAME_CHECK_DELAY_MS = 500;

const triValue = (value: TriState) => String(value);
const parseTri = (value: string): TriState => (value === "1" ? 1 : value === "0" ? 0 : "inherit");

export interface RosterRowProps {
  rowKey: string;
  /** The values the row starts with: a saved student, or a new row's suggestions. */
  initial: Row;
  /** The last saved copy; null for a row never saved. */
  saved: RosterStudent | null;
  /** Created in this visit (autocreated or added with New Student). */
  isNew: boolean;
  classmates: readonly RosterStudent[];
  fluencyVideosEnabled: boolean;
  hidden: boolean;
  /** Narrow screens (tablets): names, logins and actions each stack in one column. */
  compact: boolean;
  onSaved: (rowKey: string, student: RosterStudent) => void;
  onDelete: (rowKey: string, row: Row) => void;
  onMarkedChange: (rowKey: string, marked: boolean) => void;
}

/** A cell of the compact row: two of the wide row's cells, one above the other. */
function StackedCell({ align, children }: { align?: "center"; children: ReactNode }) {
  return (
    <Table.Td>
      <Stack gap="xs" align={align}>
        {children}
      </Stack>
    </Table.Td>
  );
}

/** Field errors of a save, keyed by the row's field ("student.username" → "username"). */
function rowErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(error.errors)) {
    if (key.startsWith("student.")) out[key.slice("student.".length)] = list;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * One student of the roster: edited in place, saved on blur, Enter or a level or setting change
 * when it changed and is complete; the gear opens the parent e-mail, settings and feedback.
 */
export function RosterRow(props: RosterRowProps) {
  const { rowKey, isNew, classmates, fluencyVideosEnabled, hidden, compact } = props;
  const [draft, setDraft] = useState<Row>(props.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState({ first: false, last: false });
  // A row created in this visit warns only once the teacher has left it or tried to save it:
  // until then it has not gone wrong, it just is not filled in yet.
  const [attempted, setAttempted] = useState(!isNew);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const save = useSaveStudent();
  // Commits read the latest values, not those of the render that scheduled them.
  const draftRef = useRef(draft);
  const savedRef = useRef<Row | null>(props.saved);

  const [checkedUsername] = useDebouncedValue(draft.username, USERNAME_CHECK_DELAY_MS);
  const usernameTaken = isUsernameTaken(checkedUsername, classmates, draft.id);

  const update = (patch: Partial<Row>) => {
    const next = { ...draftRef.current, ...patch };
    draftRef.current = next;
    setDraft(next);
    return next;
  };

  const commit = useSavesInTurn((settled) => {
    const row = draftRef.current;
    if (!shouldSaveRow(row, savedRef.current, classmates)) return false;
    const parsed = rosterStudentInput.safeParse(row);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return false;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ student }) => {
        savedRef.current = student;
        update({ id: student.id });
        setErrors({});
        setSavedAt(Date.now());
        props.onSaved(rowKey, student);
      },
      onError: (error) => {
        const fields = rowErrors(error);
        if (fields) setErrors(fields);
        else
          notifications.show({
            // One notice per row: leaving the first name, then pressing Enter, are two saves,
            // and a refusal such as a lapsed subscription's (402) would otherwise show twice.
            id: `roster-save-${rowKey}`,
            color: "red",
            title: "This student could not be saved",
            message: errorText(error),
          });
      },
      onSettled: settled,
    });
    return true;
  });

  const onEnter = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      setAttempted(true);
      commit();
    }
  };
  const onLeave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setAttempted(true);
  };
  const edit = (field: keyof Row) => (event: { currentTarget: { value: string } }) => {
    update({ [field]: event.currentTarget.value });
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  // A prompt shows until its field has been focused once.
  const prompts = namePrompts(draft, isNew);
  const firstFlag = prompts.firstname && !touched.first;
  const lastFlag = prompts.lastname && !touched.last;
  const marked =
    attempted &&
    (firstFlag ||
      lastFlag ||
      usernameTaken ||
      Object.keys(errors).length > 0 ||
      !isRowComplete(draft, classmates));
  const { onMarkedChange } = props;
  useEffect(() => {
    onMarkedChange(rowKey, marked);
  }, [onMarkedChange, rowKey, marked]);
  useEffect(() => () => onMarkedChange(rowKey, false), [onMarkedChange, rowKey]);

  const name = fullName(draft.firstname, draft.lastname ?? "") || draft.username || "new student";
  const settings = settingsShown(fluencyVideosEnabled);
  const detailsId = `roster-details-${rowKey}`;
  const prompt = (show: boolean) => (show ? rosterMessages.enterName : undefined);
  // The spec's "Enter student name" reads as a hint until the row was left unfinished.
  const promptClass = attempted ? classes.prompt : classes.hint;

  // Each typed field shows its draft, keeps to its length, and saves on leaving it or on Enter.
  const typed = (field: "firstname" | "lastname" | "username" | "password") => ({
    value: draft[field] ?? "",
    maxLength: ROSTER_LIMITS[field],
    error: errors[field]?.[0],
    onChange: edit(field),
    onBlur: commit,
    onKeyDown: onEnter,
  });
  const nameField = {
    inputWrapperOrder: ["label", "input", "description", "error"],
    classNames: { description: promptClass },
  } satisfies TextInputProps;
  const loginField = { autoComplete: "off", spellCheck: false } as const;

  const firstName = (
    <TextInput
      aria-label="First Name"
      {...typed("firstname")}
      {...nameField}
      description={prompt(firstFlag)}
      onFocus={() => {
        setTouched((t) => ({ ...t, first: true }));
        if (draftRef.current.firstname === PLACEHOLDER_FIRST_NAME) update({ firstname: "" });
      }}
    />
  );
  const lastName = (
    <TextInput
      aria-label="Last Name"
      {...typed("lastname")}
      {...nameField}
      description={prompt(lastFlag)}
      onFocus={() => setTouched((t) => ({ ...t, last: true }))}
    />
  );
  const level = (
    <NativeSelect
      aria-label="Reading Level"
      value={String(draft.planid)}
      data={STUDENT_LEVEL_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
      error={errors.planid?.[0]}
      onChange={(event) => {
        update({ planid: Number(event.currentTarget.value) });
        commit();
      }}
    />
  );
  const username = (
    <TextInput
      aria-label="Username"
      {...typed("username")}
      {...loginField}
      error={usernameTaken ? rosterMessages.usernameInUse : errors.username?.[0]}
    />
  );
  const password = <TextInput aria-label="Password" {...typed("password")} {...loginField} />;
  const settingsButton = (
    <ActionIcon
      variant={open ? "filled" : "subtle"}
      color="gray"
      size="lg"
      aria-label={`More settings for ${name}`}
      aria-expanded={open}
      aria-controls={detailsId}
      onClick={() => setOpen((o) => !o)}
    >
      <IconSettings size={18} />
    </ActionIcon>
  );
  const deleteButton = (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={`Delete ${name}`}
      onClick={() => props.onDelete(rowKey, draftRef.current)}
    >
      <IconX size={18} />
    </ActionIcon>
  );
  const savedCue = <SavedCue savedAt={savedAt} name={name} />;

  return (
    <>
      <Table.Tr
        className={classes.row}
        data-marked={marked || undefined}
        data-row-key={rowKey}
        hidden={hidden}
        onBlur={onLeave}
      >
        {compact ? (
          <>
            <StackedCell>
              {firstName}
              {lastName}
            </StackedCell>
            <StackedCell>
              {level}
              {savedCue}
            </StackedCell>
            <StackedCell>
              {username}
              {password}
            </StackedCell>
            <StackedCell align="center">
              {settingsButton}
              {deleteButton}
            </StackedCell>
          </>
        ) : (
          <>
            <Table.Td>{firstName}</Table.Td>
            <Table.Td>{lastName}</Table.Td>
            <Table.Td>{level}</Table.Td>
            <Table.Td>{username}</Table.Td>
            <Table.Td>{password}</Table.Td>
            <Table.Td className={classes.cueCell}>{savedCue}</Table.Td>
            <Table.Td ta="center">{settingsButton}</Table.Td>
            <Table.Td ta="center">{deleteButton}</Table.Td>
          </>
        )}
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId} hidden={hidden} className={classes.details}>
          <Table.Td colSpan={compact ? ROSTER_COLUMNS.compact : ROSTER_COLUMNS.wide}>
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="xl"
              py="xs"
              className={classes.detailsBody}
            >
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={3} fz="md">
                    More settings for {name}
                  </Title>
                  {draft.id ? (
                    <Anchor component={Link} to={`/privacy/students/${draft.id}`} size="sm">
                      Privacy and data
                    </Anchor>
                  ) : null}
                </Group>
                <TextInput
                  label="Parent email"
                  type="email"
                  value={draft.parent_email ?? ""}
                  maxLength={ROSTER_LIMITS.parentEmail}
                  error={errors.parent_email?.[0]}
                  onChange={edit("parent_email")}
                  onBlur={commit}
                  onKeyDown={onEnter}
                />
                {settings.map((setting) => (
                  <Radio.Group
                    key={setting}
                    label={TRI_STATE_LABELS[setting].label}
                    value={triValue(draft[setting])}
                    onChange={(value) => {
                      update({ [setting]: parseTri(value) });
                      commit();
                    }}
                  >
                    <Group gap="md" mt={4}>
                      <Radio value="inherit" label={INHERIT_LABEL} />
                      <Radio value="1" label={TRI_STATE_LABELS[setting].on} />
                      <Radio value="0" label={TRI_STATE_LABELS[setting].off} />
                    </Group>
                  </Radio.Group>
                ))}
              </Stack>
              {draft.id ? (
                <FeedbackForm studentId={draft.id} studentName={name} />
              ) : (
                <Text size="sm" c="dimmed">
                  Enter the student's name to save them; then you can write them a message.
                </Text>
              )}
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
