import { Alert, Button, Group } from "@mantine/core";
import {
  IconAlertCircle,
  IconBadgeCc,
  IconBadgeCcFilled,
  IconClipboardCheck,
  IconPlayerStopFilled,
  IconRotateClockwise,
} from "@tabler/icons-react";
import { type ReactNode, useEffect, useImperativeHandle, useState } from "react";
import { Link } from "react-router";
import "./media-chrome.ts";
import { captionsShowing, clock, replay, showCaptions, sourcesKey, stop } from "./playback.ts";
import classes from "./video-player.module.css";
import type { VideoPlayerProps } from "./video-player.tsx";

/** The player itself, with media-chrome loaded (video-player.tsx shows it once it is). */
export default function MediaPlayer({
  title,
  sources,
  captions,
  poster,
  autoPlay = false,
  quizLink,
  onEnded,
  audioOnly = false,
  preload,
  ref,
}: VideoPlayerProps) {
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  const key = sourcesKey(sources);
  // Which files failed: other files are another video, which gets its own chance.
  const [failedKey, setFailedKey] = useState<string | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      pause: () => media?.pause(),
      stop: () => {
        if (media) stop(media);
      },
    }),
    [media],
  );

  // The browser gives up on the media once the last source failed.
  const sourceElements = sources.map((source, index) => (
    <source
      key={source.path}
      src={source.path}
      type={source.type || undefined}
      onError={index === sources.length - 1 ? () => setFailedKey(key) : undefined}
    />
  ));
  const mediaProps = {
    ref: setMedia,
    slot: "media",
    preload,
    autoPlay,
    onEnded,
    "aria-label": title,
  };

  return (
    <div className={classes.player}>
      <div className={classes.frame} ref={withoutContextMenu}>
        <media-controller
          className={audioOnly ? classes.audio : classes.video}
          audio={audioOnly || undefined}
          hotkeys="noshift+/"
        >
          {audioOnly ? (
            // No captions for sound alone: the song's words are on the page it plays on.
            <audio key={key} {...mediaProps}>
              {sourceElements}
            </audio>
          ) : (
            <video
              key={key}
              {...mediaProps}
              poster={poster ?? undefined}
              playsInline
              disablePictureInPicture
              controlsList="nodownload"
            >
              {sourceElements}
              {captions && (
                <track kind="captions" src={captions} srcLang="en" label="English" default />
              )}
            </video>
          )}
          {/* No tooltips on media-chrome's buttons: their text (both "Play" and "Pause", one
              hidden) is not their name, which axe reads as a name that leaves out what they
              show (label-content-name-mismatch); our own buttons have none either. */}
          <media-control-bar className={classes.bar}>
            <media-play-button notooltip />
            <ControlButton label="Stop" onClick={() => media && stop(media)}>
              <IconPlayerStopFilled aria-hidden />
            </ControlButton>
            <ControlButton label="Replay" onClick={() => media && replay(media)}>
              <IconRotateClockwise aria-hidden />
            </ControlButton>
            <media-time-range />
            <TimeDisplay media={media} />
            <media-mute-button notooltip />
            {captions && !audioOnly && <CaptionsButton media={media} />}
            {!audioOnly && <media-fullscreen-button notooltip />}
          </media-control-bar>
        </media-controller>
      </div>
      {failedKey === key && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {title} could not be played. Try again later.
        </Alert>
      )}
      {quizLink && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={quizLink}
            variant="light"
            leftSection={<IconClipboardCheck size={18} aria-hidden />}
          >
            View the Exam
          </Button>
        </Group>
      )}
    </div>
  );
}

/**
 * The context menu would offer to save the file or to loop it: turned off, as the spec says,
 * over the controls too (the video sits under media-chrome's gesture layer).
 */
function withoutContextMenu(frame: HTMLDivElement | null) {
  if (!frame) return;
  const refuse = (event: MouseEvent) => event.preventDefault();
  frame.addEventListener("contextmenu", refuse);
  return () => frame.removeEventListener("contextmenu", refuse);
}

/**
 * Space and Enter press the button itself: on their way up to media-chrome's controller, Space's
 * keydown would be cancelled (so the button is never pressed) and its release would play or
 * pause instead.
 */
function keepPressKeys(button: HTMLButtonElement | null) {
  if (!button) return;
  const stopAtButton = (event: KeyboardEvent) => {
    if (event.key === " " || event.key === "Enter") event.stopPropagation();
  };
  button.addEventListener("keydown", stopAtButton);
  button.addEventListener("keyup", stopAtButton);
  return () => {
    button.removeEventListener("keydown", stopAtButton);
    button.removeEventListener("keyup", stopAtButton);
  };
}

/** One of our own controls in media-chrome's bar, looking like its buttons. */
function ControlButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      ref={keepPressKeys}
      className={classes.control}
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The media's events that move or change its time, which the display follows. */
const TIME_EVENTS = ["timeupdate", "durationchange", "loadedmetadata", "seeked", "emptied"];

/**
 * The time played, and of how long once known. Ours rather than media-chrome's, which is a
 * button (it toggles to the time left) named "playback time" while it shows the time, a name
 * that leaves out what it shows (axe: label-content-name-mismatch). The time range tells
 * screen readers the same as its value.
 */
function TimeDisplay({ media }: { media: HTMLMediaElement | null }) {
  const [time, setTime] = useState({ current: 0, duration: Number.NaN });
  useEffect(() => {
    if (!media) return;
    const follow = () => setTime({ current: media.currentTime, duration: media.duration });
    follow();
    for (const name of TIME_EVENTS) media.addEventListener(name, follow);
    return () => {
      for (const name of TIME_EVENTS) media.removeEventListener(name, follow);
    };
  }, [media]);
  const duration = clock(time.duration);
  return (
    <span className={classes.time}>
      {clock(time.current)}
      {duration && ` / ${duration}`}
    </span>
  );
}

/**
 * Shows and hides the captions. Ours rather than media-chrome's, whose button says its state
 * with aria-checked, which a button may not have (axe: aria-allowed-attr); C on the keyboard
 * toggles them through media-chrome, and this button follows.
 */
function CaptionsButton({ media }: { media: HTMLMediaElement | null }) {
  const [showing, setShowing] = useState(true);
  useEffect(() => {
    if (!media) return;
    const tracks = media.textTracks;
    const follow = () => setShowing(captionsShowing(tracks));
    follow();
    tracks.addEventListener("change", follow);
    tracks.addEventListener("addtrack", follow);
    return () => {
      tracks.removeEventListener("change", follow);
      tracks.removeEventListener("addtrack", follow);
    };
  }, [media]);
  return (
    <ControlButton
      label="Captions"
      pressed={showing}
      onClick={() => media && showCaptions(media.textTracks, !showing)}
    >
      {showing ? <IconBadgeCcFilled aria-hidden /> : <IconBadgeCc aria-hidden />}
    </ControlButton>
  );
}
