import { Tooltip, VisuallyHidden } from "@mantine/core";
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

/** What a word shows of the reading's suggestion (issue 20), beside the teacher's marks. */
export interface WordSuggestion {
  /** The suggested miss, in words ("Suggested: Skipped, about 90% likely"), or null. */
  miss: string | null;
  /** The mark came from an accepted suggestion. */
  accepted: boolean;
  /** The suggested last word read. */
  last: boolean;
}

const NO_SUGGESTION: WordSuggestion = { miss: null, accepted: false, last: false };

/** What the screen reader hears of a word, and what tests find it by. */
export const wordLabel = (
  word: LessonWord,
  index: number,
  count: number,
  missed: boolean,
  last: boolean,
  suggestion: WordSuggestion = NO_SUGGESTION,
) =>
  [
    `word ${index + 1} of ${count}: ${word.text}`,
    missed && (suggestion.accepted ? "missed (accepted suggestion)" : "missed"),
    last && "last word read",
    suggestion.miss,
    suggestion.last && "suggested last word read",
  ]
    .filter(Boolean)
    .join(", ");

interface WordProps {
  word: LessonWord;
  index: number;
  count: number;
  cellId: string;
  missed: boolean;
  last: boolean;
  active: boolean;
  missedClass: string;
  suggestedMiss: string | null;
  accepted: boolean;
  suggestedLast: boolean;
  /** The suggestion's tooltip is open: hovered, or the active word of the focused grid. */
  tip: boolean;
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
  suggestedMiss,
  accepted,
  suggestedLast,
  tip,
}: WordProps) {
  const className = [
    classes.word,
    missed && missedClass,
    last && classes.last,
    active && classes.active,
    suggestedMiss && classes.suggested,
    missed && accepted && classes.accepted,
    suggestedLast && classes.suggestedLast,
  ]
    .filter(Boolean)
    .join(" ");
  const suggestion = { miss: suggestedMiss, accepted, last: suggestedLast };
  const cell = (
    // biome-ignore lint/a11y/useFocusableInteractive: the grid holds the focus (aria-activedescendant).
    // biome-ignore lint/a11y/useSemanticElements: a word of running text, not a table cell.
    <span
      id={cellId}
      role="gridcell"
      data-index={index}
      aria-selected={missed}
      aria-label={wordLabel(word, index, count, missed, last, suggestion)}
      className={className}
    >
      {word.text}
    </span>
  );
  if (!suggestedMiss) return cell;
  return (
    <Tooltip label={suggestedMiss} opened={tip} withArrow position="top">
      {cell}
    </Tooltip>
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
  suggestionOf,
  onCommand,
}: {
  words: readonly LessonWord[];
  lines: WordLines;
  missed: ReadonlySet<number>;
  lastWordId: number | null;
  missedStyle: "cold" | "hot";
  editable: boolean;
  /** What each word shows of the reading's suggestion, by lesson word id. */
  suggestionOf: (wordId: number) => WordSuggestion;
  onCommand: (command: WordCommand, index: number) => string | null;
}) {
  const gridId = useId();
  const [activeIndex, setActiveIndex] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const [hoverIndex, setHoverIndex] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
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
    // A click also plays the reading from the word, so the teacher hears what they mark.
    run({ type: "seek" }, index);
    // Alt-click, or Command-click on a Mac, marks where the reading stopped (§4).
    run(event.altKey || event.metaKey ? { type: "lastWord" } : { type: "toggle" }, index);
  }

  function onMouseOver(event: MouseEvent<HTMLDivElement>) {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
    setHoverIndex(cell ? Number(cell.dataset.index) : null);
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
        onMouseOver={onMouseOver}
        onMouseLeave={() => setHoverIndex(null)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        {lines.map((line) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the grid holds the focus (aria-activedescendant).
          // biome-ignore lint/a11y/useSemanticElements: a line of the passage, not a table row.
          <div role="row" key={line[0]}>
            {line.map((index, place) => {
              const word = words[index];
              if (!word) return null;
              const suggestion = suggestionOf(word.id);
              const active = index === activeIndex;
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
                    active={active}
                    missedClass={missedClass}
                    suggestedMiss={suggestion.miss}
                    accepted={suggestion.accepted}
                    suggestedLast={suggestion.last}
                    tip={hoverIndex === index || (focused && active)}
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
