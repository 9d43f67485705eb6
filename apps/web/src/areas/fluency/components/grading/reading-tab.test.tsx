import {
  DECLINE_TEXT,
  gradingMessages,
  type Reading,
  type SuggestionHelp,
  suggestionMessages,
} from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../../components/static-markup.tsx";
import { ComparisonTab } from "./comparison-tab.tsx";
import { type Grader, type GraderAction, graderReducer, initGrader } from "./grader.ts";
import { aReading, savedGrade } from "./grading-fixtures.ts";
import { helpQuery } from "./reading-set.ts";
import { ReadingTab } from "./reading-tab.tsx";
import { wordLines } from "./word-keys.ts";

const words = ["Lean", "on", "me", "when", "you're", "not", "strong"].map((text, i) => ({
  id: 101 + i,
  text,
  line: i < 3 ? 1 : 2,
}));

/** The tab as the browser first gets it, in the given grader state. */
function tab(reading: Reading, ...actions: GraderAction[]) {
  return tabAt(null, reading, ...actions);
}

/** The tab for a teacher whose help level is `help` (null: not loaded yet). */
function tabAt(help: SuggestionHelp | null, reading: Reading, ...actions: GraderAction[]) {
  const start: Grader = actions.reduce(graderReducer, initGrader(reading));
  const client = new QueryClient();
  if (help) client.setQueryData(helpQuery.queryKey, { success: true, data: { help } });
  return staticMarkup(
    <ReadingTab
      reading={reading}
      words={words}
      lines={wordLines(words)}
      onGraded={() => {}}
      onShare={() => {}}
      start={start}
    />,
    client,
  );
}

const submitButton = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*Submit/s)?.[0];

describe("a reading's grading tab", () => {
  it("labels every word for screen readers, the missed ones said so", () => {
    const html = tab(aReading(), { type: "toggle", wordId: 103 });
    expect(html).toContain('aria-label="word 1 of 7: Lean"');
    expect(html).toContain('aria-label="word 3 of 7: me, missed"');
    expect(html).toMatch(/role="grid"[^>]*tabindex="0"/);
    expect(html).toContain('aria-activedescendant="');
  });

  it("keeps Submit off until an expression is chosen, and says why", () => {
    const blank = tab(aReading());
    expect(submitButton(blank)).toContain("disabled");
    expect(blank).toContain(gradingMessages.expression);
    expect(blank).toContain("(Choose Score)");
    const ready = tab(aReading(), { type: "expression", score: 4 });
    expect(submitButton(ready)).not.toContain("disabled");
    expect(ready).not.toContain(gradingMessages.expression);
  });

  it("says when a video being made will be ready, or that it could not be made", () => {
    const waiting = tab(aReading({ url: null, status: "queued", ready_in_seconds: 150 }));
    expect(waiting).toContain("This video is being prepared");
    expect(waiting).toContain("It should be ready in about 3 minutes.");
    expect(waiting).not.toMatch(/<video/);
    const failed = tab(aReading({ url: null, status: "failed", ready_in_seconds: null }));
    expect(failed).toContain("This video could not be prepared");
    expect(failed).toContain("Retry");
  });

  it("shows the spec's message when the grade could not be submitted", () => {
    const html = tab(
      aReading(),
      { type: "expression", score: 4 },
      { type: "submit" },
      { type: "failed" },
    );
    expect(html).toContain(gradingMessages.submitFailed);
    expect(html).toContain('role="alert"');
    expect(submitButton(html)).toBeUndefined();
    expect(html).toContain(">Reset<");
  });

  it("views a saved grade read-only, with Create New Grade and Share with Parent", () => {
    const html = tab(aReading({ grade: savedGrade, graded_at: savedGrade.graded_at }));
    expect(html).toContain(gradingMessages.noFeedback);
    expect(html).toContain("Graded by Ms. Rivera");
    expect(html).toContain("Create New Grade");
    expect(html).toContain("Share with Parent");
    expect(html).toContain('aria-readonly="true"');
    expect(html).toContain('aria-label="word 5 of 7: you&#x27;re, missed"');
    // CWPM 88 - 2 and accuracy round(100 × 86 / 88).
    expect(html).toContain("<strong>86</strong>");
    expect(html).toContain("<strong>98%</strong>");
  });

  it("shows -- for CWPM and accuracy while WPM is not positive (lyrics only)", () => {
    const html = tab(aReading({ lyrics_only: true }));
    expect(html.match(/<strong>--<\/strong>/g)).toHaveLength(2);
    expect(html).toContain("<audio");
  });
});

