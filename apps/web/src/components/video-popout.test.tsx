import { describe, expect, it } from "vitest";
import { staticMarkup } from "./static-markup.tsx";
import { VideoPopout, type VideoPopoutProps } from "./video-popout.tsx";

const sources = [{ path: "/media/tutorials/roster/video.mp4", type: "video/mp4" }];

function popout(props: Partial<VideoPopoutProps> = {}) {
  return staticMarkup(<VideoPopout title="Adding students" sources={sources} {...props} />);
}

describe("VideoPopout", () => {
  it("is a button over the thumbnail that names the video it plays", () => {
    const html = popout({ poster: "/media/thumb.jpg" });
    expect(html).toMatch(/<button[^>]*aria-label="Play video: Adding students"/);
    expect(html).toContain('src="/media/thumb.jpg"');
    expect(html).not.toContain("<video");
  });

  it("opens the video in a new tab when the modal is off", () => {
    const html = popout({ modal: false });
    expect(html).toMatch(
      /<a[^>]*href="\/media\/tutorials\/roster\/video.mp4"[^>]*target="_blank"[^>]*aria-label="Play video: Adding students \(opens in a new tab\)"/,
    );
    expect(html).not.toContain("<button");
  });

  it("says the video is being prepared, with nothing to press", () => {
    const html = popout({ sources: [], preparing: true });
    expect(html).toContain("This video is being prepared");
    expect(html).toContain('role="status"');
    expect(html).not.toContain("<button");
    expect(html).not.toContain("<a ");
  });

  it("says so when there is no video and none is being made", () => {
    const html = popout({ sources: [] });
    expect(html).toContain("This video is not available yet");
    expect(html).not.toContain("<button");
  });
});
