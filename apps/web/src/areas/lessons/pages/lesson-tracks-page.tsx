import { Anchor, Button, FileInput, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { LESSON_TRACK_TYPES, MAX_LESSON_TRACK_BYTES } from "@refrain/domain";
import { IconCheck, IconMusic } from "@tabler/icons-react";
import { useState } from "react";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useCatalogLevels } from "../api/get-catalog.ts";
import {
  type TrackUpload,
  timingsUrl,
  trackUrl,
  useReplaceLessonTrack,
} from "../api/replace-lesson-track.ts";

const AUDIO_ACCEPT = [
  ...Object.values(LESSON_TRACK_TYPES),
  ...Object.keys(LESSON_TRACK_TYPES).map((ext) => `.${ext}`),
].join(",");

/** One file to replace: pick it, then send it. */
function UploadRow({
  label,
  accept,
  what,
  lessonId,
  onReplaced,
  onStart,
}: {
  label: string;
  accept: string;
  what: TrackUpload["what"];
  lessonId: number;
  onReplaced: (message: string) => void;
  /** A new upload starts: the last one's confirmation no longer holds. */
  onStart: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const replace = useReplaceLessonTrack();
  return (
    <Stack gap="xs">
      <Group align="end">
        <FileInput
          label={label}
          accept={accept}
          value={file}
          onChange={(picked) => {
            setFile(picked);
            setTooLarge(what === "track" && (picked?.size ?? 0) > MAX_LESSON_TRACK_BYTES);
            replace.reset();
          }}
          clearable
          miw={260}
          error={tooLarge && `The track may be at most ${MAX_LESSON_TRACK_BYTES / 1024 / 1024} MB.`}
        />
        <Button
          disabled={!file || tooLarge}
          loading={replace.isPending}
          onClick={() => {
            if (!file) return;
            onStart();
            replace.mutate(
              { lessonId, what, file },
              {
                onSuccess: (answer) => {
                  setFile(null);
                  onReplaced(answer.message);
                },
              },
            );
          }}
        >
          Replace
        </Button>
      </Group>
      <ErrorAlert error={replace.error} />
    </Stack>
  );
}

/** Staff listen to a lesson's read-along track and replace it or its word timings. */
export function LessonTracksPage() {
  const levels = useCatalogLevels();
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Bumped after a replacement so the player fetches the new file, not its cached copy.
  const [version, setVersion] = useState(0);
  const onReplaced = (message: string) => {
    setDone(message);
    setVersion((v) => v + 1);
  };

  return (
    <Stack gap="lg">
      <PageTitle>Lesson Tracks</PageTitle>
      <Text c="dimmed">
        Each lesson's read-along has an audio track and a WebVTT file with one cue per word: the
        cue's id is the word's number in the lesson (from 0), its text the word.
      </Text>
      <QueryState query={levels} loading="Loading Lessons...">
        {(list) => (
          <Select
            label="Lesson"
            placeholder="Choose a lesson"
            searchable
            maw={480}
            data={list.map((level) => ({
              group: level.name,
              items: level.lessons.map((l) => ({ value: String(l.lessonid), label: l.ltitle })),
            }))}
            value={lessonId === null ? null : String(lessonId)}
            onChange={(value) => {
              setLessonId(value ? Number(value) : null);
              setDone(null);
            }}
          />
        )}
      </QueryState>
      {lessonId === null ? (
        <EmptyList
          icon={<IconMusic />}
          title="Choose a lesson"
          description="Its read-along track plays here, with a link to its word timings and the fields to replace either."
        />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            {/* biome-ignore lint/a11y/useMediaCaption: the words are the lesson text beside it; the timings are its captions. */}
            <audio
              key={`${lessonId}-${version}`}
              controls
              preload="metadata"
              src={`${trackUrl(lessonId)}?v=${version}`}
              aria-label="The lesson's track"
            />
            <Anchor href={`${timingsUrl(lessonId)}?v=${version}`} target="_blank" rel="noopener">
              Word timings (WebVTT)
            </Anchor>
            {done && <DoneAlert icon={<IconCheck />}>{done}</DoneAlert>}
            <UploadRow
              key={`track-${lessonId}`}
              label="New track (WebM, Ogg or MP3)"
              accept={AUDIO_ACCEPT}
              what="track"
              lessonId={lessonId}
              onReplaced={onReplaced}
              onStart={() => setDone(null)}
            />
            <UploadRow
              key={`timings-${lessonId}`}
              label="New word timings (.vtt)"
              accept=".vtt,text/vtt"
              what="timings"
              lessonId={lessonId}
              onReplaced={onReplaced}
              onStart={() => setDone(null)}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
