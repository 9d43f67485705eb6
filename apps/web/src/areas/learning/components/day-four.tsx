import { Alert, Button, Group, List, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import {
  EXTENSION_MAX_CHARS,
  type ExamDataResponse,
  extensionRequest,
  extensionSubmitRequest,
} from "@refrain/domain";
import { IconCircleCheck, IconSend } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { timeText } from "../../../lib/date-text.ts";
import { useExamData } from "../../lessons/index.ts";
import { saveExtensionDraft, useSubmitExtension } from "../api/record-learning.ts";

/** A draft is saved this long after the student stops typing. */
const SAVE_AFTER_MS = 1200;
/** After a failed save, the next try. */
const RETRY_MS = 5000;

type Extension = NonNullable<ExamDataResponse["extension"]>;

/** Day 4: the student writes an answer to the lesson's prompt and hands it in. */
export function DayFour({
  lessonId,
  userId,
  preview,
}: {
  lessonId: number;
  /** The signed-in student, so this device's unsaved copy is never another student's. */
  userId: number;
  preview: boolean;
}) {
  const exam = useExamData(lessonId, 4);
  return (
    <QueryState query={exam} loading="Loading the writing prompt...">
      {(answer) =>
        answer.extension && (
          <Writing
            lessonId={lessonId}
            extension={answer.extension}
            backupKey={`refrain.day4.${userId}.${lessonId}`}
            preview={preview}
          />
        )
      }
    </QueryState>
  );
}

type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "failed" };

/**
 * The answer box. Every change is kept on this device at once and saved to the server as a
 * draft shortly after typing stops, again after a failure, so a reload or a dropped
 * connection loses nothing; this device's copy is dropped once the server has it.
 */
function Writing({
  lessonId,
  extension,
  backupKey,
  preview,
}: {
  lessonId: number;
  extension: Extension;
  backupKey: string;
  preview: boolean;
}) {
  const saved = extension.answer;
  const [text, setText] = useState(() => {
    if (preview || saved?.state === "submitted") return saved?.text ?? "";
    return localStorage.getItem(backupKey) ?? saved?.text ?? "";
  });
  const [saveState, setSaveState] = useState<SaveState>(
    saved ? { kind: "saved", at: saved.savedAt } : { kind: "idle" },
  );
  const [handedIn, setHandedIn] = useState(saved?.state === "submitted");
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitExtension();
  // What the server has, so an unchanged answer is not sent again.
  const serverText = useRef(saved?.text ?? "");
  // The server refuses a draft once the answer is handed in (409): while handing in, no draft
  // starts, and one already on its way lands before the hand-in is sent.
  const handingIn = useRef(false);
  const draftInFlight = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    if (preview || handedIn || text === serverText.current) return;
    localStorage.setItem(backupKey, text);
    // Typing again (or handing in) makes this save stale: its answer must not touch the
    // newer text's backup nor schedule a retry that would overwrite it on the server.
    let stale = false;
    let retry: number | undefined;
    const save = () => {
      if (handingIn.current) return;
      setSaveState({ kind: "saving" });
      const request = saveExtensionDraft(lessonId, text);
      draftInFlight.current = request;
      request.then(
        (answer) => {
          serverText.current = text;
          if (localStorage.getItem(backupKey) === text) localStorage.removeItem(backupKey);
          if (!stale) setSaveState({ kind: "saved", at: answer.savedAt });
        },
        () => {
          if (stale) return;
          setSaveState({ kind: "failed" });
          retry = window.setTimeout(save, RETRY_MS);
        },
      );
    };
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
      window.clearTimeout(retry);
    };
  }, [text, preview, handedIn, lessonId, backupKey]);

  const change = (value: string) => {
    setText(value);
    const checked = extensionRequest.shape.text.safeParse(value);
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
  };
  const handIn = async () => {
    const checked = extensionSubmitRequest.safeParse({ lesson: lessonId, text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    handingIn.current = true;
    await draftInFlight.current?.catch(() => undefined);
    submit.mutate(checked.data, {
      onSuccess: () => {
        serverText.current = text;
        localStorage.removeItem(backupKey);
        setHandedIn(true);
      },
      // Not handed in: drafts resume with the next change.
      onError: () => {
        handingIn.current = false;
      },
    });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Text size="sm" c="dimmed" fw={600} mb={4}>
          Day 4: write about the lesson
        </Text>
        <Title order={2} fz="xl" mb="md" id="day4-prompt">
          {extension.prompt}
        </Title>
        {handedIn ? (
          <Stack gap="sm">
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck />}
              title="Handed in"
              role="status"
            >
              Your teacher will read your answer and give it a score.
            </Alert>
            <Text style={{ whiteSpace: "pre-wrap" }} data-testid="day4-handed-in">
              {text}
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Textarea
              aria-labelledby="day4-prompt"
              description={
                preview
                  ? "Students write their answer here. In this preview nothing is saved."
                  : "Your writing is saved as you type."
              }
              placeholder="Write your answer here."
              autosize
              minRows={6}
              size="lg"
              value={text}
              onChange={(event) => change(event.currentTarget.value)}
              error={error}
              maxLength={EXTENSION_MAX_CHARS + 1}
            />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <SaveStatus state={saveState} preview={preview} />
              <Text size="sm" c="dimmed">
                {text.length} / {EXTENSION_MAX_CHARS}
              </Text>
            </Group>
            <ErrorAlert error={submit.error} />
            <Button
              size="lg"
              w="fit-content"
              leftSection={<IconSend />}
              onClick={handIn}
              loading={submit.isPending}
              disabled={preview}
            >
              Hand in my answer
            </Button>
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} fz="lg" mb="xs">
          How your teacher scores it
        </Title>
        <List spacing="xs">
          {extension.rubric.map((row) => (
            <List.Item key={row.points}>
              <b>{row.points === 1 ? "1 point" : `${row.points} points`}:</b> {row.description}
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

function SaveStatus({ state, preview }: { state: SaveState; preview: boolean }) {
  if (preview) return <span />;
  return (
    <Text size="sm" c={state.kind === "failed" ? "orange.8" : "dimmed"} aria-live="polite">
      {state.kind === "saving" && "Saving..."}
      {state.kind === "saved" && `Draft saved at ${timeText(state.at)}`}
      {state.kind === "failed" &&
        "Not saved yet: check your connection. Your writing is kept on this device."}
    </Text>
  );
}
