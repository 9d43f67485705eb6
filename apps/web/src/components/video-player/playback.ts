/**
 * What the player does to its media element, apart from React and media-chrome so it can be
 * tested on its own.
 */

/** A media file: its path and, where known, its MIME type (the browser skips types it cannot play). */
export interface MediaSource {
  path: string;
  type?: string;
}

/** The part of a media element that stop and replay use. */
type Playable = Pick<HTMLMediaElement, "pause" | "play" | "currentTime">;

/** Stop: paused, and back at the start (the spec's player has stop apart from pause). */
export function stop(media: Playable) {
  media.pause();
  media.currentTime = 0;
}

/**
 * Replay: from the start again. A refused play (the file cannot load, or the browser wants a
 * gesture first) leaves the play button showing "play", which says enough.
 */
export function replay(media: Playable) {
  media.currentTime = 0;
  void media.play().catch(() => undefined);
}

/** Whether any captions track of the media is being shown. */
export function captionsShowing(tracks: Iterable<Pick<TextTrack, "kind" | "mode">>): boolean {
  for (const track of tracks)
    if (track.kind === "captions" && track.mode === "showing") return true;
  return false;
}

/** Shows or hides every captions track (the player gives at most one). */
export function showCaptions(tracks: Iterable<Pick<TextTrack, "kind" | "mode">>, show: boolean) {
  for (const track of tracks)
    if (track.kind === "captions") track.mode = show ? "showing" : "hidden";
}

/**
 * A media-chrome element's shadow-root markup with the page's CSP nonce on each `<style>`: the
 * page allows `<style>` elements only with it (decision record 0008), and a style element in a
 * shadow root is no exception. A `<style>` that has attributes already is left alone.
 */
export function withStyleNonce(html: string, nonce: string): string {
  return html.replaceAll("<style>", `<style nonce="${nonce}">`);
}

/**
 * A time as players show it, m:ss or h:mm:ss; empty for a time not known yet (the length of a
 * file not loaded) or without end.
 */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "";
  const whole = Math.floor(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The key that remounts the media element when its files change (a `<source>` is read once). */
export const sourcesKey = (sources: readonly MediaSource[]) =>
  sources.map((source) => source.path).join(" ");
