import { Skeleton } from "@mantine/core";
import { lazy, type Ref, Suspense } from "react";
import type { MediaSource } from "./playback.ts";

/** What the parent can do to a player it shows, e.g. pause it when its popup is hidden. */
export interface VideoPlayerHandle {
  pause(): void;
  /** Pause and back to the start. */
  stop(): void;
}

export interface VideoPlayerProps {
  /** What plays: the media's accessible name and the error's subject. */
  title: string;
  /** The files, best first: the browser plays the first whose type it can. */
  sources: readonly MediaSource[];
  /** A WebVTT file: captions shown from the start, with a button to hide them. */
  captions?: string | null;
  poster?: string | null;
  autoPlay?: boolean;
  /**
   * Where "View the Exam" leads (a page of the app); no such button without it. The spec's
   * "View the Quiz", in the word the product uses for the day 1–3 check everywhere else.
   */
  quizLink?: string;
  onEnded?: () => void;
  /** Sound only: the control bar without a picture. */
  audioOnly?: boolean;
  /**
   * How much to fetch before play (the browser's default is its own): "none" where merely
   * opening the page should not download, or make, the file.
   */
  preload?: "none" | "metadata" | "auto";
  ref?: Ref<VideoPlayerHandle>;
}

// media-chrome (about 35 KB compressed) comes in the player's own chunk, only where media plays.
const MediaPlayer = lazy(() => import("./media-player.tsx"));

/**
 * The teacher video player (classroom spec "Teacher video player"): play and pause, stop,
 * replay, mute, the progress and buffer bar, captions, the video's context menu turned off,
 * and "View the Exam" when there is one. Keyboard: Tab reaches every control; inside the player
 * Space or K plays and pauses, M mutes, C toggles captions, F fills the screen, the arrows seek.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense
      fallback={
        <Skeleton
          h={props.audioOnly ? 44 : undefined}
          style={props.audioOnly ? undefined : { aspectRatio: "16 / 9" }}
          aria-label={`Loading the player for ${props.title}`}
          role="status"
        />
      }
    >
      <MediaPlayer {...props} />
    </Suspense>
  );
}
