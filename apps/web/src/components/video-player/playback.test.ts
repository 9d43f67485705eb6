import { describe, expect, it, vi } from "vitest";
import {
  captionsShowing,
  clock,
  replay,
  showCaptions,
  sourcesKey,
  stop,
  withStyleNonce,
} from "./playback.ts";

function fakeMedia(at: number) {
  return { currentTime: at, pause: vi.fn(), play: vi.fn(() => Promise.resolve()) };
}

describe("the player's playback", () => {
  it("stops: paused and back at the start", () => {
    const media = fakeMedia(42);
    stop(media);
    expect(media.pause).toHaveBeenCalledOnce();
    expect(media.currentTime).toBe(0);
  });

  it("replays from the start, and a refused play is no error", async () => {
    const media = fakeMedia(42);
    replay(media);
    expect(media.currentTime).toBe(0);
    expect(media.play).toHaveBeenCalledOnce();
    const refused = { ...fakeMedia(3), play: vi.fn(() => Promise.reject(new Error("no"))) };
    replay(refused);
    await Promise.resolve();
    expect(refused.currentTime).toBe(0);
  });

  it("shows and hides the captions tracks only, and tells whether any is shown", () => {
    const tracks: Pick<TextTrack, "kind" | "mode">[] = [
      { kind: "captions", mode: "showing" },
      { kind: "metadata", mode: "hidden" },
    ];
    expect(captionsShowing(tracks)).toBe(true);
    showCaptions(tracks, false);
    expect(tracks.map((track) => track.mode)).toEqual(["hidden", "hidden"]);
    expect(captionsShowing(tracks)).toBe(false);
    showCaptions(tracks, true);
    expect(tracks.map((track) => track.mode)).toEqual(["showing", "hidden"]);
    expect(captionsShowing([{ kind: "subtitles", mode: "showing" }])).toBe(false);
  });

  it("puts the page's nonce on each plain <style> of a shadow root's markup", () => {
    const html = `<style>:host{}</style><slot></slot><template><style>p{}</style></template>`;
    expect(withStyleNonce(html, "n0nce")).toBe(
      `<style nonce="n0nce">:host{}</style><slot></slot><template><style nonce="n0nce">p{}</style></template>`,
    );
    // Applied twice (an element drawing with its parent's template), still one nonce each.
    expect(withStyleNonce(withStyleNonce(html, "n0nce"), "n0nce")).toBe(
      withStyleNonce(html, "n0nce"),
    );
  });

  it("shows times as m:ss, h:mm:ss past an hour, and nothing for a time not known", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(9.7)).toBe("0:09");
    expect(clock(75)).toBe("1:15");
    expect(clock(3725)).toBe("1:02:05");
    expect(clock(Number.NaN)).toBe("");
    expect(clock(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("keys the media element by its files, so new files make a new element", () => {
    expect(sourcesKey([{ path: "/a.mp4", type: "video/mp4" }, { path: "/a.webm" }])).toBe(
      "/a.mp4 /a.webm",
    );
  });
});
