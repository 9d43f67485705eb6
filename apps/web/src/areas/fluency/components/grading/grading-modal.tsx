import { Modal, Tabs } from "@mantine/core";
import { CLASSIFICATIONS, type Classification, type ReadingSet } from "@refrain/domain";
import { useMemo, useRef, useState } from "react";
import { LoadError, PageLoader } from "../../../../components/page-states.tsx";
import { ShareModal } from "../share-modal.tsx";
import { ComparisonTab } from "./comparison-tab.tsx";
import { useReadingSet } from "./reading-set.ts";
import { ReadingTab } from "./reading-tab.tsx";
import { wordLines } from "./word-keys.ts";

/** The tabs of a reading set, one per reading the server sent, in the product's order. */
function GradingTabs({
  set,
  onClose,
  onGraded,
}: {
  set: ReadingSet;
  onClose: () => void;
  onGraded: () => void;
}) {
  const [tab, setTab] = useState<Classification>(set.selected);
  const [sharing, setSharing] = useState<number | null>(null);
  const panels = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => wordLines(set.words), [set.words]);
  const present = CLASSIFICATIONS.filter((classification) => set.entries[classification]);

  function show(next: string | null) {
    // A hidden tab's reading would play on unseen.
    for (const media of panels.current?.querySelectorAll("video, audio") ?? []) {
      (media as HTMLMediaElement).pause();
    }
    if (next) setTab(next as Classification);
  }

  return (
    <div ref={panels}>
      <Tabs value={tab} onChange={show}>
        <Tabs.List mb="md">
          {present.map((classification) => (
            <Tabs.Tab key={classification} value={classification}>
              {set.entries[classification]?.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {present.map((classification) => {
          const reading = set.entries[classification];
          if (!reading) return null;
          return (
            <Tabs.Panel key={classification} value={classification}>
              {classification === "stitched" ? (
                <ComparisonTab
                  comparison={reading}
                  entries={set.entries}
                  onCancel={onClose}
                  onShare={setSharing}
                />
              ) : (
                <ReadingTab
                  reading={reading}
                  words={set.words}
                  lines={lines}
                  onGraded={onGraded}
                  onShare={setSharing}
                />
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <ShareModal recordingId={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}

/**
 * The grading modal (grading spec §2 "Fluency grading modal"): the readings of one recording's
 * lesson and student, a tab each, opened on the one the server says is selected. Closed while
 * `recordingId` is null; `onGraded` after each saved grade (the page reloads its lists).
 */
export function GradingModal({
  recordingId,
  onClose,
  onGraded,
}: {
  recordingId: number | null;
  onClose: () => void;
  onGraded: () => void;
}) {
  const set = useReadingSet(recordingId);
  const selected = set.data?.entries[set.data.selected];
  return (
    <Modal
      opened={recordingId !== null}
      onClose={onClose}
      size="xl"
      title={
        selected ? `${selected.firstname} ${selected.lastname}: ${selected.lesson_title}` : "Grade"
      }
    >
      {set.isPending ? (
        <PageLoader />
      ) : set.isError ? (
        <LoadError error={set.error} />
      ) : (
        // A new recording opens afresh: its tab, its grades, nothing of the last one's marks.
        <GradingTabs key={set.data.id} set={set.data} onClose={onClose} onGraded={onGraded} />
      )}
    </Modal>
  );
}