describe("the comparison tab", () => {
  it("shows the lesson's WPM and cold-to-hot errors and expression, -- where ungraded", () => {
    // The player asks how long the reading is kept and who viewed it (privacy area).
    const html = staticMarkup(
      <ComparisonTab
        comparison={aReading({ id: 50, classification: "stitched", label: "Comparison" })}
        entries={{
          cold_read: aReading({ grade: savedGrade }),
          hot_read: aReading({ id: 42, classification: "hot_read" }),
        }}
        onCancel={() => {}}
        onShare={() => {}}
      />,
    );
    expect(html).toContain(">90<");
    expect(html).toContain("-2 → --");
    expect(html).toContain("4 → --");
    expect(html).toContain("Cancel");
    expect(html).toContain("Share with Parent");
  });
});

describe("a reading's suggestion in its tab (issue 20)", () => {
  const suggested = {
    status: "suggested" as const,
    engine: "pocketsphinx/1",
    adapted: false,
    missed: [
      {
        wordId: 103,
        type: "substitution" as const,
        heard: "my",
        confidence: 0.8,
        start: 1,
        end: 1.3,
      },
    ],
    timings: { 101: 0.2, 102: 0.6, 103: 1, 104: 1.5 },
    lastWordId: 104,
    wpm: 80,
    wcpm: 79,
  };

  it("shows suggested misses apart from marks, named with what was heard, and the buttons", () => {
    const html = tab(aReading({ suggestion: suggested }));
    expect(html).toContain(
      'aria-label="word 3 of 7: me, Suggested: Said another word (heard “my”), about 80% likely"',
    );
    expect(html).toContain('aria-label="word 4 of 7: when, suggested last word read"');
    expect(html).toContain("1 missed word suggested, about 79 words correct per minute.");
    expect(html).toContain("Accept suggestions");
    expect(html).toContain("Clear suggestions");
    expect(html).toContain("suggested miss");
  });

  it("shows as much as the teacher's help level: the likely misses, all, or none", () => {
    const unlikely = {
      wordId: 106,
      type: "substitution" as const,
      heard: null,
      confidence: 0.3,
      start: 2,
      end: 2.4,
    };
    const two = { ...suggested, missed: [...suggested.missed, unlikely], wcpm: 78 };
    const likely = tabAt("cautious", aReading({ suggestion: two }));
    expect(likely).toContain(
      "1 missed word suggested (1 less likely not shown), about 79 words correct per minute.",
    );
    expect(likely).toContain('aria-label="word 6 of 7: not"');
    const all = tabAt("all", aReading({ suggestion: two }));
    expect(all).toContain("2 missed words suggested, about 78 words correct per minute.");
    expect(all).toMatch(/aria-label="word 6 of 7: not, Suggested: Said another word/);
    const off = tabAt("off", aReading({ suggestion: two }));
    expect(off).toContain("Suggestions are off");
    expect(off).not.toContain("Accept suggestions");
    expect(off).not.toContain("suggested last word read");
    expect(off).not.toContain("Suggested:");
  });

  it("names an accepted mark so, and hides the suggestions once cleared", () => {
    const accepted = tab(aReading({ suggestion: suggested }), {
      type: "toggle",
      wordId: 103,
      suggested: true,
    });
    expect(accepted).toMatch(
      /aria-label="word 3 of 7: me, missed \(accepted suggestion\), Suggested/,
    );
    const cleared = tab(aReading({ suggestion: suggested }), { type: "clearSuggestions" });
    expect(cleared).toContain('aria-label="word 3 of 7: me"');
    expect(cleared).not.toContain("suggested miss");
  });

  it("says calmly when suggestions are pending, declined or failed", () => {
    const engine = "pocketsphinx/1";
    expect(tab(aReading({ suggestion: { status: "pending", engine } }))).toContain(
      suggestionMessages.pending,
    );
    const declined = tab(
      aReading({ suggestion: { status: "declined", engine, reason: DECLINE_TEXT.too_noisy } }),
    );
    expect(declined).toContain(DECLINE_TEXT.too_noisy);
    expect(declined).not.toContain("Accept suggestions");
    const failed = tab(aReading({ suggestion: { status: "failed", engine } }));
    expect(failed).toContain(suggestionMessages.failed);
    expect(failed).toContain("Try again");
  });

  it("says in view which marks were accepted suggestions, with no buttons to change them", () => {
    const grade = { ...savedGrade, acceptedWordIds: [105], lastWordSuggested: false };
    const html = tab(aReading({ grade, suggestion: suggested }));
    expect(html).toContain("1 of 2 missed words were accepted suggestions.");
    expect(html).toContain('aria-label="word 5 of 7: you&#x27;re, missed (accepted suggestion)"');
    expect(html).not.toContain("Accept suggestions");
  });
});
