import { Button, Group, Paper, Stack } from "@mantine/core";
import {
  DEFAULT_READING_VIEW,
  focusedLine,
  type LessonDetail,
  type ReadingView,
} from "@refrain/domain";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { createContext, Fragment, useContext, useMemo, useState } from "react";
import classes from "./read-along.module.css";

/** The reading view the player's words are shown in; the player provides the student's. */
export const ReadingViewContext = createContext<ReadingView>(DEFAULT_READING_VIEW);

/**
 * The words by line, as the lyrics lay them out, each with its index in `words`; a line after
 * a blank one (a skipped line number) starts a stanza.
 */
export function linesOf(words: LessonDetail["words"]) {
  const lines: { line: number; stanzaStart: boolean; words: { index: number; text: string }[] }[] =
    [];
  words.forEach((word, index) => {
    const last = lines.at(-1);
    if (last && last.line === word.line) last.words.push({ index, text: word.text });
    else
      lines.push({
        line: word.line,
        stanzaStart: last !== undefined && word.line > last.line + 1,
        words: [{ index, text: word.text }],
      });
  });
  return lines;
}

/**
 * A lesson's words in the reader's view (text size, dyslexia-friendly layout, line focus), with
 * the word `current` highlighted. With line focus, the line being read stands out: the line of
 * the highlighted word while the track plays, else the one the reader moves to.
 */
export function ReadingWords({
  words,
  current,
  label,
}: {
  words: LessonDetail["words"];
  /** The highlighted word's index, or null. */
  current: number | null;
  label?: string;
}) {
  const view = useContext(ReadingViewContext);
  const lines = useMemo(() => linesOf(words), [words]);
  const lineOfWord = useMemo(
    () => new Map(lines.flatMap((line, i) => line.words.map((w) => [w.index, i] as const))),
    [lines],
  );
  const [chosen, setChosen] = useState(0);
  const focused = view.lineFocus ? focusedLine(current, lineOfWord, chosen, lines.length) : null;
  // Moving on starts from the line in focus, which may have followed the song meanwhile.
  const move = (by: number) =>
    setChosen(Math.min(Math.max((focused ?? 0) + by, 0), lines.length - 1));

  return (
    <Stack gap="sm">
      {view.lineFocus && (
        <Group gap="sm">
          <Button variant="default" leftSection={<IconArrowUp />} onClick={() => move(-1)}>
            Line before
          </Button>
          <Button variant="default" leftSection={<IconArrowDown />} onClick={() => move(1)}>
            Next line
          </Button>
        </Group>
      )}
      <Paper
        withBorder
        p="lg"
        className={classes.words}
        aria-label={label}
        aria-live="off"
        data-size={view.textSize}
        data-dyslexia={view.dyslexiaFriendly || undefined}
        data-line-focus={view.lineFocus || undefined}
      >
        {lines.map((line, i) => (
          <p
            key={line.line}
            className={classes.line}
            data-stanza={line.stanzaStart || undefined}
            data-focused={i === focused || undefined}
          >
            {line.words.map((word) => (
              // The space stays outside the word, so the highlight hugs the word alone.
              <Fragment key={word.index}>
                <span
                  className={classes.word}
                  data-word={word.index}
                  data-current={word.index === current || undefined}
                >
                  {word.text}
                </span>{" "}
              </Fragment>
            ))}
          </p>
        ))}
      </Paper>
    </Stack>
  );
}
