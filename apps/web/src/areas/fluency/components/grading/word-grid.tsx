import { VisuallyHidden } from "@mantine/core";
import {
  Fragment,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useEffect,
  useId,
  useState,
} from "react";
import classes from "./word-grid.module.css";
import { type WordCommand, type WordLines, wordKeyCommand } from "./word-keys.ts";

export interface LessonWord {
  id: number;
  text: string;
  line: number;
}

/** What the screen reader hears of a word, and what tests find it by. */
export const wordLabel = (
  word: LessonWord,
  index: number,
  count: number,
  missed: boolean,
  last: boolean,
) =>
  `word ${index + 1} of ${count}: ${word.text}${missed ? ", missed" : ""}${last ? ", last word read" : ""}`;

interface WordProps {
  word: LessonWord;
  index: number;
  count: number;
  cellId: string;
  missed: boolean;
  last: boolean;
  active: boolean;
  missedClass: string;
}

/**
 * One word, memoized on plain values: a toggle re-renders only the word it changes (and a move
 * only the two words the ring leaves and reaches), so a long passage stays quick (bench/grading.ts).
 */
const Word = memo(function Word({
  word,
  index,
  count,
  cellId,
  missed,
  last,
  active,
  missedClass,
}: WordProps) {
  const className = [
    classes.word,
    missed && missedClass,
    last && classes.last,
    active && classes.active,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the grid holds the focus (aria-activedescendant).
    // biome-ignore lint/a11y/useSemanticElements: a word of running text, not a table cell.
    <span
      id={cellId}
      role="gridcell"
      data-index={index}
      aria-selected={missed}
      aria-label={wordLabel(word, index, count, missed, last)}
      className={className}
    >
      {word.text}
    </span>
  );
});

/**
 * The lesson's words as one focusable grid (a row per line): the focus stays on the grid and
 * `aria-activedescendant` names the word the keys act on, so Tab passes the whole passage in
 * one step. A click acts on the clicked word; `onCommand` answers with what to announce.
 */
export function WordGrid({
  words,
  lines,
  missed,
  lastWordId,
  missedStyle,
  editable,
  onCommand,
}: {
  words: readonly LessonWord[];
  lines: WordLines;
  missed: ReadonlySet<number>;
  lastWordId: number | null;
  missedStyle: "cold" | "hot";
  editable: boolean;
  onCommand: (command: WordCommand, index: number) => string | null;
}) {
  const gridId = useId();
  const [activeIndex, setActiveIndex] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const cellId = (index: number) => `${gridId}-word-${index}`;

  // The focus stays on the grid: the browser does not scroll the active word into view itself.
  useEffect(() => {
    document.getElementById(`${gridId}-word-${activeIndex}`)?.scrollIntoView?.({
      block: "nearest",
    });
  }, [gridId, activeIndex]);

  function run(command: WordCommand, index: number) {
    if (command.type === "move") {
      setActiveIndex(command.index);
      return;
    }
    const said = onCommand(command, index);
    if (said) setAnnouncement(said);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const command = wordKeyCommand(event, activeIndex, words.length, lines);
    if (!command) return;
    event.preventDefault();
    run(command, activeIndex);
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
    if (!cell) return;
    const index = Number(cell.dataset.index);
    setActiveIndex(index);
    // Alt-click, or Command-click on a Mac, marks where the reading stopped (§4).
    run(event.altKey || event.metaKey ? { type: "lastWord" } : { type: "toggle" }, index);
  }

  const missedClass = classes[missedStyle] ?? "";
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a grid of words, not a table of data; the keys are the grid pattern's. */}
      <div
        role="grid"
        tabIndex={0}
        aria-label={editable ? "Lesson words: mark the missed words" : "Lesson words"}
        aria-readonly={!editable}
        aria-activedescendant={words.length > 0 ? cellId(activeIndex) : undefined}
        className={`${classes.grid} ${editable ? classes.editable : ""}`}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        {lines.map((line) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the grid holds the focus (aria-activedescendant).
          // biome-ignore lint/a11y/useSemanticElements: a line of the passage, not a table row.
          <div role="row" key={line[0]}>
            {line.map((index, place) => {
              const word = words[index];
              if (!word) return null;
              return (
                <Fragment key={word.id}>
                  {place > 0 && " "}
                  <Word
                    word={word}
                    index={index}
                    count={words.length}
                    cellId={cellId(index)}
                    missed={missed.has(word.id)}
                    last={word.id === lastWordId}
                    active={index === activeIndex}
                    missedClass={missedClass}
                  />
                </Fragment>
              );
            })}
          </div>
        ))}
      </div>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  );
}
