import { Title } from "@mantine/core";
import type { TutorVideo } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { TutorCarousel } from "./tutor-carousel.tsx";

const videos: TutorVideo[] = ["Ants", "Turtle", "Beaver"].map((title, index) => ({
  id: `v${index}`,
  title,
  thumbnail: index === 2 ? null : `/media/tutor-videos/v${index}/thumbnail.jpg`,
  videos:
    index === 2 ? [] : [{ type: "video/mp4", path: `/media/tutor-videos/v${index}/video.mp4` }],
  captions: index === 2 ? null : `/media/tutor-videos/v${index}/captions.vtt`,
  readyIn: index === 2 ? 150 : null,
}));

const html = staticMarkup(
  <TutorCarousel videos={videos} heading={<Title id="h">Tutor videos</Title>} headingId="h" />,
);

describe("TutorCarousel", () => {
  it("is a carousel named by its heading, one slide per video", () => {
    expect(html).toMatch(/<section[^>]*aria-roledescription="carousel"[^>]*aria-labelledby="h"/);
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="2 of 3"');
  });

  it("starts playing, with the button to pause it first", () => {
    expect(html).toContain("Pause slideshow");
    expect(html.indexOf("Pause slideshow")).toBeLessThan(html.indexOf("Play video: Ants"));
  });

  it("plays the made videos and says the others are being prepared, and when they will be ready", () => {
    expect(html).toContain('aria-label="Play video: Ants"');
    expect(html).toContain('aria-label="Play video: Turtle"');
    expect(html).not.toContain('aria-label="Play video: Beaver"');
    expect(html).toContain("This video is being prepared");
    expect(html).toContain("It should be ready in about 3 minutes.");
  });

  it("has a dot per video, the first one current, and previous and next", () => {
    for (const title of ["Ants", "Turtle", "Beaver"])
      expect(html).toContain(`aria-label="Show ${title}"`);
    expect(html).toMatch(/<button[^>]*aria-label="Show Ants" aria-current="true"/);
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Previous video"');
    expect(html).toContain('aria-label="Next video"');
  });
});
