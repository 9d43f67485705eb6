import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { staticMarkup } from "../static-markup.tsx";
import MediaPlayer from "./media-player.tsx";
import type { VideoPlayerProps } from "./video-player.tsx";

// The elements' definitions need a browser; the markup React writes for them does not.
vi.mock("./media-chrome.ts", () => ({}));

/** The player as React first draws it (media-chrome's elements fill themselves in later). */
function player(props: Partial<VideoPlayerProps> = {}) {
  return staticMarkup(
    <MemoryRouter>
      <MediaPlayer
        title="The water cycle"
        sources={[{ path: "/media/v.mp4", type: "video/mp4" }]}
        {...props}
      />
    </MemoryRouter>,
  );
}

describe("MediaPlayer", () => {
  it("plays its sources in a video under media-chrome's controls, with ours named", () => {
    const html = player({ captions: "/media/v.vtt", poster: "/media/v.jpg", autoPlay: true });
    expect(html).toMatch(/<media-controller[^>]*hotkeys="noshift\+\/"/);
    expect(html).toMatch(/<video[^>]*slot="media"[^>]*aria-label="The water cycle"/);
    expect(html).toContain('poster="/media/v.jpg"');
    expect(html).toContain('<source src="/media/v.mp4" type="video/mp4"/>');
    expect(html).toContain(
      '<track kind="captions" src="/media/v.vtt" srcLang="en" label="English" default=""/>',
    );
    for (const element of ["play-button", "mute-button", "fullscreen-button"])
      expect(html).toContain(`<media-${element} notooltip=""`);
    expect(html).toContain("<media-time-range");
    // The time, before anything loaded: played so far, and no length yet.
    expect(html).toMatch(/<span[^>]*>0:00<\/span>/);
    for (const label of ["Stop", "Replay", "Captions"])
      expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain('aria-pressed="true"');
  });

  it("shows View the Exam only when there is an exam", () => {
    expect(player()).not.toContain("View the Exam");
    const html = player({ quizLink: "/lessons/7/exam/1" });
    expect(html).toMatch(/<a[^>]*href="\/lessons\/7\/exam\/1"[^>]*>.*View the Exam/);
  });

  it("plays sound alone in the audio layout: no captions, no full screen", () => {
    const html = player({
      audioOnly: true,
      sources: [{ path: "/media/lessons/7/track" }],
      preload: "none",
    });
    expect(html).toMatch(/<media-controller[^>]*audio=""/);
    expect(html).toMatch(/<audio[^>]*preload="none"/);
    expect(html).toContain('<source src="/media/lessons/7/track"/>');
    expect(html).not.toContain("<video");
    expect(html).not.toContain('aria-label="Captions"');
    expect(html).not.toContain("media-fullscreen-button");
  });

  it("has no captions control without captions", () => {
    const html = player();
    expect(html).not.toContain("<track");
    expect(html).not.toContain('aria-label="Captions"');
  });
});
