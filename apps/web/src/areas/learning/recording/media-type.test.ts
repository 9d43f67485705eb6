import { describe, expect, it } from "vitest";
import { containerOf, recorderType } from "./media-type.ts";

describe("recorderType", () => {
  it("prefers MP4 with H.264 and AAC, as Safari and iPads record", () => {
    expect(recorderType(false, () => true)).toBe("video/mp4;codecs=avc1,mp4a.40.2");
    expect(recorderType(true, () => true)).toBe("audio/mp4");
  });

  it("falls back to WebM where MP4 is not recorded (Chromium before MP4)", () => {
    const webmOnly = (type: string) => type.startsWith("video/webm") || type === "audio/webm";
    expect(recorderType(false, webmOnly)).toBe("video/webm;codecs=vp9,opus");
    expect(recorderType(true, webmOnly)).toBe("audio/webm");
    expect(recorderType(false, (type) => type === "video/webm")).toBe("video/webm");
  });

  it("says so when the browser records none of them", () => {
    expect(recorderType(false, () => false)).toBeUndefined();
    expect(recorderType(true, (type) => type.startsWith("video/"))).toBeUndefined();
  });
});

describe("containerOf", () => {
  it("drops the codecs, leaving a type the server accepts", () => {
    expect(containerOf("video/webm;codecs=vp9,opus")).toBe("video/webm");
    expect(containerOf("audio/mp4")).toBe("audio/mp4");
  });
});
